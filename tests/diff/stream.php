<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of jsond_decode_stream(): seeded random JSON texts (member names unique
// in each object, among them escaped spellings, "", "~", "/", digits, "\0" names, ill-formed
// UTF-8 and bare big integers), then the same texts mutated (truncated, bytes flipped, added
// or dropped), then the JSON files of the shared bench-data corpus. Each text is read through
// a user stream wrapper that hands out at most N bytes per read (N from 1 up, so that every
// token and element gets cut somewhere) or through php://memory, at every array and object
// pointer of the decoded text (a sample of the big files) and at pointers that miss or reach a
// scalar, with seeded assoc, depth and flags. The iteration must be what json_decode()
// (ext/json) of the whole text holds there: the same keys in the same order and the same
// values (serialize()), or not found (100) or not a container (101); for a text json_decode()
// refuses, JsonException with its code and message, jsond_last_error() telling the same, and
// the place (jsond_last_error_location()) that jsond_decode() of the whole text gives. A
// mutated text that names a member twice is only held to an outcome of the right kind (see
// names_twice()); such iterations are counted as "twice".
// Replay a failure with ZSER_SEED=<seed>; ZSER_CASES sets the number of generated texts.

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$docs = (int)(getenv('ZSER_CASES') ?: 1200);

function rnd(int $a, int $b): int { return mt_rand($a, $b); }
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

// Hands out the text of chunk://<id> at most $chunk bytes per read.
final class ChunkStream
{
    public static array $texts = [];
    public $context;
    private string $s = '';
    private int $pos = 0;
    private int $chunk = 1;

    public function stream_open(string $path, string $mode, int $options, ?string &$opened): bool
    {
        [$this->s, $this->chunk] = self::$texts[substr($path, 8)];
        return true;
    }
    public function stream_read(int $count): string
    {
        $r = (string)substr($this->s, $this->pos, min($count, $this->chunk));
        $this->pos += strlen($r);
        return $r;
    }
    public function stream_eof(): bool { return $this->pos >= strlen($this->s); }
    public function stream_stat(): array { return []; }
}
stream_wrapper_register('chunk', ChunkStream::class);

const KEYS = ['a', 'b', '', '0', '1', '01', '-', '~', '/', '~0', '~1', 'a/b', 'm~n', 'é', '😀', ' ', '10'];

function ws(): string { return rnd(0, 4) ? '' : pick([' ', "\n", "\t ", "\r\n"]); }

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

// A member name not yet in $used (decoded names differ under every flag: ill-formed ones
// carry a number no other name has).
function gen_key(array &$used): string {
    static $n = 0;
    for (;;) {
        $r = rnd(0, 99);
        if ($r < 88) { $name = pick(KEYS); $text = spell($name); }
        elseif ($r < 91) { $name = 'q' . ++$n; $text = '"' . pick(["\xFF", "\xC0", "\xED\xA0\x80"]) . $name . '"'; }
        elseif ($r < 92) { $name = "\0" . ++$n; $text = '"\\u0000' . $n . '"'; }
        elseif ($r < 94) { $name = pick(['12345678901234567890', '-99999999999999999999']); $text = $name; }
        else { $name = str_repeat('k', rnd(1, 40)); $text = '"' . $name . '"'; }
        if (!isset($used[$name])) { $used[$name] = true; return $text; }
    }
}

function gen_scalar(): string {
    return pick(['null', 'true', 'false', '0', '-0', '1.5', '-0.0', '1e3', '9223372036854775807',
        '9223372036854775808', '-9223372036854775809', '123456789012345678901234567890', (string)rnd(-1000, 1000),
        '"x"', '""', '"\\u00e9\\n"', '"a\\/b"', '"\\ud83d\\ude00"', "\"\xFF\"", '0.1', '1E-7', '"日本語"']);
}

function gen_value(int $depth): string {
    $r = rnd(0, 99);
    if ($depth <= 0 || $r < 35) return gen_scalar();
    $n = rnd(0, 5);
    $parts = [];
    if ($r < 70) {
        for ($i = 0; $i < $n; $i++) $parts[] = ws() . gen_value($depth - 1) . ws();
        return '[' . implode(',', $parts) . ws() . ']';
    }
    $used = [];
    for ($i = 0; $i < $n; $i++) $parts[] = ws() . gen_key($used) . ws() . ':' . ws() . gen_value($depth - 1) . ws();
    return '{' . implode(',', $parts) . ws() . '}';
}

function mutate(string $s): string {
    for ($n = rnd(1, 2); $n > 0; $n--) {
        $len = strlen($s);
        switch (rnd(0, 3)) {
            case 0: $s = substr($s, 0, rnd(0, max(0, $len - 1))); break;
            case 1: if ($len) { $s[rnd(0, $len - 1)] = chr(rnd(0, 255)); } break;
            case 2: $p = rnd(0, $len); $s = substr($s, 0, $p) . pick([',', ']', '}', '"', ':', "\x01", '\\', '{', '[', "\xC3", '\\u', "\0"]) . substr($s, $p); break;
            default: if ($len) { $p = rnd(0, $len - 1); $s = substr($s, 0, $p) . substr($s, $p + 1); }
        }
    }
    return $s;
}

function esc(string $tok): string { return str_replace(['~', '/'], ['~0', '~1'], $tok); }

// Pointers of the arrays and objects of $v (decoded in assoc mode: keys as PHP holds them).
function pointers($v, string $at, array &$out, int $limit): void {
    if (count($out) >= $limit || !is_array($v)) return;
    $out[] = $at;
    foreach ($v as $k => $child) pointers($child, $at . '/' . esc((string)$k), $out, $limit);
}

// Whether a sound text names a member twice in some object: its ':' outside strings against
// the members json_decode() keeps. Only a mutation makes such a text here (names are drawn
// unique per object), and the stream may then rightly differ: it goes into the first
// occurrence of a name on the path, and hands out each occurrence in the target.
function names_twice(string $s, int $depth, int $flags): bool {
    $colons = 0;
    $in = false;
    for ($i = 0, $l = strlen($s); $i < $l; $i++) {
        $c = $s[$i];
        if ($in) {
            if ($c === '\\') $i++;
            elseif ($c === '"') $in = false;
        } elseif ($c === '"') {
            $in = true;
        } elseif ($c === ':') {
            $colons++;
        }
    }
    $count = function ($v) use (&$count): int {
        $n = 0;
        if (is_object($v)) { $v = get_object_vars($v); $n = count($v); }
        if (is_array($v)) foreach ($v as $c) $n += $count($c);
        return $n;
    };
    return $colons !== $count(json_decode($s, false, $depth, $flags & ~JSON_OBJECT_AS_ARRAY));
}

// What the whole text's decode holds at $ptr: [found, value].
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

$failures = 0;
$cases = 0;
$by = [];
function check(string $doc, string $ptr, $assoc, int $depth, int $flags, int $chunk, array $want, array $got): void {
    global $failures, $cases, $seed;
    $cases++;
    if ($want === $got) return;
    $failures++;
    if ($failures > 5) return;
    fwrite(STDERR, "MISMATCH seed=$seed assoc=" . var_export($assoc, true) . " depth=$depth flags=$flags chunk=$chunk\n"
        . "  doc: " . json_encode(strlen($doc) > 300 ? substr($doc, 0, 300) . '...' : $doc, JSON_INVALID_UTF8_SUBSTITUTE)
        . "\n  pointer: " . json_encode($ptr)
        . "\n  want: " . var_export($want, true) . "\n  got:  " . var_export($got, true) . "\n");
}

const MSG = [100 => 'JSON Pointer not found', 101 => 'JSON Pointer value is neither an array nor an object'];

// The iteration at $ptr, read $chunk bytes at a time (0: php://memory), against json_decode().
function compare(string $doc, string $ptr, $assoc, int $depth, int $flags, int $chunk): void {
    global $by;
    static $memoKey = null, $memo = null;
    $key = [md5($doc), $assoc, $depth, $flags];
    if ($key !== $memoKey) {
        $full = json_decode($doc, $assoc, $depth, $flags);
        $err = json_last_error();
        $msg = json_last_error_msg();
        $where = null;
        if ($err) {
            jsond_decode($doc, $assoc, $depth, $flags);
            $where = jsond_last_error_location();
        }
        $memo = [$full, $err, $msg, $where];
        $memoKey = $key;
    }
    [$full, $err, $msg, $where] = $memo;
    if ($err) {
        $want = ['ex', $err, $msg, $err, $where];
    } else {
        [$found, $v] = index_decoded($full, $ptr);
        if (!$found) {
            $want = ['ex', 100, MSG[100], 100, null];
        } elseif (!is_array($v) && !is_object($v)) {
            $want = ['ex', 101, MSG[101], 101, null];
        } else {
            $pairs = [];
            foreach ($v as $k => $x) $pairs[] = [$k, $x];
            $want = ['ok', serialize($pairs)];
        }
    }
    $by[$want[0] === 'ok' ? 'ok' : $want[1]] = ($by[$want[0] === 'ok' ? 'ok' : $want[1]] ?? 0) + 1;
    if ($chunk > 0) {
        $id = (string)count(ChunkStream::$texts);
        ChunkStream::$texts[$id] = [$doc, $chunk];
        $f = fopen("chunk://$id", 'r');
    } else {
        $f = fopen('php://memory', 'w+');
        fwrite($f, $doc);
        rewind($f);
    }
    jsond_decode('[');
    $pairs = [];
    try {
        foreach (jsond_decode_stream($f, $ptr, $assoc, $depth, $flags) as $k => $x) $pairs[] = [$k, $x];
        $got = ['ok', serialize($pairs)];
    } catch (JsonException $e) {
        $got = ['ex', $e->getCode(), $e->getMessage(), jsond_last_error(), jsond_last_error_location()];
    }
    fclose($f);
    ChunkStream::$texts = [];
    if ($got !== $want && !$err && ($got[0] === 'ok' || $got[1] === 100 || $got[1] === 101)
        && names_twice($doc, $depth, $flags)) {
        $by['twice'] = ($by['twice'] ?? 0) + 1;
        return;
    }
    check($doc, $ptr, $assoc, $depth, $flags, $chunk, $want, $got);
}

$flagSets = [0, JSON_BIGINT_AS_STRING, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_OBJECT_AS_ARRAY,
    JSON_BIGINT_AS_STRING | JSON_INVALID_UTF8_SUBSTITUTE];
$t0 = microtime(true);

for ($d = 0; $d < $docs; $d++) {
    $doc = ws() . gen_value(rnd(0, 5)) . ws();
    $tree = json_decode($doc, true, 512, JSON_INVALID_UTF8_IGNORE | JSON_BIGINT_AS_STRING);
    $ptrs = [];
    pointers($tree, '', $ptrs, 40);
    $ptrs[] = pick(['/zz', '/-', '/00']);
    $ptrs[] = pick($ptrs) . '/' . pick(['0', 'a', '', '~0', '~1', '-', '18446744073709551616']);
    if (rnd(0, 3) === 0) $doc = mutate($doc);
    $flags = pick($flagSets);
    $assoc = pick([null, true, false]);
    $depth = pick([512, 512, 512, rnd(1, 8)]);
    foreach ($ptrs as $ptr) compare($doc, $ptr, $assoc, $depth, $flags, pick([0, 1, 1, 2, 3, rnd(4, 17)]));
}
$generated = $cases;

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
if (count($files) < 3) {
    fwrite(STDERR, "bench-data/json holds " . count($files) . " files\n");
    exit(1);
}
foreach ($files as $file) {
    $doc = file_get_contents($file);
    $ptrs = [];
    pointers(json_decode($doc, true), '', $ptrs, PHP_INT_MAX);
    // the root, the first levels and a sample: each pointer reads the whole file
    $some = array_values(array_filter($ptrs, fn($p) => substr_count($p, '/') <= 1));
    $some = array_slice($some, 0, 3);
    for ($i = 0; $i < 3; $i++) $some[] = pick($ptrs);
    foreach ($some as $ptr) {
        // reads of a few bytes only for the small files: a user wrapper call per read
        $chunk = strlen($doc) < 100000 ? pick([rnd(1, 7), rnd(8, 300)]) : pick([0, rnd(1000, 9000)]);
        compare($doc, $ptr, pick([true, false]), 512, 0, $chunk);
    }
    // a mutated copy, read in small pieces up to its error or end
    compare(mutate($doc), pick($some), true, 512, 0, rnd(200, 4000));
}

ksort($by);
$parts = [];
foreach ($by as $k => $n) $parts[] = "$k:$n";
printf("stream diff: %d iterations (%d on %d generated texts, %d on %d corpus files; by outcome %s), %d failed, seed %d, %.1f s\n",
    $cases, $generated, $docs, $cases - $generated, count($files), implode(' ', $parts), $failures, $seed, microtime(true) - $t0);
exit($failures ? 1 : 0);
