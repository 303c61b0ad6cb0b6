<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of jsond_pointer_get/exists/count: every pointer of seeded random JSON
// texts (keys chosen to collide: duplicates, "", "~", "/", digits, escaped and ill-formed
// spellings of one name, bare big-integer keys), plus pointers that miss, compared with
// indexing what json_decode() (ext/json) returns for the whole text with the same assoc,
// depth and flags; then mutated (invalid) texts, whose error codes and JsonExceptions must be
// json_decode()'s. Then the JSON files of the shared bench-data corpus: every pointer of the
// small ones, and a sample of each big one (each call scans from the root, so every pointer
// of a 2 MB file would cost hours) in both assoc modes.
// Compared exactly: serialize() of values, counts, last-error codes and messages, exceptions.
// Replay a failure with ZSER_SEED=<seed>; ZSER_CASES sets the number of generated texts.

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$docs = (int)(getenv('ZSER_CASES') ?: 3000);

function rnd(int $a, int $b): int { return mt_rand($a, $b); }
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

const KEYS = ['a', 'b', '', '0', '1', '01', '-', '~', '/', '~0', '~1', 'a/b', 'm~n', 'é', '😀', ' ', '10'];

function ws(): string { return rnd(0, 4) ? '' : pick([' ', "\n", "\t ", "\r\n"]); }

// A JSON spelling of $name: plain, or with some characters as \u escapes.
function spell(string $name): string {
    $out = '';
    foreach (preg_split('//u', $name, -1, PREG_SPLIT_NO_EMPTY) as $ch) {
        if ($ch === '"' || $ch === '\\') { $out .= '\\' . $ch; continue; }
        if (strlen($ch) === 1 && rnd(0, 5) === 0) { $out .= sprintf('\\u%04x', ord($ch)); continue; }
        if ($ch === '/' && rnd(0, 2) === 0) { $out .= '\\/'; continue; }
        $out .= $ch;
    }
    return '"' . $out . '"';
}

function gen_key(): string {
    $r = rnd(0, 99);
    if ($r < 80) return spell(pick(KEYS));
    if ($r < 88) return '"' . pick(["\xFFa", "a\xC0", "\xED\xA0\x80", "b\xFF"]) . '"'; // ill-formed UTF-8
    if ($r < 93) return '"\\u0000' . pick(['', 'x']) . '"';                            // "\0" names
    if ($r < 97) return pick(['12345678901234567890', '-99999999999999999999']);        // bare bigint keys
    return '"' . str_repeat('k', rnd(1, 40)) . '"';
}

function gen_scalar(): string {
    return pick(['null', 'true', 'false', '0', '-0', '1.5', '-0.0', '1e3', '9223372036854775807',
        '9223372036854775808', '-9223372036854775809', '123456789012345678901234567890', (string)rnd(-1000, 1000),
        '"x"', '""', '"\\u00e9\\n"', '"a\\/b"', '"\\ud83d\\ude00"', "\"\xFF\"", '0.1', '1E-7']);
}

function gen_value(int $depth): string {
    $r = rnd(0, 99);
    if ($depth <= 0 || $r < 40) return gen_scalar();
    $n = rnd(0, 5);
    $parts = [];
    if ($r < 70) {
        for ($i = 0; $i < $n; $i++) $parts[] = ws() . gen_value($depth - 1) . ws();
        return '[' . implode(',', $parts) . ws() . ']';
    }
    for ($i = 0; $i < $n; $i++) $parts[] = ws() . gen_key() . ws() . ':' . ws() . gen_value($depth - 1) . ws();
    return '{' . implode(',', $parts) . ws() . '}';
}

function mutate(string $s): string {
    $len = strlen($s);
    switch (rnd(0, 3)) {
        case 0: return substr($s, 0, rnd(0, max(0, $len - 1)));
        case 1: if ($len) { $s[rnd(0, $len - 1)] = chr(rnd(0, 255)); } return $s;
        case 2: $p = rnd(0, $len); return substr($s, 0, $p) . pick([',', ']', '}', '"', ':', "\x01", '\\', '{', '[']) . substr($s, $p);
        default: if ($len) { $p = rnd(0, $len - 1); return substr($s, 0, $p) . substr($s, $p + 1); } return $s;
    }
}

function esc(string $tok): string { return str_replace(['~', '/'], ['~0', '~1'], $tok); }

// Pointers of every value of $v (decoded in assoc mode: keys as PHP holds them).
function pointers($v, string $at, array &$out, int $limit): void {
    if (count($out) >= $limit) return;
    $out[] = $at;
    if (is_array($v)) {
        foreach ($v as $k => $child) pointers($child, $at . '/' . esc((string)$k), $out, $limit);
    }
}

// What decode's result holds at $ptr: [found, value].
function index_decoded($v, string $ptr): array {
    if ($ptr === '') return [true, $v];
    foreach (explode('/', substr($ptr, 1)) as $raw) {
        $tok = str_replace(['~1', '~0'], ['/', '~'], $raw);
        if (is_object($v)) $v = (array)$v;
        if (!is_array($v) || !array_key_exists($tok, $v)) return [false, null];
        $v = $v[$tok];
    }
    return [true, $v];
}

function outcome(callable $f): array {
    try {
        $r = $f();
        return ['ok', serialize($r), jsond_last_error(), jsond_last_error_msg()];
    } catch (Throwable $t) {
        return ['ex', get_class($t), $t->getCode(), $t->getMessage()];
    }
}

$failures = 0;
$cases = 0;
function check(string $what, string $doc, string $ptr, $assoc, int $depth, int $flags, array $want, array $got): void {
    global $failures, $cases, $seed;
    $cases++;
    if ($want === $got) return;
    $failures++;
    if ($failures > 5) return;
    fwrite(STDERR, "MISMATCH ($what) seed=$seed assoc=" . var_export($assoc, true) . " depth=$depth flags=$flags\n"
        . "  doc: " . (strlen($doc) > 300 ? substr($doc, 0, 300) . '...' : $doc) . "\n  pointer: " . json_encode($ptr)
        . "\n  want: " . var_export($want, true) . "\n  got:  " . var_export($got, true) . "\n");
}

const MSG = [100 => 'JSON Pointer not found', 101 => 'JSON Pointer value is neither an array nor an object'];

// The three functions at $ptr against json_decode() of the whole text.
function compare(string $doc, string $ptr, $assoc, int $depth, int $flags): void {
    static $memoKey = null, $memo = null;
    $quiet = $flags & ~JSON_THROW_ON_ERROR;
    $key = [md5($doc), $assoc, $depth, $quiet];
    if ($key !== $memoKey) {
        $memo = [json_decode($doc, $assoc, $depth, $quiet), json_last_error(), json_last_error_msg()];
        $memoKey = $key;
    }
    [$full, $err, $errMsg] = $memo;
    $throw = ($flags & JSON_THROW_ON_ERROR) !== 0;
    $asArray = $assoc === null ? ($flags & JSON_OBJECT_AS_ARRAY) !== 0 : $assoc;
    $cflags = $asArray ? ($flags | JSON_OBJECT_AS_ARRAY) : ($flags & ~JSON_OBJECT_AS_ARRAY);
    // the state a call starts from: under JSON_THROW_ON_ERROR it must be left alone
    $prime = fn() => jsond_decode('[');
    $fail = function (int $code, string $msg, $ret) use ($throw) {
        return $throw ? ['ex', 'JsonException', $code, $msg] : ['ok', serialize($ret), $code, $msg];
    };
    $keep = fn($ret) => ['ok', serialize($ret), $throw ? 4 : 0, $throw ? 'Syntax error' : 'No error'];
    if ($err) {
        $wantGet = $fail($err, $errMsg, null);
        $wantExists = $fail($err, $errMsg, false);
        $wantCount = $fail($err, $errMsg, -1);
    } else {
        [$found, $v] = index_decoded($full, $ptr);
        $wantGet = $found ? $keep($v) : $fail(100, MSG[100], null);
        $wantExists = $keep($found);
        if (!$found) {
            $wantCount = $fail(100, MSG[100], -1);
        } elseif (is_array($v) || is_object($v)) {
            $wantCount = $keep(count((array)$v));
        } else {
            $wantCount = $fail(101, MSG[101], -1);
        }
    }
    $prime();
    check('get', $doc, $ptr, $assoc, $depth, $flags, $wantGet, outcome(fn() => jsond_pointer_get($doc, $ptr, $assoc, $depth, $flags)));
    $prime();
    check('exists', $doc, $ptr, $assoc, $depth, $cflags, $wantExists, outcome(fn() => jsond_pointer_exists($doc, $ptr, $depth, $cflags)));
    $prime();
    check('count', $doc, $ptr, $assoc, $depth, $cflags, $wantCount, outcome(fn() => jsond_pointer_count($doc, $ptr, $depth, $cflags)));
}

$flagSets = [0, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_OBJECT_AS_ARRAY,
    JSON_THROW_ON_ERROR, JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR];
$t0 = microtime(true);

for ($d = 0; $d < $docs; $d++) {
    $doc = ws() . gen_value(rnd(0, 5)) . ws();
    if (rnd(0, 5) === 0) $doc = mutate($doc);
    $flags = pick($flagSets);
    $assoc = pick([null, true, false]);
    $depth = pick([512, rnd(1, 7)]);
    $tree = json_decode($doc, true, 512, $flags & ~JSON_THROW_ON_ERROR);
    $ptrs = [];
    pointers($tree, '', $ptrs, 200);
    // pointers that miss, or reach past a scalar
    $ptrs[] = '/zz';
    $ptrs[] = '/-';
    $ptrs[] = '/00';
    $ptrs[] = pick($ptrs) . '/' . pick(['0', 'a', '', '~0', '~1', '-', '18446744073709551616']);
    foreach ($ptrs as $ptr) compare($doc, $ptr, $assoc, $depth, $flags);
}
$generated = $cases;

// The corpus, found beside the repository as tests/diff/json_testsuite.php finds its suite.
$repo = dirname(__DIR__, 2);
$corpus = null;
foreach (array_filter([getenv('ZSER_SHARED_DIR') ?: null, "$repo/../shared", "$repo/../../shared"]) as $c) {
    if (is_dir("$c/bench-data/json")) { $corpus = "$c/bench-data/json"; break; }
}
if ($corpus === null) {
    fwrite(STDERR, "bench-data/json not found beside the repository\n");
    exit(1);
}
$files = glob("$corpus/*.json");
foreach ($files as $file) {
    $doc = file_get_contents($file);
    $ptrs = [];
    pointers(json_decode($doc, true), '', $ptrs, PHP_INT_MAX);
    if (strlen($doc) > 100000) {
        // every pointer down to two levels, and a random sample of the rest
        $some = array_values(array_filter($ptrs, fn($p) => substr_count($p, '/') <= 2));
        $some = array_slice($some, 0, 40);
        for ($i = 0; $i < 20; $i++) $some[] = pick($ptrs);
        $ptrs = $some;
    }
    foreach ([true, false] as $assoc) {
        foreach ($ptrs as $ptr) compare($doc, $ptr, $assoc, 512, 0);
    }
}
if (count($files) < 3) {
    fwrite(STDERR, "bench-data/json holds " . count($files) . " files\n");
    exit(1);
}

printf("pointer diff: %d checks (%d on %d generated texts, %d on %d corpus files), %d failed, seed %d, %.1f s\n",
    $cases, $generated, $docs, $cases - $generated, count($files), $failures, $seed, microtime(true) - $t0);
exit($failures ? 1 : 0);
