<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * JSON to and from streams: jsond_encode_to_stream() against fwrite() of jsond_encode() and of
 * json_encode() (every corpus decoded as arrays, and a generated list of about 50 MB; 1 MB in
 * quick mode), and JSON lines: jsond_encode_lines() and jsond_decode_lines() against the PHP
 * loops they replace (fwrite() of each encoded value and "\n"; fgets() and decode of each line),
 * on the records of that list. Figures: median time, ratio against the jsond_* loop, and the peak
 * memory of one call. Output goes to /dev/null; input comes from php://temp. Every result is
 * checked against ext/json's first; the script exits 1 on a difference.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';

/** Bytes above the starting usage that one call of $f made PHP hold at most. */
function peak_of(callable $f): int
{
	gc_collect_cycles();
	memory_reset_peak_usage();
	$base = memory_get_usage();
	$f();
	return memory_get_peak_usage() - $base;
}

/** $n records shaped like an event log's rows. */
function records(int $n): array
{
	$out = [];
	for ($i = 0; $i < $n; $i++) {
		$out[] = ['id' => (string)$i, 'type' => 'PushEvent',
			'actor' => ['id' => $i * 7, 'login' => "user$i", 'url' => "https://api.github.com/users/user$i"],
			'payload' => ['size' => $i % 5, 'ref' => 'refs/heads/main', 'score' => $i / 7,
				'commits' => [['sha' => sprintf('%040x', $i * 2654435761), 'message' => "Fix #$i été"]]],
			'public' => true];
	}
	return $out;
}

bench_header('JSON and streams: jsond_encode_to_stream(), jsond_encode_lines(), jsond_decode_lines()');
$null = fopen('/dev/null', 'w');
$count = bench_quick() ? 3_000 : 150_000;
$recs = records($count);
$values = [];
foreach (bench_json_corpora() as $name => $path) {
	$values[$name] = json_decode(file_get_contents($path), true);
}
$values[sprintf('%d records', $count)] = $recs;

/* ==== whole values to a stream ==== */
$rows = [];
$probe = fopen('php://memory', 'w+');
foreach ($values as $name => $v) {
	$want = json_encode($v);
	ftruncate($probe, 0);
	rewind($probe);
	$n = jsond_encode_to_stream($v, $probe);
	rewind($probe);
	if ($n !== strlen($want) || stream_get_contents($probe) !== $want) {
		bench_fail("$name: jsond_encode_to_stream wrote other bytes than json_encode");
		continue;
	}
	$viaString = function (int $n) use ($v, $null): void {
		for ($i = 0; $i < $n; $i++) {
			fwrite($null, jsond_encode($v));
		}
	};
	$res = bench_side_by_side([
		'fwrite(jsond_encode)' => $viaString,
		'fwrite(json_encode)' => function (int $n) use ($v, $null): void {
			for ($i = 0; $i < $n; $i++) {
				fwrite($null, json_encode($v));
			}
		},
		'jsond_encode_to_stream' => function (int $n) use ($v, $null): void {
			for ($i = 0; $i < $n; $i++) {
				jsond_encode_to_stream($v, $null);
			}
		},
	], bench_calibrate($viaString));
	$rows[] = [$name, sprintf('%.2f', strlen($want) / 1e6), fmt_ms($res['ns']['fwrite(jsond_encode)']),
		fmt_ms($res['ns']['fwrite(json_encode)']), fmt_ms($res['ns']['jsond_encode_to_stream']),
		fmt_ratio($res['ratio']['jsond_encode_to_stream']),
		fmt_bytes(peak_of(fn() => fwrite($null, jsond_encode($v)))),
		fmt_bytes(peak_of(fn() => jsond_encode_to_stream($v, $null)))];
}
echo "Whole values to /dev/null; ratio = jsond_encode_to_stream / fwrite(jsond_encode)\n";
$md = "### JSON and streams\n\nWhole values to /dev/null; ratio = jsond_encode_to_stream / fwrite(jsond_encode)\n\n";
$md .= print_table(['value', 'MB out', 'fwrite(jsond_encode) ms', 'fwrite(json_encode) ms', 'to_stream ms', 'ratio',
	'peak string B', 'peak stream B'], $rows) . "\n";

/* ==== JSON lines ==== */
$ndjson = '';
foreach ($recs as $r) {
	$ndjson .= json_encode($r) . "\n";
}
$probe = fopen('php://memory', 'w+');
jsond_encode_lines($recs, $probe);
rewind($probe);
if (stream_get_contents($probe) !== $ndjson) {
	bench_fail('jsond_encode_lines wrote other bytes than json_encode per line');
}
$in = fopen('php://temp', 'w+');
fwrite($in, $ndjson);
rewind($in);
if (iterator_to_array(jsond_decode_lines($in, true), false) !== $recs) {
	bench_fail('jsond_decode_lines read other values than json_decode per line');
}
$encLoop = function (int $n) use ($recs, $null): void {
	for ($i = 0; $i < $n; $i++) {
		foreach ($recs as $r) {
			fwrite($null, jsond_encode($r) . "\n");
		}
	}
};
$enc = bench_side_by_side([
	'loop jsond_encode' => $encLoop,
	'loop json_encode' => function (int $n) use ($recs, $null): void {
		for ($i = 0; $i < $n; $i++) {
			foreach ($recs as $r) {
				fwrite($null, json_encode($r) . "\n");
			}
		}
	},
	'jsond_encode_lines' => function (int $n) use ($recs, $null): void {
		for ($i = 0; $i < $n; $i++) {
			jsond_encode_lines($recs, $null);
		}
	},
], bench_calibrate($encLoop));
$decLoop = function (int $n) use ($in): void {
	for ($i = 0; $i < $n; $i++) {
		rewind($in);
		while (($line = fgets($in)) !== false) {
			jsond_decode($line, true);
		}
	}
};
$dec = bench_side_by_side([
	'loop jsond_decode' => $decLoop,
	'loop json_decode' => function (int $n) use ($in): void {
		for ($i = 0; $i < $n; $i++) {
			rewind($in);
			while (($line = fgets($in)) !== false) {
				json_decode($line, true);
			}
		}
	},
	'jsond_decode_lines' => function (int $n) use ($in): void {
		for ($i = 0; $i < $n; $i++) {
			rewind($in);
			foreach (jsond_decode_lines($in, true) as $v) {
			}
		}
	},
], bench_calibrate($decLoop));
$mb = sprintf('%.2f', strlen($ndjson) / 1e6);
$rows = [
	['encode', $mb, fmt_ms($enc['ns']['loop jsond_encode']), fmt_ms($enc['ns']['loop json_encode']),
		fmt_ms($enc['ns']['jsond_encode_lines']), fmt_ratio($enc['ratio']['jsond_encode_lines'])],
	['decode', $mb, fmt_ms($dec['ns']['loop jsond_decode']), fmt_ms($dec['ns']['loop json_decode']),
		fmt_ms($dec['ns']['jsond_decode_lines']), fmt_ratio($dec['ratio']['jsond_decode_lines'])],
];
echo "\nJSON lines, $count records; ratio = jsond_*_lines / the PHP loop over jsond_*\n";
$md .= "JSON lines, $count records; ratio = jsond_*_lines / the PHP loop over jsond_*\n\n";
$md .= print_table(['direction', 'MB', 'loop jsond ms', 'loop json ms', 'jsond_*_lines ms', 'ratio'], $rows);
file_put_contents(bench_out_dir() . '/json_lines.md', $md);
exit(bench_finish('json_lines'));
