<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test of jsond_decode_lines() and jsond_encode_lines(): seeded random values
// written as JSON lines must be json_encode()'s texts, one per line, and the byte count the
// file's size; read back at every stream chunk size from 1 byte up to past the file's length
// (stream_set_chunk_size, with the read buffer on and off), the lines must decode to what
// json_decode() gives for each line, keyed by line number, with blank lines skipped and
// bad lines reported (JsonException naming the line) or skipped under
// JSOND_LINES_SKIP_INVALID with their error kept. Replay a failure with ZSER_SEED=<seed>.

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int)$seed : random_int(1, PHP_INT_MAX);
mt_srand($seed);
$rounds = (int)(getenv('ZSER_CASES') ?: 200);

function rnd(int $a, int $b): int { return mt_rand($a, $b); }
function pick(array $a) { return $a[mt_rand(0, count($a) - 1)]; }

function gen_value(int $depth) {
    $r = rnd(0, 99);
    if ($depth <= 0 || $r < 50) {
        return pick([null, true, false, 0, -1, PHP_INT_MAX, 1.5, -0.0, 0.1, 1e100, '', 'a', "x\ny", "\u{2028}é", '/"\\',
            str_repeat('long ', rnd(1, 30))]);
    }
    $n = rnd(0, 4);
    $a = [];
    $assoc = $r < 75;
    for ($i = 0; $i < $n; $i++) {
        if ($assoc) $a[pick(['k', 'é', '', "a\nb", (string)rnd(0, 5)])] = gen_value($depth - 1);
        else $a[] = gen_value($depth - 1);
    }
    return rnd(0, 4) === 0 ? (object)$a : $a;
}

$failures = 0;
$cases = 0;
function check(string $what, $want, $got, string $file): void {
    global $failures, $cases, $seed;
    $cases++;
    if ($want === $got) return;
    $failures++;
    if ($failures > 5) return;
    fwrite(STDERR, "MISMATCH ($what) seed=$seed\n  file: " . json_encode($file) . "\n  want: " . var_export($want, true)
        . "\n  got:  " . var_export($got, true) . "\n");
}

// What a reader must give for $text: [line => serialize(value)] and the first bad line's
// [line, code], using json_decode() on each line.
function expected(string $text, ?bool $assoc, int $flags): array {
    $out = [];
    $lines = explode("\n", $text);
    if (end($lines) === '') array_pop($lines);
    foreach ($lines as $i => $line) {
        if (trim($line, " \t\r\n") === '') continue;
        $v = json_decode($line, $assoc, 512, $flags);
        if (json_last_error()) return [$out, [$i + 1, json_last_error()]];
        $out[$i + 1] = serialize($v);
    }
    return [$out, null];
}

function read_all(string $path, int $chunk, bool $buffered, ?bool $assoc, int $flags): array {
    $f = fopen($path, 'r');
    stream_set_chunk_size($f, $chunk);
    stream_set_read_buffer($f, $buffered ? 8192 : 0);
    $out = [];
    $bad = null;
    try {
        foreach (jsond_decode_lines($f, $assoc, 512, $flags) as $k => $v) $out[$k] = serialize($v);
    } catch (JsonException $e) {
        preg_match('/ on line (\d+)$/', $e->getMessage(), $m);
        $bad = [(int)$m[1], $e->getCode()];
    }
    fclose($f);
    return [$out, $bad];
}

$path = tempnam(sys_get_temp_dir(), 'zser-lines');
$t0 = microtime(true);
for ($r = 0; $r < $rounds; $r++) {
    $values = [];
    for ($i = 0, $n = rnd(0, 6); $i < $n; $i++) $values[] = gen_value(3);
    $flags = pick([0, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION, JSON_FORCE_OBJECT]);
    $f = fopen($path, 'w');
    $written = jsond_encode_lines(rnd(0, 1) ? $values : new ArrayIterator($values), $f, $flags);
    fclose($f);
    $text = file_get_contents($path);
    $want = implode('', array_map(fn($v) => json_encode($v, $flags) . "\n", $values));
    check('encode_lines', [$want, strlen($want)], [$text, $written], $text);

    // blank lines, CRLF endings, a bad line, no final newline
    $extra = $text;
    if (rnd(0, 1)) $extra = str_replace("\n", "\r\n", $extra);
    if (rnd(0, 1)) $extra = "\n  \n" . $extra;
    if (rnd(0, 2) === 0) $extra .= pick(['{"a":', '[1,]', "\"\x01\"", '12345678901234567890']) . "\n";
    if (rnd(0, 1)) $extra .= '{"last":true}';
    file_put_contents($path, $extra);
    $assoc = pick([null, true, false]);
    $dflags = pick([0, JSON_BIGINT_AS_STRING]);
    [$wantOut, $wantBad] = expected($extra, $assoc, $dflags);
    for ($chunk = 1; $chunk <= strlen($extra) + 2; $chunk++) {
        $got = read_all($path, $chunk, (bool)rnd(0, 1), $assoc, $dflags);
        check("decode_lines chunk $chunk", [$wantOut, $wantBad], $got, $extra);
    }
    // skipping: every good line, the last bad line's code left in jsond_last_error()
    $skipOut = [];
    $lastErr = 0;
    $lines = explode("\n", $extra);
    foreach ($lines as $i => $line) {
        if (trim($line, " \t\r\n") === '') continue;
        $v = json_decode($line, $assoc, 512, $dflags);
        if (json_last_error()) { $lastErr = json_last_error(); continue; }
        $skipOut[$i + 1] = serialize($v);
    }
    $f = fopen($path, 'r');
    stream_set_chunk_size($f, rnd(1, 64));
    $got = [];
    foreach (jsond_decode_lines($f, $assoc, 512, $dflags | JSOND_LINES_SKIP_INVALID) as $k => $v) $got[$k] = serialize($v);
    fclose($f);
    check('decode_lines skip', [$skipOut, $lastErr], [$got, jsond_last_error()], $extra);
}
unlink($path);
printf("lines diff: %d checks on %d files, %d failed, seed %d, %.1f s\n", $cases, $rounds, $failures, $seed, microtime(true) - $t0);
exit($failures ? 1 : 0);
