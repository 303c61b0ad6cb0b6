--TEST--
zser_unserialize() of a blob holding one scalar or a short list of scalars: the same value and the same refusals as inside a larger value
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
// A blob of one scalar, or of a list of at most 16 scalars, is read without the decoder's
// set-up; inside [[], x] the same bytes go the whole way. Every tag byte, followed by tails that
// hit each form's edges (truncated, overlong, in range, trailing bytes), and lists of such
// values, are decoded both ways: both give the same value or both fail.
$tails = ['', "\x00", "\x01", "\x3f", "\x40", "\x7f", "\x80", "\xff", "\x00\x00", "\x00\x01",
    "\x01\x00", "\xff\xff", "\x00\x00\x00\x00", "\x01\x00\x00\x00", "\x00\x00\x00\x01",
    "\x00\x00\x80\x3f", "\x00\x00\xc0\x7f", str_repeat("\x00", 8), "\x01" . str_repeat("\x00", 7),
    str_repeat("\x00", 7) . "\x01", str_repeat("\xff", 7) . "\x7f", str_repeat("\xff", 8),
    "\x9a\x99\x99\x99\x99\x99\xb9\x3f", "\x00\x00\x00\x00\x00\x00\xf0\x3f", str_repeat("\x00", 9),
    'abc', str_repeat('x', 40), "\x00abc", "\x05hello", "\x05hell"];
function random_bytes_seeded(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}
/** [decoded, value, warnings]: throw_on_error tells a failure from a decoded false. Random
 * bytes sometimes make a valid object of a class that does not exist, whose decode warns as
 * unserialize() does: the warnings are compared like the values. */
function decode(string $blob): array
{
    $warnings = [];
    set_error_handler(function (int $no, string $msg) use (&$warnings) {
        $warnings[] = $msg;
        return true;
    });
    try {
        return [true, zser_unserialize($blob, ['throw_on_error' => true]), $warnings];
    } catch (ZserException $e) {
        return [false, null, $warnings];
    } finally {
        restore_error_handler();
    }
}
$seed = (int)(getenv('ZSER_TEST_SEED') ?: random_int(1, PHP_INT_MAX));
mt_srand($seed);
/** Compares the payload alone with the payload as the second element of [[], x]. */
function compare(string $payload, int $seed): bool
{
    [$okAlone, $alone, $warnAlone] = decode("\x5A\x01" . $payload);
    [$okFull, $full, $warnFull] = decode("\x5A\x01\x92\x90" . $payload);
    if ($okAlone === $okFull && $warnAlone === $warnFull &&
            (!$okFull || (is_array($full) && count($full) === 2 && serialize($full[1]) === serialize($alone)))) {
        return true;
    }
    echo 'differs: ', bin2hex($payload), " (ZSER_TEST_SEED=$seed)\n";
    return false;
}
$cases = $same = 0;
$pool = [];
foreach (range(0, 255) as $tag) {
    $random = [];
    for ($i = 0; $i < 40; $i++) {
        $random[] = random_bytes_seeded(mt_rand(0, 10));
    }
    foreach (array_merge($tails, $random) as $tail) {
        $pool[] = chr($tag) . $tail;
        $cases++;
        $same += compare(chr($tag) . $tail, $seed);
    }
}
// lists of 0 to 17 elements (FIXLIST up to 15, then LIST) of such values, and lists of
// scalars as zser_serialize() writes them, repeated strings included, some with a byte changed
$scalars = [0, 1, -1, 300, -70000, PHP_INT_MAX, PHP_INT_MIN, 0.5, 0.1, -0.0, INF, NAN, null, true,
    false, '', 'a', 'ab', 'ab', 'hello', str_repeat('z', 40)];
for ($i = 0; $i < 6000; $i++) {
    $n = mt_rand(0, 17);
    if ($i % 2) {
        $list = [];
        for ($j = 0; $j < $n; $j++) {
            $list[] = $scalars[mt_rand(0, count($scalars) - 1)];
        }
        $payload = substr(zser_serialize($list), 2);
        if ($i % 3 === 0) {
            $payload[mt_rand(0, strlen($payload) - 1)] = chr(mt_rand(0, 255));
        }
    } else {
        $payload = $n < 16 ? chr(0x90 + $n) : "\xCF" . chr($n - 16);
        for ($j = 0; $j < $n; $j++) {
            $payload .= $pool[mt_rand(0, count($pool) - 1)];
        }
    }
    $cases++;
    $same += compare($payload, $seed);
}
echo "$cases cases, ", $cases - $same, " differ\n";

// every scalar kind round trips, types and bits included
$values = [null, true, false, 0, 1, 63, 64, -1, -32, -33, 255, 256, 65535, 65536, 2 ** 31, 2 ** 32,
    PHP_INT_MAX, PHP_INT_MIN, 0.0, -0.0, 0.5, 0.1, 1e300, -INF, INF, NAN, 5e-324, '', 'a', "\0",
    str_repeat('s', 31), str_repeat('s', 32), str_repeat("\xff", 300), str_repeat('b', (2 << 20) + 3)];
for ($i = -70000; $i <= 70000; $i++) {
    $values[] = $i;
}
for ($i = 0; $i < 2000; $i++) {
    $values[] = unpack('q', random_bytes_seeded(8))[1];
    $values[] = unpack('e', random_bytes_seeded(8))[1];
    $values[] = random_bytes_seeded(mt_rand(0, 300));
}
$ok = 0;
foreach ($values as $v) {
    $back = zser_unserialize(zser_serialize($v));
    if (serialize($back) === serialize($v)) {
        $ok++;
    } else {
        echo 'round trip failed: ', bin2hex(serialize($v)), " (ZSER_TEST_SEED=$seed)\n";
    }
}
echo count($values) - $ok, " of ", count($values), " values fail to round trip\n";

// a string met again shares the first one's zend_string, as the full decode makes it
$shared = ['hello world!', 'hello world!', 'other string'];
ob_start();
debug_zval_dump(zser_unserialize(zser_serialize($shared)));
$alone = ob_get_clean();
ob_start();
debug_zval_dump(zser_unserialize(zser_serialize([[], $shared]))[1]);
echo $alone === ob_get_clean() ? "strings shared alike\n" : "strings shared otherwise\n";

// what follows the scalar, or is missing from it, is reported as before
foreach (["\x5A\x01\x05\x05", "\x5A\x01\xC4\x01", "\x5A\x01\x43ab", "\x5A\x01\xC2\x20", "\x5A\x01\xC3\x05"] as $blob) {
    var_dump(zser_unserialize($blob));
}
try {
    zser_unserialize("\x5A\x01\x05\x05", ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
23920 cases, 0 differ
0 of 146035 values fail to round trip
strings shared alike

Warning: zser_unserialize(): trailing bytes at offset 3 of 4 bytes in %s on line %d
bool(false)

Warning: zser_unserialize(): truncated input at offset 3 of 4 bytes in %s on line %d
bool(false)

Warning: zser_unserialize(): truncated input at offset 2 of 5 bytes in %s on line %d
bool(false)

Warning: zser_unserialize(): trailing bytes at offset 3 of 4 bytes in %s on line %d
bool(false)

Warning: zser_unserialize(): non-canonical integer at offset 2 of 4 bytes in %s on line %d
bool(false)
ZserException: trailing bytes at offset 3 of 4 bytes
