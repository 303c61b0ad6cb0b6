--TEST--
zser_unserialize() on truncated and byte-mutated blobs of arrays: always false+one warning or a value, never anything else
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
bin_corrupt_value('list', [0, 1, -1, 63, 64, -16, -17, 255, 256, 65535, 65536, PHP_INT_MAX, PHP_INT_MIN, 1.5, -0.0, 0.1, true, false, null]);
bin_corrupt_value('map', ['a' => 1, 'b' => 'two', 7 => [3], -1 => null, '' => 'empty key', 'long' => str_repeat('x', 40)]);
bin_corrupt_value('rows', [['id' => 1, 'n' => 'a'], ['id' => 2, 'n' => 'b'], ['id' => 3, 'n' => 'a'], ['n' => 'c', 'id' => 4]]);
bin_corrupt_value('nested', [[[[]]], [1, [2, [3, ['k' => [4]]]]], array_fill(0, 17, 0)]);
?>
--EXPECT--
list truncate: ok
list bytes: ok
map truncate: ok
map bytes: ok
rows truncate: ok
rows bytes: ok
nested truncate: ok
nested bytes: ok
