<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of JSOND_ALLOW_COMMENTS and JSOND_ALLOW_TRAILING_COMMAS. Seeded random values
// are encoded by json_encode() (compact or pretty, slashes escaped or not, so that strings hold
// "//" and "/*"); comments and trailing commas are then put at random places where the flags
// allow them: every place between two tokens for a comment, between the last element or member
// and the closing bracket for one comma. Checked:
//  - with the flags the text decodes exactly as json_decode() decodes the text before the
//    injection (serialize() of the value, exceptions, last error code and message), for random
//    assoc, depth and decode flags; jsond_validate() gives json_decode()'s verdict and code;
//  - with one of the two flags missing, a text that holds the other construct is a syntax error;
//  - without the flags, jsond_decode() fails on the text exactly as json_decode() does;
//  - an illegal injection (a comma with nothing before it, after ':' or after another comma, two
//    trailing commas, a lone '/', a '/*' never closed) is JSON_ERROR_SYNTAX located at the
//    offending byte, and without the flags json_decode()'s outcome for the same text.
// ext/json's side goes through tests/inc/json_diff_ref.php, so that stage diff-override reruns
// the suite with zser behind the json_* names. Replay a failure with ZSER_SEED=<seed>.

require __DIR__ . '/../inc/json_diff_ref.php';

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$target = (int)(getenv('ZSER_CASES') ?: 60000);

const BOTH = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;
const BIG = '__big__';

function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

function gen_value(int $d)
{
    switch (mt_rand(0, $d > 4 ? 4 : 8)) {
        case 0: return mt_rand(-1000, 1000);
        case 1: return pick([mt_rand() / 7, -0.0, 1e300, 0.1, PHP_INT_MAX, PHP_INT_MIN]);
        case 2: return pick([true, false, null, BIG]);
        case 3: return pick(['', 'abc', "é日本😀", "tab\there", "line\nbreak", '\\"q"', '// no', '/* no */', 'a/b', 'x*/',
            'http://example.org/', '/*', '*/', ',]', "\u{2028}"]);
        case 4: return str_repeat(pick(['x', 'ü', '/', '*', '語']), mt_rand(0, 5));
        case 5: case 6:
            $a = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) $a[] = gen_value($d + 1);
            return $a;
        default:
            $o = [];
            for ($i = mt_rand(0, 4); $i > 0; $i--) {
                $o[pick(['a', 'b', '//', '/*k*/', 'ключ', '0', '12', 'k' . mt_rand(0, 9)])] = gen_value($d + 1);
            }
            return (object)$o;
    }
}

function gen_text(): string
{
    $flags = pick([0, JSON_PRETTY_PRINT, JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES,
        JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION]);
    $s = json_encode(gen_value(0), $flags);
    // a big integer, which JSON_BIGINT_AS_STRING reads as a string
    return str_replace('"' . BIG . '"', pick(['12345678901234567890', '-98765432109876543210']), $s);
}

// The tokens of a valid text: [start, end, first byte].
function tokens(string $s): array
{
    $t = [];
    $n = strlen($s);
    for ($i = 0; $i < $n;) {
        $c = $s[$i];
        if ($c === ' ' || $c === "\n" || $c === "\r" || $c === "\t") {
            $i++;
        } elseif ($c === '"') {
            for ($j = $i + 1; $s[$j] !== '"'; $j += $s[$j] === '\\' ? 2 : 1);
            $t[] = [$i, $j + 1, $c];
            $i = $j + 1;
        } elseif (strpos('[]{},:', $c) !== false) {
            $t[] = [$i, $i + 1, $c];
            $i++;
        } else {
            $j = $i + strspn($s, '0123456789+-.eEtruefalsn', $i);
            $t[] = [$i, $j, $c];
            $i = $j;
        }
    }
    return $t;
}

// A comment; a line comment ends with a line end unless $last (the end of the text).
function gen_comment(bool $last = false): string
{
    $pieces = ['x', ' ', 'note', '"', "'", '[', ']', '{', '}', ',', ':', '/', '*', '//', '/*', '**', 'é', "\xFF", "\x00",
        "\t", '\\', '1'];
    $body = '';
    for ($i = mt_rand(0, 6); $i > 0; $i--) $body .= pick($pieces);
    if (!$last && mt_rand(0, 1)) {
        $body .= pick(['', "\n", "\r\n", ' * ']);
        return '/*' . str_replace('*/', '* /', $body) . '*/';
    }
    $body = strtr($body, "\r\n", '  ');
    return '//' . $body . ($last ? '' : pick(["\n", "\r\n", "\r"]));
}

// $s with $ins ([pos, text] pairs) inserted; texts at one place keep their order.
function inject(string $s, array $ins): string
{
    usort($ins, fn($a, $b) => $a[0] <=> $b[0]);
    $out = '';
    $at = 0;
    foreach ($ins as [$pos, $text]) {
        $out .= substr($s, $at, $pos - $at) . $text;
        $at = $pos;
    }
    return $out . substr($s, $at);
}

// Places between tokens (comments), and per non-empty container the range before its closing
// bracket where one trailing comma may go.
function places(string $s, array $t): array
{
    $between = [0, strlen($s)];
    foreach ($t as [$a, $b]) {
        $between[] = $a;
        $between[] = $b;
    }
    $commas = [];
    foreach ($t as $k => [$a, , $c]) {
        if (($c === ']' || $c === '}') && $t[$k - 1][2] !== '[' && $t[$k - 1][2] !== '{') {
            $commas[] = [$t[$k - 1][1], $a];
        }
    }
    return [$between, $commas];
}

function run(callable $f): array
{
    try {
        return ['ok', serialize($f())];
    } catch (Throwable $e) {
        return ['ex', get_class($e), $e->getCode(), str_replace('jsond_', 'json_', $e->getMessage())];
    }
}

$cases = 0;
$failures = 0;
$injected = ['comments' => 0, 'commas' => 0, 'illegal' => 0];

function fail_case(string $what, string $input, array $args, $want, $got): void
{
    global $seed, $failures;
    $failures++;
    if ($failures > 5) return;
    fwrite(STDERR, "MISMATCH ($what) seed=$seed args=" . json_encode($args) . "\n  input: " . var_export($input, true)
        . "\n  want: " . var_export($want, true) . "\n  got:  " . var_export($got, true) . "\n");
}

$decodeBits = [JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];
$n = 0;
while ($cases < $target) {
    $n++;
    $orig = gen_text();
    $t = tokens($orig);
    [$between, $commaRanges] = places($orig, $t);

    // legal injections: comments, trailing commas or both
    $kind = mt_rand(0, 2); // 0 comments, 1 commas, 2 both
    $ins = [];
    if ($kind !== 1) {
        for ($i = mt_rand(1, 5); $i > 0; $i--) {
            $pos = pick($between);
            $ins[] = [$pos, pick(['', ' ', "\n"]) . gen_comment() . pick(['', ' '])];
            $injected['comments']++;
        }
    }
    $withComma = 0;
    if ($kind !== 0) {
        foreach ($commaRanges as [$a, $b]) {
            if (mt_rand(0, 2) === 0) continue;
            $ins[] = [mt_rand($a, $b), ','];
            $withComma++;
            $injected['commas']++;
        }
    }
    $jsonc = inject($orig, $ins);
    if ($kind !== 1 && mt_rand(0, 3) === 0) {
        $jsonc .= pick(['', ' ']) . gen_comment(true);
    }
    $flags = 0;
    foreach ($decodeBits as $bit) if (mt_rand(0, 3) === 0) $flags |= $bit;
    $assoc = pick([null, true, false]);
    $depth = pick([512, 512, mt_rand(1, 6)]);
    $allow = pick([BOTH, BOTH, $kind === 0 ? JSOND_ALLOW_COMMENTS : ($kind === 1 ? JSOND_ALLOW_TRAILING_COMMAS : BOTH)]);

    // 1. with the flags: json_decode() of the text before the injection
    $want = jdiff_reference("$n orig", function () use ($orig, $assoc, $depth, $flags) {
        json_decode('[');
        $r = run(fn() => json_decode($orig, $assoc, $depth, $flags));
        return [...$r, json_last_error(), json_last_error_msg()];
    });
    jsond_decode('[');
    $got = [...run(fn() => jdiff_zser('jsond_decode')($jsonc, $assoc, $depth, $flags | $allow)), jsond_last_error(), jsond_last_error_msg()];
    $cases++;
    if ($want !== $got) fail_case('decode with the flags', $jsonc, [$assoc, $depth, $flags | $allow], $want, $got);

    $vwant = jdiff_reference("$n valid", function () use ($orig, $depth) {
        $ok = json_decode($orig, true, $depth) !== null || json_last_error() === 0;
        return [$ok, json_last_error()];
    });
    $vgot = [jdiff_zser('jsond_validate')($jsonc, $depth, $allow), jsond_last_error()];
    $cases++;
    if ($vwant !== $vgot) fail_case('validate with the flags', $jsonc, [$depth, $allow], $vwant, $vgot);

    // 2. one flag short: the other construct is a syntax error (array mode, default depth: no
    //    other error can come first)
    if ($kind === 2 && $withComma > 0) {
        $one = pick([JSOND_ALLOW_COMMENTS, JSOND_ALLOW_TRAILING_COMMAS]);
        $r = jdiff_zser('jsond_decode')($jsonc, true, 512, $one);
        $cases++;
        if ($r !== null || jsond_last_error() !== JSON_ERROR_SYNTAX) {
            fail_case('one flag short', $jsonc, [$one], JSON_ERROR_SYNTAX, jsond_last_error());
        }
    }

    // 3. without the flags: json_decode() of the same text
    $want = jdiff_reference("$n strict", function () use ($jsonc, $assoc, $depth, $flags) {
        json_decode('1');
        $r = run(fn() => json_decode($jsonc, $assoc, $depth, $flags));
        return [...$r, json_last_error(), json_last_error_msg()];
    });
    jsond_decode('1');
    $got = [...run(fn() => jdiff_zser('jsond_decode')($jsonc, $assoc, $depth, $flags)), jsond_last_error(), jsond_last_error_msg()];
    $cases++;
    if ($want !== $got) fail_case('decode without the flags', $jsonc, [$assoc, $depth, $flags], $want, $got);

    // 4. one illegal injection into the text before the legal ones: a syntax error at its byte
    $opens = $commas = $colons = [];
    foreach ($t as [$a, $b, $c]) {
        if ($c === '[' || $c === '{') $opens[] = $b;
        if ($c === ',') $commas[] = $b;
        if ($c === ':') $colons[] = $b;
    }
    $choices = ['slash', 'unclosed'];
    if ($opens) $choices[] = 'leading';
    if ($commas) $choices[] = 'double';
    if ($colons) $choices[] = 'colon';
    if ($commaRanges) $choices[] = 'two trailing';
    $what = pick($choices);
    $ws = pick(['', ' ', "\n  "]);
    switch ($what) {
        case 'leading': $pos = pick($opens); $bad = $ws . ','; $at = $pos + strlen($ws); break;
        case 'double': $pos = pick($commas); $bad = $ws . ','; $at = $pos + strlen($ws); break;
        case 'colon': $pos = pick($colons); $bad = $ws . ','; $at = $pos + strlen($ws); break;
        case 'two trailing':
            [$a, $b] = pick($commaRanges);
            $pos = mt_rand($a, $b);
            $bad = ',' . $ws . ',';
            $at = $pos + 1 + strlen($ws);
            break;
        case 'slash':
            $pos = pick($between);
            $bad = $ws . '/' . pick(['', ' ', 'x', '1', '"', "\n"]);
            $at = $pos + strlen($ws);
            break;
        default:
            // '/*' with no '*/' after it
            $tail = array_values(array_filter($between, fn($p) => strpos($orig, '*/', $p) === false));
            $pos = pick($tail);
            $bad = '/*' . pick(['', ' x', ' "]} ', '*', ' // ', '/']) . pick(['', '*', '/']);
            while (strpos($bad, '*/', 2) !== false) {
                $bad = substr($bad, 0, 2) . str_replace('*/', '*', substr($bad, 2));
            }
            $bad = $ws . $bad;
            $at = $pos + strlen($ws);
    }
    $illegal = inject($orig, [[$pos, $bad]]);
    $injected['illegal']++;
    jsond_decode('1');
    $r = jdiff_zser('jsond_decode')($illegal, true, 512, BOTH);
    $loc = jsond_last_error_location();
    $cases++;
    if ($r !== null || jsond_last_error() !== JSON_ERROR_SYNTAX || ($loc['offset'] ?? -1) !== $at) {
        fail_case("illegal: $what", $illegal, [$at], [JSON_ERROR_SYNTAX, $at], [jsond_last_error(), $loc]);
    }
    $v = jdiff_zser('jsond_validate')($illegal, 512, BOTH);
    $cases++;
    if ($v !== false || jsond_last_error() !== JSON_ERROR_SYNTAX) {
        fail_case("illegal, validate: $what", $illegal, [], JSON_ERROR_SYNTAX, jsond_last_error());
    }
    $want = jdiff_reference("$n illegal", function () use ($illegal) {
        json_decode('1');
        return [json_decode($illegal, true), json_last_error(), json_last_error_msg()];
    });
    jsond_decode('1');
    $got = [jdiff_zser('jsond_decode')($illegal, true), jsond_last_error(), jsond_last_error_msg()];
    $cases++;
    if ($want !== $got) fail_case("illegal, without the flags: $what", $illegal, [], $want, $got);
}

printf("json_jsonc diff: %d checks on %d texts (%d comments, %d trailing commas, %d illegal injections), %d failed, seed %d\n",
    $cases, $n, $injected['comments'], $injected['commas'], $injected['illegal'], $failures, $seed);
exit($failures ? 1 : 0);
