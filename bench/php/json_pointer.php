<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Reading one value of a large document: jsond_pointer_get() against decoding the whole text
 * (jsond_decode() and json_decode(), then indexing), on the last leaf of every corpus (the field
 * a full decode pays most for) and on a record near the end of a generated array of about 100 MB
 * (1 MB in quick mode). simdjson_key_value() of simdjson_plus gets a column when that extension is
 * loaded. Figures: median time per read, ratios against jsond_decode() + indexing, and the peak
 * memory of one read. Every pointer read is checked against the indexed full decode first; the
 * script exits 1 on a difference.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';

/** The RFC 6901 pointer of the last scalar of $v (the last member at every level), or null. */
function last_leaf(mixed $v, string $at = ''): ?string
{
	if (!is_array($v) || $v === []) {
		return is_array($v) ? null : $at;
	}
	$k = array_key_last($v);
	return last_leaf($v[$k], $at . '/' . strtr((string)$k, ['~' => '~0', '/' => '~1']));
}

/** $v indexed by the tokens of $ptr (arrays, as decoded with $assoc = true). */
function index_by(mixed $v, string $ptr): mixed
{
	if ($ptr === '') {
		return $v;
	}
	foreach (explode('/', substr($ptr, 1)) as $tok) {
		$v = $v[strtr($tok, ['~1' => '/', '~0' => '~'])];
	}
	return $v;
}

/** Bytes above the starting peak that one call of $f made PHP hold at most. */
function peak_of(callable $f): int
{
	gc_collect_cycles();
	memory_reset_peak_usage();
	$base = memory_get_usage();
	$r = $f();
	$peak = memory_get_peak_usage() - $base;
	unset($r);
	return $peak;
}

/** A JSON array of about $bytes bytes of records (github_events-like rows). */
function big_array(int $bytes): string
{
	$rec = '{"id":"%d","type":"PushEvent","actor":{"id":%d,"login":"user%d","url":"https://api.github.com/users/user%d"},'
		. '"repo":{"id":%d,"name":"org/repo%d"},"payload":{"push_id":%d,"size":%d,"ref":"refs/heads/main",'
		. '"commits":[{"sha":"%040x","message":"Fix issue #%d \u00e9t\u00e9","distinct":true}]},"public":true,'
		. '"created_at":"2026-12-03T14:%02d:%02dZ"}';
	$parts = [];
	$len = 2;
	for ($i = 0; $len < $bytes; $i++) {
		$p = sprintf($rec, $i, $i * 7, $i, $i, $i * 3, $i % 97, $i * 11, $i % 5, $i * 2654435761, $i, $i % 60, $i % 59);
		$parts[] = $p;
		$len += strlen($p) + 1;
	}
	return '[' . implode(',', $parts) . ']';
}

bench_header('JSON pointer reads: jsond_pointer_get() vs decoding the whole text');
$haveSimd = function_exists('simdjson_key_value');
printf("simdjson_key_value: %s\n\n", $haveSimd ? 'measured' : 'n/a (simdjson_plus not loaded)');

$docs = [];
foreach (bench_json_corpora() as $name => $path) {
	$s = file_get_contents($path);
	$ptr = last_leaf(json_decode($s, true));
	if ($ptr !== null) {
		$docs[$name] = [$s, $ptr];
	}
}
$big = big_array(bench_quick() ? 1_000_000 : 100_000_000);
$count = substr_count($big, '"PushEvent"');
$docs[sprintf('generated %d MB', (int)round(strlen($big) / 1e6))] = [$big, '/' . ($count - 2) . '/actor/login'];
unset($big);

$rows = [];
$md = "### JSON pointer reads\n\nmedian time per read; ratios against jsond_decode(\$s, true) + indexing\n\n";
foreach ($docs as $name => [$s, $ptr]) {
	$want = index_by(json_decode($s, true), $ptr);
	if (jsond_pointer_get($s, $ptr, true) !== $want) {
		bench_fail("$name $ptr: jsond_pointer_get differs from json_decode + indexing");
		continue;
	}
	if ($haveSimd) {
		/* simdjson's pointers are RFC 6901 too; its value, decoded as arrays, must be the same */
		try {
			if (simdjson_key_value($s, $ptr, true) !== $want) {
				bench_fail("$name $ptr: simdjson_key_value differs from json_decode + indexing");
				$haveSimd = false;
			}
		} catch (Throwable $e) {
			bench_fail("$name $ptr: simdjson_key_value threw " . $e->getMessage());
			$haveSimd = false;
		}
	}
	$full = function (int $n) use ($s, $ptr): void {
		for ($i = 0; $i < $n; $i++) {
			index_by(jsond_decode($s, true), $ptr);
		}
	};
	$res = bench_side_by_side([
		'jsond_decode + index' => $full,
		'json_decode + index' => function (int $n) use ($s, $ptr): void {
			for ($i = 0; $i < $n; $i++) {
				index_by(json_decode($s, true), $ptr);
			}
		},
		'jsond_pointer_get' => function (int $n) use ($s, $ptr): void {
			for ($i = 0; $i < $n; $i++) {
				jsond_pointer_get($s, $ptr, true);
			}
		},
		'simdjson_key_value' => $haveSimd ? function (int $n) use ($s, $ptr): void {
			for ($i = 0; $i < $n; $i++) {
				simdjson_key_value($s, $ptr, true);
			}
		} : null,
	], bench_calibrate($full));
	$peakFull = peak_of(fn() => index_by(jsond_decode($s, true), $ptr));
	$peakPtr = peak_of(fn() => jsond_pointer_get($s, $ptr, true));
	$rows[] = [$name, sprintf('%.2f', strlen($s) / 1e6), strlen($ptr) > 28 ? '…' . substr($ptr, -27) : $ptr,
		fmt_ms($res['ns']['jsond_decode + index']), fmt_ms($res['ns']['json_decode + index']),
		fmt_ms($res['ns']['jsond_pointer_get']), fmt_ratio($res['ratio']['jsond_pointer_get']),
		fmt_ms($res['ns']['simdjson_key_value']), fmt_ratio($res['ratio']['simdjson_key_value']),
		fmt_bytes($peakFull), fmt_bytes($peakPtr)];
}
$head = ['document', 'MB', 'pointer', 'jsond_decode+index ms', 'json_decode+index ms', 'pointer_get ms',
	'ratio', 'simdjson ms', 'simdjson ratio', 'peak decode B', 'peak pointer B'];
$table = print_table($head, $rows);
printf("A/A noise floor of this run: %s\n", fmt_ratio(bench_noise_floor(fn(int $n) => jsond_pointer_get('[1,2,3]', '/2'))));
file_put_contents(bench_out_dir() . '/json_pointer.md', $md . $table);
exit(bench_finish('json_pointer'));
