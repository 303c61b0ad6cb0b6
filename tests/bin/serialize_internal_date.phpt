--TEST--
zser round trip of DateTime, DateTimeImmutable, DateTimeZone, DateInterval and DatePeriod
--EXTENSIONS--
zser
--INI--
date.timezone=UTC
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class MyDate extends DateTime
{
    public $note = 'subclass';
}
$dt = new DateTime('2024-02-29 13:14:15.123456', new DateTimeZone('Europe/Paris'));
bin_same_all([
    'DateTime, zone by name' => $dt,
    'DateTime, offset zone' => new DateTime('2000-01-01 00:00:00+05:30'),
    'DateTime, abbreviation zone' => new DateTime('2000-01-01 00:00:00 EST'),
    'DateTimeImmutable' => new DateTimeImmutable('1969-12-31 23:59:59.999999', new DateTimeZone('UTC')),
    'far dates' => [new DateTime('-1000-01-01'), new DateTime('9999-12-31 23:59:59')],
    'DateTimeZone' => [new DateTimeZone('America/New_York'), new DateTimeZone('+02:00'), new DateTimeZone('CET')],
    'DateInterval' => new DateInterval('P1Y2M3DT4H5M6S'),
    'DateInterval from diff' => (new DateTime('2020-01-01'))->diff(new DateTime('2021-03-04 05:06:07')),
    'inverted DateInterval' => (new DateTime('2021-01-01'))->diff(new DateTime('2020-01-01')),
    'DatePeriod' => new DatePeriod(new DateTime('2024-01-01'), new DateInterval('P1D'), 3),
    'DatePeriod with end' => new DatePeriod(new DateTimeImmutable('2024-01-01'), new DateInterval('PT1H'),
        new DateTimeImmutable('2024-01-02'), DatePeriod::EXCLUDE_START_DATE),
    'subclass with a property' => new MyDate('2010-10-10'),
    'shared' => [$dt, $dt],
]);
$z = zser_unserialize(zser_serialize($dt));
var_dump($z == $dt, $z->format('Y-m-d H:i:s.u e'));
?>
--EXPECT--
DateTime, zone by name: ok
DateTime, offset zone: ok
DateTime, abbreviation zone: ok
DateTimeImmutable: ok
far dates: ok
DateTimeZone: ok
DateInterval: ok
DateInterval from diff: ok
inverted DateInterval: ok
DatePeriod: ok
DatePeriod with end: ok
subclass with a property: ok
shared: ok
bool(true)
string(39) "2024-02-29 13:14:15.123456 Europe/Paris"
