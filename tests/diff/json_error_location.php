<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of where jsond_decode()/jsond_validate() say an error is. Seeded random
// JSON texts (json_encode() of random values, some pretty printed, some with CRLF line ends
// and raw UTF-8) are mutated by truncation, flipped, inserted and deleted bytes. For each
// text that json_decode() refuses:
//  - the code, and the message without JSOND_ERROR_LOCATION, are json_decode()'s;
//  - with the flag the message is that message . " near location L:C" of the reported place;
//  - line and column agree with the offset, recounted here (LF ends a line, a column is a
//    UTF-8 character);
//  - everything before the offset is sound: ext/json reads the prefix either as a whole
//    value or fails only for want of more (a syntax error), and jsond_validate() places the
//    prefix's own error at its end;
//  - the byte at the offset is one that error can start at (a bracket for a depth error, a
//    closing bracket for a mismatch, a quote or the offending byte for string errors).
// ext/json's side goes through tests/inc/json_diff_ref.php, so that stage diff-override reruns
// the suite with zser behind the json_* names. Replay a failure with ZSER_SEED=<seed>.

require __DIR__ . '/../inc/json_diff_ref.php';

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$target = (int)(getenv('ZSER_CASES') ?: 20000);

function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

function gen_value(int $d)
{
    $k = mt_rand(0, $d > 4 ? 4 : 7);
    switch ($k) {
        case 0: return mt_rand(-1000, 1000);
        case 1: return mt_rand() / 7;
        case 2: return pick([true, false, null]);
        case 3: return pick(['', 'abc', "é日本😀", "tab\there", "line\nbreak", '\\"q"', "\u{2028}"]);
        case 4: return str_repeat(pick(['x', 'ü', '語']), mt_rand(0, 5));
        case 5: case 6:
            $a = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) $a[] = gen_value($d + 1);
            return $a;
        default:
            $o = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) $o[pick(['a', 'b', 'ключ', 'k' . mt_rand(0, 9)])] = gen_value($d + 1);
            return (object)$o;
    }
}

function gen_text(): string
{
    $flags = pick([0, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE]);
    static $n = 0;
    $v = gen_value(0);
    $s = jdiff_reference('gen' . $n++, fn() => json_encode($v, $flags));
    if (mt_rand(0, 3) == 0) $s = str_replace("\n", "\r\n", $s);
    if (mt_rand(0, 3) == 0) $s = str_repeat(pick([" ", "\n", "\t", "\r\n"]), mt_rand(1, 3)) . $s;
    return $s;
}

function mutate(string $s): string
{
    for ($n = mt_rand(1, 3); $n > 0; $n--) {
        $len = strlen($s);
        $i = mt_rand(0, $len);
        switch (mt_rand(0, 3)) {
            case 0: $s = substr($s, 0, $i); break;
            case 1: if ($i < $len) $s[$i] = chr(mt_rand(0, 255)); break;
            case 2:
                $ins = pick([',', ':', '"', '[', ']', '{', '}', "\x01", "\x80", "\xC3", '\\', '-', '0', 'e', '.', "\n", ' ', 't', 'x', '\\u', '\\ud800']);
                $s = substr($s, 0, $i) . $ins . substr($s, $i);
                break;
            default: $s = substr($s, 0, $i) . substr($s, $i + 1);
        }
    }
    return $s;
}

function fail(string $what, string $s, int $depth, array $detail): void
{
    global $seed;
    fwrite(STDERR, "json_error_location: $what (seed $seed, depth $depth)\n  input: "
        . json_encode(bin2hex($s)) . "\n  " . json_encode($detail, JSON_INVALID_UTF8_SUBSTITUTE) . "\n");
    exit(1);
}

$cases = 0;
$errors = 0;
$by_code = [];
while ($cases < $target) {
    $s = mutate(gen_text());
    $depth = mt_rand(0, 4) == 0 ? mt_rand(1, 4) : 512;
    $cases++;
    [$code, $msg] = jdiff_reference("case$cases", function () use ($s, $depth) {
        json_decode($s, true, $depth);
        return [json_last_error(), json_last_error_msg()];
    });

    jdiff_zser('jsond_decode')($s, true, $depth);
    if (jdiff_zser('jsond_last_error')() !== $code || jdiff_zser('jsond_last_error_msg')() !== $msg) {
        fail('code or plain message differs from json_decode', $s, $depth, [$code, $msg, jsond_last_error(), jsond_last_error_msg()]);
    }
    $loc = jsond_last_error_location();
    if ($code === JSON_ERROR_NONE) {
        if ($loc !== null) fail('a location after success', $s, $depth, $loc);
        continue;
    }
    $errors++;
    $by_code[$code] = ($by_code[$code] ?? 0) + 1;
    if (!is_array($loc)) fail('no location for an error', $s, $depth, [$code]);

    // the flag changes the message only, and jsond_validate agrees with jsond_decode
    jsond_decode($s, true, $depth, JSOND_ERROR_LOCATION);
    $want = "$msg near location {$loc['line']}:{$loc['column']}";
    if (jsond_last_error_msg() !== $want || jsond_last_error_location() !== $loc) {
        fail('flagged message or location differs', $s, $depth, [$want, jsond_last_error_msg(), $loc]);
    }
    jsond_validate($s, $depth);
    $vloc = jsond_last_error_location();
    if ($code !== JSON_ERROR_INVALID_PROPERTY_NAME && $vloc !== $loc) {
        fail('jsond_validate places the error elsewhere', $s, $depth, [$loc, $vloc]);
    }

    // line and column recounted from the offset
    $off = $loc['offset'];
    if ($off < 0 || $off > strlen($s)) fail('offset outside the input', $s, $depth, $loc);
    $pre = substr($s, 0, $off);
    $bol = strrpos($pre, "\n");
    $cur = $bol === false ? $pre : substr($pre, $bol + 1);
    $col = 1 + strlen($cur) - preg_match_all('/[\x80-\xBF]/', $cur);
    if ($loc['line'] !== substr_count($pre, "\n") + 1 || $loc['column'] !== $col) {
        fail('line or column do not match the offset', $s, $depth, [$loc, substr_count($pre, "\n") + 1, $col]);
    }

    // the prefix before the offset is sound
    $pcode = jdiff_reference("prefix$cases", function () use ($pre, $depth) {
        json_decode($pre, true, $depth);
        return json_last_error();
    });
    if ($pcode !== JSON_ERROR_NONE && $pcode !== JSON_ERROR_SYNTAX) {
        fail('ext/json finds another error before the offset', $s, $depth, [$loc, $pcode]);
    }
    if ($pcode === JSON_ERROR_SYNTAX) {
        jsond_validate($pre, $depth);
        $ploc = jsond_last_error_location();
        if ($ploc === null || $ploc['offset'] !== strlen($pre)) {
            fail('the prefix fails before its end', $s, $depth, [$loc, $ploc]);
        }
    }

    // the byte at the offset can start this error
    $c = $off < strlen($s) ? $s[$off] : '';
    $ok = match ($code) {
        JSON_ERROR_DEPTH => $c === '[' || $c === '{',
        JSON_ERROR_STATE_MISMATCH => $c === ']' || $c === '}',
        JSON_ERROR_CTRL_CHAR => $c === '"' || ($c !== '' && ord($c) < 0x20),
        JSON_ERROR_UTF8 => $c === '"' || ($c !== '' && ord($c) >= 0x80),
        JSON_ERROR_UTF16 => $c === '"',
        JSON_ERROR_SYNTAX => $c === '' || !ctype_space($c) || $c === "\v" || $c === "\f",
        default => true,
    };
    if (!$ok) fail('the byte at the offset cannot start this error', $s, $depth, [$loc, $code, bin2hex($c)]);
}
ksort($by_code);
$parts = [];
foreach ($by_code as $k => $n) $parts[] = "$k:$n";
echo "json_error_location: $cases cases, $errors errors located (by code " . implode(' ', $parts) . "), seed $seed\n";
