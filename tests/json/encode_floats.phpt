--TEST--
jsond_encode: doubles under every serialize_precision, PRESERVE_ZERO_FRACTION, -0.0, exponent thresholds
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
mt_srand(42);
$values = [0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.1 + 0.2, 1/3, 2/3, M_PI, 100.0, 1e15, 1e16, 1e17,
    1e18, 1e21, 1e22, 1e25, 1.5e300, 1.7976931348623157e308, 2.2250738585072014e-308,
    2.2250738585072009e-308, 5e-324, 1e-4, 1e-5, 0.00012345, 0.000012345, 123456789012345678.0,
    9007199254740993.0, 4.35, 0.5, 1.25e-7, -1.5e-10, 12345678901234567890.0];
for ($e = -30; $e <= 30; $e++) {
    $values[] = 1.5 * 10 ** $e;
    $values[] = 10.0 ** $e;
}
for ($i = 0; $i < 300; $i++) {
    $values[] = unpack('e', pack('VV', mt_rand(0, 0x7fffffff) * 2 + mt_rand(0, 1), mt_rand(0, 0x7fefffff)))[1];
    $values[] = mt_rand(-99999999, 99999999) / 10 ** mt_rand(0, 12);
}
$values[] = $values;  // all of them inside one array too
foreach ([-1, 0, 1, 2, 5, 10, 14, 15, 16, 17, 18, 20, 25, 40, 100] as $p) {
    ini_set('serialize_precision', (string)$p);
    enc_check("serialize_precision $p", $values, [0, JSON_PRESERVE_ZERO_FRACTION, JSON_NUMERIC_CHECK]);
}
// Numeric strings that NUMERIC_CHECK turns into doubles go through the same formatter.
ini_set('serialize_precision', '-1');
enc_check('numeric strings', [['1e3', '0.1', '-0.0', '1e400', '.5', '1.5e-7', '123456789012345678901']],
    [JSON_NUMERIC_CHECK, JSON_NUMERIC_CHECK | JSON_PRESERVE_ZERO_FRACTION]);
?>
--EXPECT--
serialize_precision -1: ok (2271 cases)
serialize_precision 0: ok (2271 cases)
serialize_precision 1: ok (2271 cases)
serialize_precision 2: ok (2271 cases)
serialize_precision 5: ok (2271 cases)
serialize_precision 10: ok (2271 cases)
serialize_precision 14: ok (2271 cases)
serialize_precision 15: ok (2271 cases)
serialize_precision 16: ok (2271 cases)
serialize_precision 17: ok (2271 cases)
serialize_precision 18: ok (2271 cases)
serialize_precision 20: ok (2271 cases)
serialize_precision 25: ok (2271 cases)
serialize_precision 40: ok (2271 cases)
serialize_precision 100: ok (2271 cases)
numeric strings: ok (2 cases)
