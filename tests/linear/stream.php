<?php
// zser — SPDX-License-Identifier: MIT
//
// jsond_decode_stream() does work in proportion to the text, counted in instructions
// (callgrind), not timed: each case iterates a text of N bytes and one of 4N bytes (read from
// a file, 8 KiB at a time), and fails when the instructions per byte grow by more than RATIO.
// Rescanning what is held at each read (a token or element that spans many reads, a run of
// backslashes before quotes, a long run of whitespace), or moving the held bytes at each read,
// would make the larger text cost about 4 times more per byte.
//
//   php -n -d extension=zser.so tests/linear/stream.php           every case
//   php -n -d extension=zser.so tests/linear/stream.php NAME...   these
//   ZSER_STREAM_BYTES=500000 (default): N
// The values themselves are checked by tests/json/stream_*.phpt and tests/diff/stream.php.

require __DIR__ . '/callgrind.inc.php';

const RATIO = 1.5;

// name => [pointer, fn(int $bytes): string making a text of about that many bytes]
function cases(): array
{
    return [
        'one long string element' => ['', fn(int $n) => '["' . str_repeat('abcdefgh', intdiv($n, 8)) . '"]'],
        'one long nested element' => ['', fn(int $n) => '[[' . str_repeat('["' . str_repeat('x', 500) . '",{"a":[1]}],', intdiv($n, 520)) . '0]]'],
        'escaped quotes and backslashes' => ['', fn(int $n) => '["' . str_repeat('\\\\\\"', intdiv($n, 4)) . '"]'],
        'many small elements' => ['/a', fn(int $n) => '{"a": [' . str_repeat('123,', intdiv($n, 4)) . '0]}'],
        'a long string outside the target' => ['/a', fn(int $n) => '{"skip": "' . str_repeat('x', $n) . '", "a": [1]}'],
        'a long array outside the target' => ['/a', fn(int $n) => '{"skip": [' . str_repeat('1.5,', intdiv($n, 4)) . '0], "a": [1]}'],
        'whitespace' => ['', fn(int $n) => '[' . str_repeat(" \n", intdiv($n, 2)) . '1]'],
        'UTF-8 text' => ['', fn(int $n) => '["' . str_repeat('日本語', intdiv($n, 9)) . '", "é"]'],
    ];
}

// The child: iterates each file of the list once, in order (one line: "POINTER FILE").
if (($argv[1] ?? '') === '--child') {
    $null = fopen('/dev/null', 'w');
    foreach (file($argv[2], FILE_IGNORE_NEW_LINES) as $line) {
        [$ptr, $file] = explode(' ', $line, 2);
        $f = fopen($file, 'r');
        // jsond_encode_lines() drives the iteration inside one call of the module that
        // callgrind can name (PHP's own functions carry no symbols); writing the values out
        // is linear work of its own
        $n = jsond_encode_lines(jsond_decode_stream($f, $ptr === '-' ? '' : $ptr, true), $null);
        fclose($f);
        echo "$n\n";
    }
    exit(0);
}

$bytes = (int)(getenv('ZSER_STREAM_BYTES') ?: 500000);
$all = cases();
$names = array_slice($argv, 1) ?: array_keys($all);
$dir = sys_get_temp_dir() . '/zser-linear-stream-' . getmypid();
@mkdir($dir);
$list = '';
$sizes = [];
foreach ($names as $i => $name) {
    [$ptr, $make] = $all[$name];
    foreach ([$bytes, 4 * $bytes] as $j => $n) {
        $text = $make($n);
        file_put_contents("$dir/$i-$j.json", $text);
        $sizes[] = strlen($text);
        $list .= ($ptr === '' ? '-' : $ptr) . " $dir/$i-$j.json\n";
    }
}
file_put_contents("$dir/list", $list);
[$counts, $out, $err, $rc] = callgrind_calls(callgrind_php(__FILE__, ['--child', "$dir/list"]),
    'zif_jsond_encode_lines');
foreach (glob("$dir/*") as $f) unlink($f);
rmdir($dir);
if ($rc !== 0 || $counts === null || count($counts) !== 2 * count($names)) {
    fwrite(STDERR, "child failed ($rc): $err\n");
    echo "0 passed, 1 failed\n";
    exit(1);
}
$pass = $fail = 0;
foreach ($names as $i => $name) {
    $small = $counts[2 * $i] / $sizes[2 * $i];
    $large = $counts[2 * $i + 1] / $sizes[2 * $i + 1];
    $ok = $large <= RATIO * $small;
    printf("%-34s %6.2f instructions/byte at %d bytes, %6.2f at %d: %s\n", $name, $small,
        $sizes[2 * $i], $large, $sizes[2 * $i + 1], $ok ? 'ok' : 'GROWS');
    $ok ? $pass++ : $fail++;
}
echo "$pass passed, $fail failed\n";
exit($fail ? 1 : 0);
