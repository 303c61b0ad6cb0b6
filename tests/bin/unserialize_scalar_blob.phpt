--TEST--
zser_unserialize() of a blob holding one scalar: the same value and the same refusals as the same scalar inside a list
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
// A blob of one scalar is read without the decoder's set-up; a list of one element goes the
// whole way. Every tag byte, followed by tails that hit each form's edges (truncated, overlong,
// in range, trailing bytes), is decoded both ways: both give the same value or both fail.
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
/** [decoded, value]: throw_on_error tells a failure from a decoded false */
function decode(string $blob): array
{
    try {
        return [true, zser_unserialize($blob, ['throw_on_error' => true])];
    } catch (ZserException $e) {
        return [false, null];
    }
}
$seed = (int)(getenv('ZSER_TEST_SEED') ?: random_int(1, PHP_INT_MAX));
mt_srand($seed);
$cases = $same = 0;
foreach (range(0, 255) as $tag) {
    $random = [];
    for ($i = 0; $i < 40; $i++) {
        $random[] = random_bytes_seeded(mt_rand(0, 10));
    }
    foreach (array_merge($tails, $random) as $tail) {
        $payload = chr($tag) . $tail;
        [$okAlone, $alone] = decode("\x5A\x01" . $payload);
        [$okList, $list] = decode("\x5A\x01\x91" . $payload);
        $cases++;
        if ($okAlone === $okList &&
                (!$okList || (is_array($list) && count($list) === 1 && serialize($list[0]) === serialize($alone)))) {
            $same++;
        } else {
            echo 'differs: ', bin2hex($payload), " (ZSER_TEST_SEED=$seed)\n";
        }
    }
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
17920 cases, 0 differ
0 of 146035 values fail to round trip

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
