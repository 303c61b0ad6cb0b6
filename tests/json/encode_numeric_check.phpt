--TEST--
jsond_encode: JSON_NUMERIC_CHECK follows is_numeric_string (ints, doubles, overflow, whitespace, INF)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$values = ['0', '-0', '+1', '007', '0x1A', '0b11', '1e3', '1E-7', '.5', '5.', ' 12', '12 ', "\t\n12",
    '12abc', 'abc', '', ' ', '9223372036854775807', '9223372036854775808', '-9223372036854775808',
    '-9223372036854775809', '1e308', '1e309', '-1e400', '1e-400', '1_000', '١٢', 'NAN', 'INF',
    '0.1', '100000000000000000000', '1.0', '-0.0'];
$values[] = $values;
$values[] = array_flip(array_slice($values, 0, 20));   // numeric-looking keys stay strings
enc_check('numeric check', $values, [JSON_NUMERIC_CHECK, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION,
    JSON_NUMERIC_CHECK | JSON_FORCE_OBJECT, 0]);
?>
--EXPECT--
numeric check: ok (140 cases)
