<?php
// zser — SPDX-License-Identifier: MIT
// diff-override: not applicable (ext/json has no stream encoder for zser.json_override to
// replace; jsond_encode() itself is compared with json_encode() under the override)
//
// Differential test of jsond_encode_to_stream(): seeded random values, many of them large
// enough to cross the 64 KiB flush point many times (small parts repeated), with errors
// planted early or late (NAN, bad UTF-8 in values and keys, resources, recursion, depth,
// non-backed enums, jsonSerialize() that throws, standing as null in the partial text), and the JSON corpora of the shared
// bench-data, are written under random flag sets (PRETTY_PRINT and PARTIAL_OUTPUT_ON_ERROR
// among them) to php://memory and to a temporary file. The result must be strlen() of what
// jsond_encode() and json_encode() return, the stream must hold those bytes exactly, and
// jsond_last_error() must equal json_last_error(); on false or JsonException, the stream
// must hold a strict prefix of the text that partial output gives. Replay a failure with
// ZSER_SEED=<seed>; ZSER_CASES=<n> changes the number of generated cases (default 3000).

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$rounds = (int)(getenv('ZSER_CASES') ?: 3000);

class StreamSer implements JsonSerializable
{
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}
// Throws, except while the reference partial text is made (where it stands as null).
class StreamThrows implements JsonSerializable
{
    public static bool $on = true;
    public function jsonSerialize(): mixed
    {
        if (self::$on) throw new RuntimeException('thrown');
        return null;
    }
}
class StreamProps { public $a = 1; public $b = []; protected $c = 2; public $d = 'd/é'; }
enum StreamPlain { case A; }
enum StreamBacked: string { case A = 'a/"'; }

function rnd(int $a, int $b): int { return mt_rand($a, $b); }
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

$resource = fopen('php://memory', 'r');

function scalar(bool $bad) {
    global $resource;
    if ($bad && rnd(0, 3) === 0) {
        return pick([NAN, INF, "bad\xFF", "\xC3", $resource, StreamPlain::A, new StreamThrows]);
    }
    return pick([null, true, false, 0, -1, PHP_INT_MAX, 1.5, -0.0, 0.1, 1e100, 1.0, '', 'a', '12', '1e3',
        "x\ny", "\u{2028}é", '/"\\<>&\'', str_repeat('long ', rnd(1, 40)), StreamBacked::A]);
}

function value(int $depth, bool $bad) {
    $r = rnd(0, 99);
    if ($depth <= 0 || $r < 40) return scalar($bad);
    $n = rnd(0, 5);
    $a = [];
    $assoc = $r < 70;
    for ($i = 0; $i < $n; $i++) {
        $v = value($depth - 1, $bad && rnd(0, 1) === 0);
        if ($assoc) {
            $key = pick(['k', 'é', '', "a\nb", '0', (string)rnd(0, 9), '/']);
            if ($bad && rnd(0, 20) === 0) $key = "key\xFF";
            $a[$key] = $v;
        } else {
            $a[] = $v;
        }
    }
    $w = rnd(0, 9);
    if ($w === 0) return (object)$a;
    if ($w === 1) return new StreamSer($a);
    if ($w === 2) return new StreamProps;
    return $a;
}

// A big value: one small part repeated (shared, so cheap to build) with a few distinct ones,
// and maybe one bad part placed early, in the middle or at the end.
function big_value(bool $bad) {
    $part = value(3, false);
    $n = rnd(1, 4) === 1 ? rnd(1, 50) : rnd(500, 6000);
    $a = array_fill(0, $n, $part);
    for ($i = 0, $m = rnd(0, 5); $i < $m; $i++) $a[rnd(0, $n - 1)] = value(3, false);
    if ($bad) {
        $at = pick([0, intdiv($n, 2), $n - 1]);
        // a bad key, or an exception under partial output: ext/json goes on past either with
        // a text of its own (no key; null for every later jsonSerialize())
        $a[$at] = pick([[value(2, false), value(3, true)], NAN, "\xFF", [[[[[[1]]]]]], ["k\xFF" => value(1, false)],
            new StreamThrows]);
    }
    if (rnd(0, 3) === 0) {
        $a = ['rows' => $a, 'empty' => [], 'o' => new stdClass];
    }
    if (rnd(0, 9) === 0) {
        $a = [$a, &$a]; // recursion after the first half
    }
    return rnd(0, 4) === 0 ? new StreamSer($a) : $a;
}

function flag_set(): int {
    $f = 0;
    foreach ([JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR, JSON_UNESCAPED_SLASHES,
              JSON_UNESCAPED_UNICODE, JSON_FORCE_OBJECT, JSON_PRESERVE_ZERO_FRACTION, JSON_NUMERIC_CHECK,
              JSON_HEX_TAG | JSON_HEX_QUOT, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE,
              JSON_UNESCAPED_LINE_TERMINATORS] as $bit) {
        if (rnd(0, 3) === 0) $f |= $bit;
    }
    return $f;
}

function outcome(callable $encode): array {
    try {
        $r = $encode();
    } catch (Throwable $e) {
        return ['throw', get_class($e), $e->getCode(), $e->getMessage()];
    }
    return [$r, json_last_error(), jsond_last_error()];
}

function partial_text($value, int $flags, int $depth): ?string {
    StreamThrows::$on = false;
    $s = json_encode($value, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR, $depth);
    StreamThrows::$on = true;
    return is_string($s) ? $s : null;
}

$failures = 0;
$cases = 0;
$flushed = 0;
$prefixes = 0;
$path = tempnam(sys_get_temp_dir(), 'zser-stream');

function check(string $what, $value, int $flags, int $depth): void {
    global $failures, $cases, $seed, $path, $flushed, $prefixes;
    $cases++;
    json_encode(1); // clear both last errors
    jsond_encode(1);
    $ref = outcome(fn() => json_encode($value, $flags, $depth));
    $refErr = json_last_error();
    $ours = outcome(fn() => jsond_encode($value, $flags, $depth));
    $oursErr = jsond_last_error();
    $problems = [];
    if ($ref[0] !== $ours[0] || $refErr !== $oursErr) $problems[] = 'jsond_encode differs from json_encode';
    // no JSON text is the bare word throw, so outcome()'s marker cannot be taken for one
    $text = is_string($ref[0]) && $ref[0] !== 'throw' ? $ref[0] : null;
    $partial = null;
    foreach (['memory', 'file'] as $sink) {
        $f = $sink === 'memory' ? fopen('php://memory', 'w+') : fopen($path, 'w+');
        jsond_encode(1);
        $got = outcome(fn() => jsond_encode_to_stream($value, $f, $flags, $depth));
        $gotErr = jsond_last_error();
        rewind($f);
        $written = stream_get_contents($f);
        fclose($f);
        if ($text !== null) {
            if ($got[0] !== strlen($text) || $written !== $text || $gotErr !== $refErr) {
                $problems[] = "$sink: " . var_export([$got[0], strlen($written), $gotErr], true) . ' for ' . strlen($text) . " bytes, error $refErr";
            }
            if (strlen($text) > 65536) $flushed++;
            continue;
        }
        // false or an exception: the same one, and a strict prefix of the partial text written
        $same = $ref[0] === 'throw' ? $got[0] === 'throw' && $got[1] === $ref[1] && $got[2] === $ref[2] && $got[3] === $ref[3]
                                    : $got[0] === false && $gotErr === $refErr;
        if (!$same) $problems[] = "$sink: " . var_export($got, true) . ' where json_encode gave ' . var_export($ref, true);
        if ($written !== '') {
            $prefixes++;
            $partial ??= partial_text($value, $flags & ~JSON_THROW_ON_ERROR, $depth);
            if (!is_string($partial) || strlen($written) >= strlen($partial) || !str_starts_with($partial, $written)) {
                $problems[] = "$sink: the " . strlen($written) . ' bytes written are no strict prefix of the partial text';
            }
        }
    }
    if (!$problems) return;
    $failures++;
    if ($failures > 5) return;
    $dump = partial_text($value, 0, 512);
    fwrite(STDERR, "MISMATCH ($what) seed=$seed flags=$flags depth=$depth\n  " . implode("\n  ", $problems)
        . "\n  value: " . substr((string)$dump, 0, 300) . "\n");
}

for ($r = 0; $r < $rounds; $r++) {
    $bad = rnd(0, 3) === 0;
    $v = rnd(0, 2) === 0 ? value(5, $bad) : big_value($bad);
    $depth = rnd(0, 9) === 0 ? rnd(1, 6) : 512;
    check("generated #$r", $v, flag_set(), $depth);
}

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
    foreach ([true, false] as $assoc) {
        $v = json_decode($doc, $assoc);
        foreach ([0, JSON_PRETTY_PRINT, JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
                  JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRESERVE_ZERO_FRACTION, flag_set()] as $flags) {
            check(basename($file) . ($assoc ? ' (arrays)' : ' (objects)'), $v, $flags, 512);
        }
    }
}
unlink($path);
if (count($files) < 3) {
    fwrite(STDERR, "bench-data/json holds too few files\n");
    exit(1);
}
printf("json_stream: %d cases (%d texts over 64 KiB, %d errors after a flush), %d corpus files, %d failures (seed %d)\n",
    $cases, $flushed / 2, $prefixes / 2, count($files), $failures, $seed);
exit($failures ? 1 : 0);
