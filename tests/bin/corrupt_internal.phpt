--TEST--
zser_unserialize() on corrupted blobs of internal classes (SPL, Date): false+warning, a value, or the exception unserialize() throws for bad state
--EXTENSIONS--
zser
--INI--
date.timezone=UTC
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
$st = new SplObjectStorage;
$st[new stdClass] = 'data';
$dll = new SplDoublyLinkedList;
$dll->push(1);
$dll->push('two');
$fa = SplFixedArray::fromArray([1, 'x']);
bin_corrupt_value('ArrayObject', [new ArrayObject(['a' => 1]), new ArrayIterator([2])]);
bin_corrupt_value('SplObjectStorage', $st);
bin_corrupt_value('lists', [$dll, $fa, new SplQueue]);
bin_corrupt_value('DateTime', [new DateTime('2024-01-02 03:04:05', new DateTimeZone('Europe/Paris')), new DateTimeImmutable('@0')]);
bin_corrupt_value('DateInterval and DatePeriod', [new DateInterval('P1D'), new DatePeriod(new DateTime('2024-01-01'), new DateInterval('P1D'), 2)]);
?>
--EXPECT--
ArrayObject truncate: ok
ArrayObject bytes: ok
SplObjectStorage truncate: ok
SplObjectStorage bytes: ok
lists truncate: ok
lists bytes: ok
DateTime truncate: ok
DateTime bytes: ok
DateInterval and DatePeriod truncate: ok
DateInterval and DatePeriod bytes: ok
