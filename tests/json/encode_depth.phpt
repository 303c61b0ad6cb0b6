--TEST--
jsond_encode: depth limit semantics (checked on close, writing goes on, error code order) and odd $depth values
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$deep = [[[[['x']]]]];
$values = [1, [], [[]], $deep, ['a' => $deep, 'b' => 1], [$deep, NAN], [NAN, $deep],
    [[["\xff"]]], [[[NAN]]], [[[fopen('php://memory', 'r')]]], (object)['o' => (object)['p' => []]],
    [[[]], [[1]], []]];
$flags = [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_PRETTY_PRINT,
    JSON_FORCE_OBJECT | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_THROW_ON_ERROR];
enc_check('depth', $values, $flags, [0, 1, 2, 3, 4, 5, 6, 512, -1, -5, 2147483647, 2147483648,
    4294967297, PHP_INT_MAX, PHP_INT_MIN]);
?>
--EXPECT--
depth: ok (1080 cases)
