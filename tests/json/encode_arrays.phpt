--TEST--
jsond_encode: lists and maps (holes, int and numeric-string keys, references, packed and hash arrays)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$holes = [1, 2, 3, 4];
unset($holes[1]);
$tail = [1, 2, 3];
unset($tail[2]);
$x = 5;
$refs = [&$x, 'r' => &$x];
$mixed = [0 => 'a', 1 => 'b', 'c' => 'c'];
$neg = [-1 => 'neg', 0 => 'zero'];
$outOfOrder = [1 => 'b', 0 => 'a'];
$big = [PHP_INT_MAX => 1, PHP_INT_MIN => 2];
$numeric = ['0' => 'int key', '01' => 'string key', '1.5' => 'f', ' 2' => 's', '-0' => 'z'];
$hash = ['a' => 1];
unset($hash['a']);
$hash[] = 'now a hash-backed list';
$long = range(1, 2000);
$values = [[], [1, 2, 3], $holes, $tail, $refs, $mixed, $neg, $outOfOrder, $big, $numeric, $hash,
    $long, array_fill_keys(range('a', 'z'), [1.5, null, true, false]), [[], [[]], [[], []]],
    ['' => 'empty key', "\0" => 'nul key', "\xff" => 'bad key']];
enc_check('arrays', $values, enc_flag_subsets([JSON_FORCE_OBJECT, JSON_PRETTY_PRINT,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_NUMERIC_CHECK, JSON_INVALID_UTF8_SUBSTITUTE]));
?>
--EXPECT--
arrays: ok (480 cases)
