<?php
/* zser — SPDX-License-Identifier: MIT
 * Run by tests/capi/run.sh with zser and zser_capi_demo loaded: the C API gives exactly what
 * zser_serialize()/zser_unserialize() give, and fails the same way. Prints "ok" lines. */
enum Mode: string
{
    case On = 'on';
}

$o = new stdClass();
$o->self = $o;
$values = [null, true, 42, -0.0, "bin\0\xff", [1, 2, 3], ['k' => [Mode::On, $o]], $o];
$same = true;
foreach ($values as $v) {
    $bytes = zser_capi_demo_pack($v);
    $same = $same && $bytes === zser_serialize($v)
        && serialize(zser_capi_demo_unpack($bytes)) === serialize(zser_unserialize($bytes));
}
echo $same ? "ok pack/unpack match zser_serialize/zser_unserialize\n" : "FAIL pack/unpack differ\n";

// appended after bytes already in the caller's buffer, from a few bytes to past the first MB,
// with a back-reference (its header flag) in the largest
$big = array_map(fn($i) => str_repeat(chr(65 + $i % 26), 40) . $i, range(0, 30000));
$big[] = &$big[7];
$appended = true;
foreach ([[1, 2], $values, $big] as $v) {
    foreach (['', 'HDR:', str_repeat('p', 5000)] as $prefix) {
        $appended = $appended && zser_capi_demo_pack_after($prefix, $v) === $prefix . zser_serialize($v);
    }
}
echo $appended ? "ok appended after a prefix: the prefix and zser_serialize()'s bytes\n"
    : "FAIL appended output differs\n";

$warned = false;
set_error_handler(function ($no) use (&$warned) {
    $warned = $no === E_WARNING;
    return true;
});
$bad = zser_capi_demo_unpack("Z\x01");
restore_error_handler();
echo $bad === false && $warned ? "ok truncated input: false and a warning\n" : "FAIL truncated input\n";

try {
    zser_capi_demo_pack(fn() => 1);
    echo "FAIL closure accepted\n";
} catch (Exception $e) {
    echo "ok closure refused: ", $e->getMessage(), "\n";
}
