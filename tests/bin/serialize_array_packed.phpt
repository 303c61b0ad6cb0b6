--TEST--
zser round trip of lists and packed arrays: empty, nested, with holes, unordered, not starting at 0
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$holes = [0 => 'a', 1 => 'b', 5 => 'c'];
$unset = [1, 2, 3, 4];
unset($unset[1]);
$reordered = [1 => 'b', 0 => 'a'];
$popped = [1, 2, 3];
array_pop($popped);
$shifted = [1, 2, 3];
unset($shifted[0]);
bin_same_all([
    'empty' => [],
    'one' => [1],
    'list' => [1, 'two', 3.0, null, true],
    'nested' => [[], [[]], [[], [1, [2, [3]]]]],
    'holes' => $holes,
    'unset middle' => $unset,
    'reordered' => $reordered,
    'popped' => $popped,
    'starts at 1' => $shifted,
    'range' => range(0, 999),
    'array_fill 10000' => array_fill(0, 10000, 7),
    'array_fill at 5' => array_fill(5, 10, 'x'),
    'negative start' => array_fill(-3, 5, 0),
    'list of lists' => array_fill(0, 100, [1, 2, 3]),
]);
// Appending after the round trip continues at the same next index as with unserialize().
foreach (['holes' => $holes, 'unset middle' => $unset, 'popped' => $popped] as $label => $a) {
    $r = unserialize(serialize($a));
    $z = zser_unserialize(zser_serialize($a));
    $r[] = 'next';
    $z[] = 'next';
    echo "$label append: ", var_export(array_key_last($r) === array_key_last($z), true), "\n";
}
?>
--EXPECT--
empty: ok
one: ok
list: ok
nested: ok
holes: ok
unset middle: ok
reordered: ok
popped: ok
starts at 1: ok
range: ok
array_fill 10000: ok
array_fill at 5: ok
negative start: ok
list of lists: ok
holes append: true
unset middle append: true
popped append: true
