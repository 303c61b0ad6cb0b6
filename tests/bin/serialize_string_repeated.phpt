--TEST--
zser round trip of repeated strings (values, keys, values equal to keys) and of many distinct strings
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$rows = [];
for ($i = 0; $i < 50; $i++) {
    $rows[] = ['name' => 'name', 'city' => 'Paris', 'tag' => $i % 2 ? 'odd' : 'even', 'odd' => 'tag'];
}
bin_same($rows, 'repeated keys and values');
bin_same(['a' => 'a', 'b' => ['a' => 'b', 'b' => 'a'], 'c' => 'a'], 'values equal to keys');
bin_same(array_fill(0, 100, ''), 'empty string repeated');
bin_same(['' => '', 'x' => ['' => '']], 'empty key');
// Enough distinct strings to push any string-table index past one, two and three bytes.
$many = [];
for ($i = 0; $i < 70000; $i++) {
    $many[] = 's' . $i;
}
$many[] = 's0';
$many[] = 's69999';
$many[] = 's128';
$many[] = 's16384';
$r = zser_unserialize(zser_serialize($many));
var_dump($r === $many);
$keys = array_flip($many);
$r = zser_unserialize(zser_serialize([$keys, $many]));
var_dump($r === [$keys, $many]);
// A string that is also used as an array key and as a property name.
$o = new stdClass;
$o->shared = 'shared';
bin_same(['shared' => $o, 'x' => 'shared'], 'key, property name and value');
?>
--EXPECT--
repeated keys and values: ok
values equal to keys: ok
empty string repeated: ok
empty key: ok
bool(true)
bool(true)
key, property name and value: ok
