--TEST--
zser round trip of hash arrays: string keys, mixed keys, negative and extreme int keys, key order
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$deleted = ['a' => 1, 'b' => 2, 'c' => 3];
unset($deleted['b']);
bin_same_all([
    'string keys' => ['a' => 1, 'b' => 2],
    'mixed keys' => ['a' => 1, 0 => 'zero', 'b' => 2, 7 => 'seven', -2 => 'neg'],
    'negative keys' => [-1 => 'a', -2 => 'b', -100000 => 'c'],
    'extreme keys' => [PHP_INT_MIN => 'min', PHP_INT_MAX => 'max', 0 => 'zero'],
    'reverse order' => [3 => 'c', 2 => 'b', 1 => 'a'],
    'empty-string key' => ['' => 'empty'],
    'binary keys' => ["\0" => 1, "a\0b" => 2, "\xff" => 3],
    'deleted' => $deleted,
    'nested hashes' => ['x' => ['y' => ['z' => []]]],
    'long keys' => [str_repeat('k', 1000) => 1],
]);
$big = [];
for ($i = 0; $i < 5000; $i++) {
    $big["key$i"] = $i;
    $big[$i * 7 - 9000] = "v$i";
}
bin_same($big, '10000 mixed keys');
?>
--EXPECT--
string keys: ok
mixed keys: ok
negative keys: ok
extreme keys: ok
reverse order: ok
empty-string key: ok
binary keys: ok
deleted: ok
nested hashes: ok
long keys: ok
10000 mixed keys: ok
