--TEST--
zser round trip of other serializable internal objects: exceptions, heaps, priority queue, Mt19937, HashContext
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80200) die('skip Random\\Engine\\Mt19937 needs PHP 8.2'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
function make_exception() { return new RuntimeException('message', 42, new LogicException('previous')); }
$h = new SplMinHeap;
$h->insert(3);
$h->insert(1);
$pq = new SplPriorityQueue;
$pq->insert('x', 1);
$mt = new Random\Engine\Mt19937(42);
$mt->generate();
$hash = hash_init('sha256');
hash_update($hash, 'first half');
bin_same_all([
    'exception with previous' => make_exception(),
    'error' => new TypeError('type'),
    'RecursiveArrayIterator' => new RecursiveArrayIterator([[1], 2]),
    'CachingIterator' => new CachingIterator(new ArrayIterator([1, 2])),
    'heap' => $h,
    'priority queue' => $pq,
    'Mt19937 after one draw' => $mt,
    'HashContext' => $hash,
]);
// Restored state is live state: the engine and the hash continue where they stopped.
$r = unserialize(serialize([$mt, $hash]));
$z = zser_unserialize(zser_serialize([$mt, $hash]));
var_dump(bin2hex($z[0]->generate()) === bin2hex($r[0]->generate()));
hash_update($r[1], 'second half');
hash_update($z[1], 'second half');
var_dump(hash_final($z[1]) === hash_final($r[1]));
?>
--EXPECT--
exception with previous: ok
error: ok
RecursiveArrayIterator: ok
CachingIterator: ok
heap: ok
priority queue: ok
Mt19937 after one draw: ok
HashContext: ok
bool(true)
bool(true)
