--TEST--
zser round trip of many rows and objects sharing a shape, and of shapes that differ only slightly
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Row { public $id; public $name; public ?string $city = null; }
$rows = [];
$objs = [];
for ($i = 0; $i < 5000; $i++) {
    $rows[] = ['id' => $i, 'name' => "n$i", 'city' => $i % 3 ? 'Lyon' : null, 'score' => $i / 7];
    $o = new Row;
    $o->id = $i;
    $o->name = "n$i";
    $objs[] = $o;
}
bin_same($rows, 'same-key rows');
bin_same($objs, 'same-class objects');
// Near-identical shapes: different key order, one key more or less, int vs string key, types.
bin_same([
    ['a' => 1, 'b' => 2],
    ['b' => 2, 'a' => 1],
    ['a' => 1, 'b' => 2, 'c' => 3],
    ['a' => 1],
    ['a' => 1, 'b' => 2],
    [0 => 1, 'b' => 2],
    ['0' => 1, 'b' => 2],
    ['a' => '1', 'b' => 2.0],
    ['a' => [], 'b' => null],
    [],
    ['a' => 1, 'b' => 2],
], 'mixed shapes');
$dyn = [];
for ($i = 0; $i < 20; $i++) {
    $o = new stdClass;
    $o->a = $i;
    if ($i % 2) {
        $o->b = $i;
    }
    if ($i % 3 == 0) {
        $o->{"p$i"} = $i;
    }
    $dyn[] = $o;
}
bin_same($dyn, 'stdClass with varying properties');
// Rows whose buckets have holes (deleted keys) have the shape of the rows without: the same
// bytes, whether the hole is first, between keys or last, and whichever row comes first.
$plain = ['a' => 1, 'b' => 2, 'c' => 3];
$holes = [];
foreach (['first' => ['x' => 0] + $plain, 'between' => ['a' => 1, 'x' => 0, 'b' => 2, 'c' => 3],
          'last' => $plain + ['x' => 0]] as $where => $row) {
    unset($row['x']);
    $holes[$where] = $row;
}
$ok = true;
// a copy of $plain in a table of its own (a write separates it): two rows of equal keys that
// are not one shared array (FORMAT.md §9.1)
$other = $plain;
$other['a'] = 1;
foreach ($holes as $where => $row) {
    foreach ([[$plain, $row], [$row, $plain]] as $pair) {
        $ok = $ok && zser_serialize($pair) === zser_serialize([$plain, $other]);
    }
    $ok = $ok && zser_serialize([$row, $row]) === zser_serialize([$plain, $plain]);
    $near = $row;
    $near['d'] = 4;
    unset($near['c']);
    $ok = $ok && zser_unserialize(zser_serialize([$plain, $near])) === [$plain, $near];
}
echo 'rows with holes: ', $ok ? 'ok' : 'DIFFERENT', "\n";
bin_same(array_values($holes), 'rows with holes round trip');
?>
--EXPECT--
same-key rows: ok
same-class objects: ok
mixed shapes: ok
stdClass with varying properties: ok
rows with holes: ok
rows with holes round trip: ok
