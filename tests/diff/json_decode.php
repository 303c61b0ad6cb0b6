<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of jsond_decode()/jsond_validate() against json_decode(): seeded random
// JSON texts (valid ones, then mutated by truncation, flipped, inserted and deleted bytes),
// decoded by both with many assoc/depth/flag combinations. Compared exactly: serialize() of
// the values (int vs float, -0.0, object vs array, float bits), the last-error code and
// message, exceptions (class, code, message) and what the last-error state holds afterwards.
// Replay a failure with ZSER_SEED=<seed>.

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$target = (int)(getenv('ZSER_CASES') ?: 100000);

function rnd(int $a, int $b): int { return mt_rand($a, $b); }
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

function utf8(int $c): string {
    if ($c < 0x80) return chr($c);
    if ($c < 0x800) return chr(0xC0 | ($c >> 6)) . chr(0x80 | ($c & 0x3F));
    if ($c < 0x10000) return chr(0xE0 | ($c >> 12)) . chr(0x80 | (($c >> 6) & 0x3F)) . chr(0x80 | ($c & 0x3F));
    return chr(0xF0 | ($c >> 18)) . chr(0x80 | (($c >> 12) & 0x3F)) . chr(0x80 | (($c >> 6) & 0x3F)) . chr(0x80 | ($c & 0x3F));
}

function gen_utf8_char(): string {
    switch (rnd(0, 3)) {
        case 0: return utf8(rnd(0x80, 0x7FF));
        case 1: $c = rnd(0x800, 0xFFFF); if ($c >= 0xD800 && $c <= 0xDFFF) $c = 0xE000; return utf8($c);
        case 2: return utf8(rnd(0x10000, 0x10FFFF));
        default: return pick(['é', 'ß', '日本', '😀', "\u{FEFF}", "\u{2028}"]);
    }
}

function hex4(int $c): string {
    $h = sprintf('%04x', $c);
    return rnd(0, 1) ? strtoupper($h) : $h;
}

function gen_string_body(int $maxParts = 8): string {
    $s = '';
    $n = rnd(0, $maxParts);
    for ($i = 0; $i < $n; $i++) {
        $r = rnd(0, 99);
        if ($r < 40) {
            $len = rnd(1, 20);
            for ($j = 0; $j < $len; $j++) { $c = chr(rnd(0x20, 0x7E)); $s .= ($c === '"' || $c === '\\') ? 'x' : $c; }
        } elseif ($r < 50) {
            $s .= str_repeat('abcdefghijklmnopqrstuvwxyz0123456789', rnd(1, 3));
        } elseif ($r < 62) {
            $s .= pick(['\\n', '\\"', '\\\\', '\\/', '\\b', '\\f', '\\r', '\\t']);
        } elseif ($r < 72) {
            $c = pick([rnd(0, 0x7F), rnd(0x80, 0x7FF), rnd(0x800, 0xD7FF), rnd(0xE000, 0xFFFF), 0]);
            $s .= '\\u' . hex4($c);
        } elseif ($r < 77) {
            $s .= '\\u' . hex4(rnd(0xD800, 0xDBFF)) . '\\u' . hex4(rnd(0xDC00, 0xDFFF));
        } elseif ($r < 88) {
            $s .= gen_utf8_char();
        } elseif ($r < 91) {
            // lone or reversed surrogates
            $s .= pick(['\\u' . hex4(rnd(0xD800, 0xDFFF)), '\\u' . hex4(rnd(0xDC00, 0xDFFF)) . '\\u' . hex4(rnd(0xD800, 0xDBFF)),
                '\\u' . hex4(rnd(0xD800, 0xDBFF)) . 'x', '\\u' . hex4(rnd(0xD800, 0xDBFF)) . '\\n', '\\u' . hex4(rnd(0xD800, 0xDBFF)) . '\\u00' . hex4(0)]);
        } elseif ($r < 95) {
            // invalid UTF-8: stray continuation, truncated sequences, overlongs, surrogates, > U+10FFFF
            $s .= pick(["\x80", "\xBF", "\xC0\xAF", "\xC2", "\xE0\x80\x80", "\xE2\x82", "\xED\xA0\x80", "\xF0\x8F\xBF\xBF",
                "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF", "\xFE", "\xF0\x9F\x98", "\xE1\x80"]);
        } elseif ($r < 97) {
            $s .= pick(["\x01", "\x1F", "\t", "\n", "\x00", "\x7F"]);
        } else {
            $s .= pick(['\\x', '\\u12', '\\uZZZZ', '\\U0041', '\\', '\\\'']);
        }
    }
    return $s;
}

function gen_number(): string {
    $r = rnd(0, 99);
    if ($r < 25) return (string)rnd(-1000, 100000);
    if ($r < 35) return pick(['0', '-0', '9223372036854775807', '-9223372036854775808', '9223372036854775808',
        '-9223372036854775809', '9223372036854775806', '18446744073709551616', '99999999999999999999',
        '1000000000000000000', '-1000000000000000000', '9999999999999999999', '-9999999999999999999',
        '12345678901234567890123456789', '-0.0', '0.0', '1e400', '-1e400', '1e-400', '4.9e-324', '2.2250738585072014e-308',
        '1.7976931348623157e308', '1.7976931348623159e308', '9007199254740993', '0.1', '1E2', '1e+2', '1E-2', '-0e0']);
    if ($r < 55) {
        $d = unpack('d', pack('Q', mt_rand() | (mt_rand() << 31) | (mt_rand(0, 3) << 62)))[1];
        if (!is_finite($d)) $d = 1.5;
        return pick([sprintf('%.17g', $d), sprintf('%.15g', $d), var_export($d, true), sprintf('%.25e', $d)]);
    }
    // digit strings with optional fraction and exponent
    $s = rnd(0, 3) === 0 ? '-' : '';
    $n = rnd(1, 30);
    $s .= rnd(0, 4) === 0 ? '0' : (string)rnd(1, 9);
    if ($s !== '0' && $s !== '-0') for ($i = 1; $i < $n; $i++) $s .= rnd(0, 9);
    if (rnd(0, 1)) { $s .= '.'; $m = rnd(1, 25); for ($i = 0; $i < $m; $i++) $s .= rnd(0, 9); }
    if (rnd(0, 1)) $s .= pick(['e', 'E']) . pick(['', '+', '-']) . rnd(0, pick([9, 30, 330, 400, 5000]));
    return $s;
}

function ws(): string {
    return rnd(0, 3) ? '' : pick([' ', "\n", "\r\n", "\t", '  ', " \r"]);
}

function gen_key(): string {
    $r = rnd(0, 20);
    if ($r < 8) return pick(['a', 'b', 'id', 'name', 'x', 'value']);
    if ($r < 10) return pick(['', '0', '1', '123', '-5', '-0', '01', '9223372036854775807', '9223372036854775808', '1.5', ' 1']);
    if ($r < 11) return pick(['\\u0000a', '\\u0000', "a\\u0000", '\\u00001']);
    return gen_string_body(3);
}

function colliding_key(int $j): string {
    $s = '';
    for ($b = 0; $b < 6; $b++) $s .= ($j >> $b) & 1 ? 'Ez' : 'FY';
    return $s;
}

// An object; a large one (jsond_decode() fills those another way) has 60-160 members, keys
// from gen_key()'s few names (many repeats, integer and numeric-string keys among them) or, a
// quarter of them, "Ez"/"FY" keys of one PHP hash, 64 of them, which jsond_decode() gives up
// hashing and sorts. Most of its values are plain numbers: one bad string among a hundred
// values would stop nearly every one of them before its end.
function gen_object(int $depth, bool $large): string {
    $n = $large ? rnd(60, 160) : rnd(0, 6);
    $colliding = $large && rnd(0, 3) === 0;
    $items = [];
    for ($i = 0; $i < $n; $i++) {
        $k = '"' . ($colliding ? colliding_key(rnd(0, 63)) : gen_key()) . '"';
        $v = $large && rnd(0, 31) ? (string)rnd(-9, 999) : gen_value($depth - 1);
        $items[] = ws() . $k . ws() . ':' . ws() . $v . ws();
    }
    return '{' . ws() . implode(',', $items) . '}';
}

// A list of objects of one shape, as rows and records come: jsond_decode() copies a table of
// the keys of a shape it met before, so every kind of key list gen_key() makes (integers,
// numeric strings, repeats, "\u0000" names), and lists of integer keys only, are met again
// and again, some rows with another key between the same first and last ones.
function gen_rows(int $depth): string {
    $keys = [];
    $integers = rnd(0, 3) === 0; // all integers: a packed array, or a sparse one
    $start = pick([0, 0, 1, 7]);
    for ($i = rnd(1, 7); $i > 0; $i--) {
        $keys[] = '"' . ($integers ? $start + count($keys) * pick([1, 1, 2]) : gen_key()) . '"';
    }
    $rows = [];
    for ($r = rnd(2, 8); $r > 0; $r--) {
        $items = [];
        $row = $keys;
        if (count($row) > 2 && rnd(0, 3) === 0) {
            // another key between the same first and last ones
            $row[rnd(1, count($row) - 2)] = '"' . gen_key() . '"';
        }
        foreach ($row as $k) $items[] = ws() . $k . ws() . ':' . ws() . gen_value($depth - 2) . ws();
        $rows[] = '{' . implode(',', $items) . '}';
    }
    return '[' . implode(',', $rows) . ']';
}

function gen_value(int $depth): string {
    $r = rnd(0, 99);
    if ($depth > 1 && $r < 4) {
        return gen_rows($depth);
    }
    if ($depth > 0 && $r < 22) {
        $n = rnd(0, 6);
        $items = [];
        for ($i = 0; $i < $n; $i++) $items[] = ws() . gen_value($depth - 1) . ws();
        return '[' . ws() . implode(',', $items) . ']';
    }
    if ($depth > 0 && $r < 44) {
        return gen_object($depth, rnd(0, 30) === 0);
    }
    if ($r < 60) return '"' . gen_string_body() . '"';
    if ($r < 88) return gen_number();
    return pick(['true', 'false', 'null']);
}

function gen_deep(): string {
    $n = pick([rnd(1, 600), rnd(1660, 1670), rnd(2490, 2505), rnd(4990, 5005), rnd(3320, 3340)]);
    switch (rnd(0, 5)) {
        case 0: return str_repeat('[', $n) . str_repeat(']', $n);
        case 1: return str_repeat('{"a":', $n) . '1' . str_repeat('}', $n);
        case 2: return str_repeat('[1,', $n) . '2' . str_repeat(']', $n);
        case 3: return str_repeat('{"a":1,"b":', $n) . '{}' . str_repeat('}', $n);
        case 4: return str_repeat('[{"k":', $n) . '[]' . str_repeat('}]', $n);
        default: return str_repeat('[', $n) . '"x\x01' . str_repeat(']', $n);
    }
}

function mutate(string $s): string {
    $len = strlen($s);
    $k = rnd(1, 3);
    for ($i = 0; $i < $k; $i++) {
        $len = strlen($s);
        $pos = $len ? rnd(0, $len - 1) : 0;
        $b = pick(['[', ']', '{', '}', '"', ',', ':', '\\', "\0", "\x01", "\x80", "\xFF", "\xC3", ' ', '0', '-', 'e', '.', 'u', 'n', chr(rnd(0, 255))]);
        switch (rnd(0, 3)) {
            case 0: $s = substr($s, 0, rnd(0, $len)); break;
            case 1: if ($len) $s[$pos] = $b; break;
            case 2: $s = substr($s, 0, $pos) . $b . substr($s, $pos); break;
            default: if ($len) $s = substr($s, 0, $pos) . substr($s, $pos + 1); break;
        }
    }
    return $s;
}

// ZSER_JSON_DIFF_MODE: rerun through json_* with zser.json_override=1 (stage diff-override).
require __DIR__ . '/../inc/json_diff_ref.php';

function run(callable $f): array {
    try {
        $v = $f();
        return ['ok', serialize($v)];
    } catch (Throwable $t) {
        return ['ex', get_class($t), $t->getCode(), str_replace('jsond_', 'json_', $t->getMessage())];
    }
}

$flagBits = [JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];
$cases = 0;
$failures = 0;
$t0 = microtime(true);

function fail_case(int $seed, string $what, string $input, $assoc, int $depth, int $flags, $a, $b): void {
    global $failures;
    $failures++;
    if ($failures > 5) return;
    fwrite(STDERR, "MISMATCH ($what) seed=$seed assoc=" . var_export($assoc, true) . " depth=$depth flags=$flags\n");
    fwrite(STDERR, "input (base64): " . base64_encode($input) . "\ninput: " . var_export($input, true) . "\n");
    fwrite(STDERR, "json_*:  " . var_export($a, true) . "\njsond_*: " . var_export($b, true) . "\n");
}

while ($cases < $target) {
    $r = rnd(0, 99);
    if ($r < 1) {
        $input = gen_deep();
    } elseif ($r < 4) {
        $input = gen_object(rnd(1, 3), true);
    } else {
        $input = gen_value(rnd(0, 4));
        if (rnd(0, 4) === 0) $input = ws() . $input . ws();
        if ($r >= 45) $input = mutate($input);
    }
    // a few decodes of the same text with different arguments
    for ($rep = 0; $rep < 3; $rep++) {
        $flags = 0;
        foreach ($flagBits as $bit) if (rnd(0, 3) === 0) $flags |= $bit;
        $assoc = pick([null, null, true, false]);
        $depth = pick([512, 512, 512, rnd(1, 6), rnd(1, 40), 2147483647, 100000]);
        if (rnd(0, 200) === 0) $depth = pick([0, -1, PHP_INT_MAX, 2147483648]);
        // start both from the same, random last-error state
        $prime = rnd(0, 1) ? '[' : '1';
        $a = jdiff_reference("$cases " . crc32($input), function () use ($prime, $input, $assoc, $depth, $flags) {
            json_decode($prime, true);
            $a = run(fn() => json_decode($input, $assoc, $depth, $flags));
            $a[] = json_last_error();
            $a[] = json_last_error_msg();
            return $a;
        });
        jsond_decode($prime, true);
        $b = run(fn() => jdiff_zser('jsond_decode')($input, $assoc, $depth, $flags));
        $b[] = jsond_last_error();
        $b[] = jsond_last_error_msg();
        $cases++;
        if ($a !== $b) fail_case($seed, 'decode', $input, $assoc, $depth, $flags, $a, $b);
    }
    // jsond_validate() follows PHP 8.3's json_validate(): that is json_decode() in array mode
    // (no property-name check) with only JSON_INVALID_UTF8_IGNORE allowed.
    $vflags = rnd(0, 1) ? 0 : JSON_INVALID_UTF8_IGNORE;
    $depth = pick([512, rnd(1, 8), 2147483647]);
    $a = jdiff_reference("$cases validate " . crc32($input), function () use ($input, $depth, $vflags) {
        json_decode('[', true);
        $ok = json_decode($input, true, $depth, $vflags) !== null || json_last_error() === 0;
        return [$ok, json_last_error(), json_last_error_msg()];
    });
    jsond_decode('[', true);
    $v = jdiff_zser('jsond_validate')($input, $depth, $vflags);
    $b = [$v, jsond_last_error(), jsond_last_error_msg()];
    if ($input === '') { $a[0] = false; }
    $cases++;
    if ($a !== $b) fail_case($seed, 'validate', $input, true, $depth, $vflags, $a, $b);
}

$dt = microtime(true) - $t0;
printf("json_decode diff: %d cases, %d failed, seed %d, %.1f s\n", $cases, $failures, $seed, $dt);
exit($failures ? 1 : 0);
