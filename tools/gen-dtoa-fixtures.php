<?php
// zser — SPDX-License-Identifier: MIT
//
// Writes core/tests/data/dtoa_php.txt: "<hex bits> <text>" lines where the text is what
// this PHP's json_encode() prints for the double under serialize_precision -1. Edge
// cases (powers of two and ten, their neighbours, subnormals, exponent-switch
// thresholds) and a fixed-seed random sample. Run: php tools/gen-dtoa-fixtures.php > FILE
ini_set('serialize_precision', '-1');
mt_srand(20261130);
$bits = [];
$add = function (float $d) use (&$bits) {
    if (is_nan($d) || is_infinite($d)) {
        return;
    }
    $b = bin2hex(strrev(pack('d', $d)));  // big-endian hex of the IEEE bits
    $bits[$b] = $d;
};
foreach ([0.0, -0.0, 5e-324, 1e-323, 2.2250738585072009e-308, 2.2250738585072014e-308,
        1.7976931348623157e308, 0.1, 0.2, 0.3, 0.1 + 0.2, 1/3, 2/3, M_PI, M_E] as $d) {
    $add($d);
    $add(-$d);
}
for ($e = -330; $e <= 310; $e++) {
    foreach ([1, 2, 5, 9.999999999999999, 1.5, 123456789] as $m) {
        $d = (float)"{$m}e{$e}";
        $add($d);
        $add(-$d);
    }
}
for ($e = -1074; $e <= 1023; $e += 1) {
    $add(2.0 ** $e);
}
for ($i = 0; $i < 2000; $i++) {
    $d = unpack('e', pack('VV', mt_rand(0, 0x7fffffff) * 2 + mt_rand(0, 1), mt_rand(0, 0x7fefffff)))[1];
    $add($d);
    $add(mt_rand(0, 99999999) / 10 ** mt_rand(0, 10));
}
echo "# json_encode() of PHP ", PHP_VERSION, " with serialize_precision -1\n";
foreach ($bits as $b => $d) {
    echo $b, ' ', json_encode($d), "\n";
}
