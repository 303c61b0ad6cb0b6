--TEST--
zser round trip of -0.0, INF, -INF and NAN is bit-exact and matches unserialize(serialize())
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$cases = ['0.0' => 0.0, '-0.0' => -0.0, 'INF' => INF, '-INF' => -INF, 'NAN' => NAN];
foreach ($cases as $label => $f) {
    bin_same($f, $label);
    $z = zser_unserialize(zser_serialize($f));
    $r = unserialize(serialize($f));
    echo $label, ': ', bin_float_bits($z) === bin_float_bits($f) ? 'bit-exact' : 'bits differ: ' . bin_float_bits($z),
        ', ', is_float($z) ? 'float' : get_debug_type($z),
        ', same bits as unserialize: ', var_export(bin_float_bits($z) === bin_float_bits($r), true), "\n";
}
// -0.0 keeps its sign (1/-0.0 is -INF in spirit: check the sign bit through fdiv).
var_dump(fdiv(1, zser_unserialize(zser_serialize(-0.0))));
// NaNs with other payloads or the sign bit set must still come back as NaN floats.
foreach (['fff8000000000000', '7ff0000000000001', '7ff8000000000001', 'fff0000000000001'] as $hex) {
    $n = unpack('E', hex2bin($hex))[1];
    $z = zser_unserialize(zser_serialize($n));
    echo "$hex: ", is_float($z) && is_nan($z) ? 'nan' : 'not nan', "\n";
}
bin_same([0.0, -0.0, INF, -INF, NAN, 'k' => -0.0], 'in an array');
?>
--EXPECT--
0.0: ok
0.0: bit-exact, float, same bits as unserialize: true
-0.0: ok
-0.0: bit-exact, float, same bits as unserialize: true
INF: ok
INF: bit-exact, float, same bits as unserialize: true
-INF: ok
-INF: bit-exact, float, same bits as unserialize: true
NAN: ok
NAN: bit-exact, float, same bits as unserialize: true
float(-INF)
fff8000000000000: nan
7ff0000000000001: nan
7ff8000000000001: nan
fff0000000000001: nan
in an array: ok
