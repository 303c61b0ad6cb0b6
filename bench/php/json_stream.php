<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_decode_stream() against jsond_decode() of the same text: for each corpus of the shared
 * JSON data, the iteration (as arrays) of its biggest array or object at the root or one level
 * down, read from php://memory, against decoding the whole text from a string. MB/s count the
 * whole text on both sides. Before timing it checks that the iteration holds what the decode
 * holds at that pointer, and exits 1 if not. Writes bench/out/json_stream.md.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';

function loop_decode_whole(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		jsond_decode($s, true);
	}
}

/** @param resource $f */
function loop_stream($f, string $ptr, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		rewind($f);
		foreach (jsond_decode_stream($f, $ptr, true) as $v) {
		}
	}
}

/** The pointer of the container with the most elements among the root and its children. */
function biggest_container(array $doc): string
{
	$best = '';
	$count = count($doc);
	foreach ($doc as $k => $v) {
		if (is_array($v) && count($v) > $count) {
			$best = '/' . str_replace(['~', '/'], ['~0', '~1'], (string)$k);
			$count = count($v);
		}
	}
	return $best;
}

bench_header('JSON: jsond_decode_stream() vs jsond_decode() of the whole text');
if (!function_exists('jsond_decode_stream')) {
	echo "jsond_decode_stream() is not available: nothing to time\n";
	exit(0);
}
$rows = [];
foreach (bench_json_corpora() as $name => $path) {
	$s = file_get_contents($path);
	$doc = json_decode($s, true);
	if (!is_array($doc)) {
		continue;
	}
	$ptr = biggest_container($doc);
	$f = fopen('php://memory', 'w+');
	fwrite($f, $s);
	rewind($f);
	$want = $ptr === '' ? $doc : $doc[substr(str_replace(['~1', '~0'], ['/', '~'], $ptr), 1)];
	$got = iterator_to_array(jsond_decode_stream($f, $ptr, true));
	if (serialize($got) !== serialize($want)) {
		bench_fail("$name: jsond_decode_stream at '$ptr' differs from the decoded text");
		continue;
	}
	$whole = fn(int $n) => loop_decode_whole($s, $n);
	$r = bench_side_by_side([
		'decode' => $whole,
		'stream' => fn(int $n) => loop_stream($f, $ptr, $n),
	], bench_calibrate($whole));
	$len = strlen($s);
	$rows[] = [$name, $ptr === '' ? "''" : $ptr, (string)count($want), sprintf('%.2f', $len / 1e6),
		fmt_ms($r['ns']['decode']), fmt_mbs($r['ns']['decode'], $len), fmt_ms($r['ns']['stream']),
		fmt_mbs($r['ns']['stream'], $len), fmt_ratio($r['ratio']['stream'])];
	fclose($f);
}
echo "ms per call and MB/s of the whole text; ratio = stream / decode (median of paired rounds)\n";
$md = "### JSON: jsond_decode_stream() vs jsond_decode()\n\n"
	. "ms per call and MB/s of the whole text (as arrays); ratio = stream / decode\n\n"
	. print_table(['corpus', 'pointer', 'elements', 'MB', 'decode ms', 'decode MB/s', 'stream ms',
		'stream MB/s', 'ratio'], $rows);
file_put_contents(bench_out_dir() . '/json_stream.md', $md);
printf("table: %s/json_stream.md\n", bench_out_dir());
exit(bench_finish('json_stream'));
