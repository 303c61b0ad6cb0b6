--TEST--
zser keeps & references between array elements: same structure as unserialize(), writes go through
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$a = [1, 2];
$a[2] = &$a[0];
bin_same($a, 'two elements');

$b = ['x' => 'shared', 'list' => [0, 0]];
$b['list'][0] = &$b['x'];
$b['list'][1] = &$b['x'];
$b['y'] = &$b['x'];
bin_same($b, 'one reference set, four places, nested');

$c = [[1, 2], null];
$c[1] = &$c[0];
bin_same($c, 'reference to an array');

$d = ['p' => 1, 'q' => 2];
$d['p2'] = &$d['p'];
$d['q2'] = &$d['q'];
$d['p3'] = &$d['p'];
bin_same($d, 'two reference sets');

$many = [];
for ($i = 0; $i < 300; $i++) {
    $many[] = $i;
}
for ($i = 0; $i < 300; $i++) {
    $many[] = &$many[$i];
}
bin_same($many, '300 reference sets');

// Behaviour after the round trip: a write through one element shows in its partners, on both paths.
foreach (['reference' => unserialize(serialize($b)), 'zser' => zser_unserialize(zser_serialize($b))] as $path => $r) {
    $r['y'] = 'changed';
    echo "$path: ", json_encode([$r['x'], $r['list']]), "\n";
}
foreach (['reference' => unserialize(serialize($c)), 'zser' => zser_unserialize(zser_serialize($c))] as $path => $r) {
    $r[1][] = 3;
    echo "$path: ", json_encode($r[0]), "\n";
}
// An element that was a reference whose other end is gone is a plain value again.
$e = [1];
$tmp = &$e[0];
unset($tmp);
bin_same($e, 'dangling reference');
?>
--EXPECT--
two elements: ok
one reference set, four places, nested: ok
reference to an array: ok
two reference sets: ok
300 reference sets: ok
reference: ["changed",["changed","changed"]]
zser: ["changed",["changed","changed"]]
reference: [1,2,3]
zser: [1,2,3]
dangling reference: ok
