--TEST--
zser round trip of finite floats is bit-exact: subnormals, extremes, epsilon, fractions, random bits
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$floats = [PHP_FLOAT_EPSILON, PHP_FLOAT_MIN, PHP_FLOAT_MAX, -PHP_FLOAT_MAX, 0.1, 0.2, 0.3, 1/3, -2/3,
    1.0, -1.0, 0.5, 1e-300, 1e300, 1e22, 1e23, 123456789012345678.0, 9007199254740993.0,
    (float)PHP_INT_MAX, (float)PHP_INT_MIN, 2.0 ** 63, 2.0 ** 64, M_PI, M_E];
// Subnormals: smallest, largest, and a few between.
foreach (['0000000000000001', '000fffffffffffff', '0008000000000000', '8000000000000001', '800fffffffffffff',
          '0010000000000000', '7fefffffffffffff'] as $hex) {
    $floats[] = unpack('E', hex2bin($hex))[1];
}
mt_srand(20261130);
for ($i = 0; $i < 2000; $i++) {
    do {
        $f = unpack('E', pack('NN', mt_rand(0, 0xffffffff), mt_rand(0, 0xffffffff)))[1];
    } while (is_nan($f));
    $floats[] = $f;
}
$bad = 0;
foreach ($floats as $f) {
    $z = zser_unserialize(zser_serialize($f));
    $r = unserialize(serialize($f));
    if (!is_float($z) || bin_float_bits($z) !== bin_float_bits($f) || bin_float_bits($z) !== bin_float_bits($r)) {
        if (++$bad < 10) {
            echo 'float ', bin_float_bits($f), ' came back as ', is_float($z) ? bin_float_bits($z) : get_debug_type($z), "\n";
        }
    }
}
echo "bit-exact floats: $bad bad\n";
bin_same(array_slice($floats, 0, 200), 'array of floats');
bin_same(['eps' => PHP_FLOAT_EPSILON, 'sub' => 5e-324, 'max' => PHP_FLOAT_MAX], 'named');
?>
--EXPECT--
bit-exact floats: 0 bad
array of floats: ok
named: ok
