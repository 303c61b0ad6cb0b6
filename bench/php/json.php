<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * jsond_* against ext/json in one process: the five strings of the classic jsond comparison
 * (time of 100,000 decodes and 100,000 encodes), then every corpus of the shared JSON data
 * (decoded as objects and as arrays, encoded from both) with MB/s and the memory a decoded value
 * keeps. Each figure is a median of rounds run side by side; ratios are jsond time / json time.
 * Before timing anything it checks that jsond gives json's result on that input, and it exits 1
 * if it does not. It writes the chart docs/bench-json.svg and bench/out/json.md; it never
 * judges the build as good or bad by speed.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';
require __DIR__ . '/../lib/svg.php';

const CLASSIC_OPS = 100_000;
/* Targets of issue 2, as ratios of time (or memory) jsond / json. */
const T_DECODE_CLASSIC = 0.5;
const T_DECODE_CORPUS = 0.4;
const T_DECODE_CANADA = 0.2;
const T_ENCODE_CORPUS = 0.5;
const T_ENCODE_FLOATS = 0.2; /* canada and mesh */
const T_MEMORY = 1.0;

function loop_json_decode(string $s, ?bool $assoc, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		json_decode($s, $assoc);
	}
}

function loop_jsond_decode(string $s, ?bool $assoc, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		jsond_decode($s, $assoc);
	}
}

function loop_json_encode(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		json_encode($v);
	}
}

function loop_jsond_encode(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		jsond_encode($v);
	}
}

/** Checks jsond_decode($s, $assoc) against json_decode; returns whether jsond may be timed. */
function check_decode(string $what, string $s, ?bool $assoc): bool
{
	try {
		$got = jsond_decode($s, $assoc);
	} catch (Throwable $e) {
		bench_fail("$what: jsond_decode threw " . get_class($e) . ': ' . $e->getMessage());
		return false;
	}
	if (serialize($got) !== serialize(json_decode($s, $assoc))) {
		bench_fail("$what: jsond_decode result differs from json_decode");
		return false;
	}
	return true;
}

function check_encode(string $what, mixed $v): bool
{
	try {
		$got = jsond_encode($v);
	} catch (Throwable $e) {
		bench_fail("$what: jsond_encode threw " . get_class($e) . ': ' . $e->getMessage());
		return false;
	}
	if ($got !== json_encode($v)) {
		bench_fail("$what: jsond_encode output differs from json_encode");
		return false;
	}
	return true;
}

/** Memory ratio jsond/json of the value decoded from $s, and both byte counts. */
function memory_pair(string $s, ?bool $assoc, bool $haveDecode): array
{
	$mj = bench_memory(fn() => json_decode($s, $assoc));
	$md = $haveDecode ? bench_memory(fn() => jsond_decode($s, $assoc)) : null;
	return [$mj, $md, $md === null ? null : $md / max(1, $mj)];
}

bench_header('JSON: jsond_* vs ext/json');
$haveDecode = bench_works('jsond_decode', fn() => jsond_decode('[1]'));
$haveEncode = bench_works('jsond_encode', fn() => jsond_encode([1]));
printf("jsond_decode: %s; jsond_encode: %s\n\n", $haveDecode ? 'measured' : 'n/a (missing or not implemented)',
	$haveEncode ? 'measured' : 'n/a (missing or not implemented)');

$md = "### JSON: jsond_* vs ext/json\n\n";
$chartDecode = [];
$chartEncode = [];
$chartMemory = [];

/* ==== the five classic strings ==== */

/* Figures are the median time per call times 100,000: samples are calibrated like every other
 * figure, because 100,000 decodes of the $_SERVER string take seconds per sample. */
$per100k = fn(?float $ns): string => fmt_ms($ns === null ? null : $ns * CLASSIC_OPS);
$decRows = [];
$encRows = [];
foreach (bench_classic_json() as $name => $s) {
	$arr = json_decode($s, true);
	$dec = $haveDecode && check_decode($name, $s, null);
	$enc = $haveEncode && check_encode($name, $arr);
	$jd = fn(int $n) => loop_json_decode($s, null, $n);
	$d = bench_side_by_side([
		'json' => $jd,
		'jsond' => $dec ? fn(int $n) => loop_jsond_decode($s, null, $n) : null,
	], bench_calibrate($jd));
	$je = fn(int $n) => loop_json_encode($arr, $n);
	$e = bench_side_by_side([
		'json' => $je,
		'jsond' => $enc ? fn(int $n) => loop_jsond_encode($arr, $n) : null,
	], bench_calibrate($je));
	[$mj, $mdz, $mr] = memory_pair($s, null, $dec);
	$dr = $d['ratio']['jsond'];
	$er = $e['ratio']['jsond'];
	$decRows[] = [$name, (string)strlen($s), $per100k($d['ns']['json']), $per100k($d['ns']['jsond']), fmt_ratio($dr),
		mark_cell($dr, T_DECODE_CLASSIC), fmt_bytes($mj), fmt_bytes($mdz), fmt_ratio($mr), mark_cell($mr, T_MEMORY)];
	$encRows[] = [$name, (string)strlen(json_encode($arr)), $per100k($e['ns']['json']),
		$per100k($e['ns']['jsond']), fmt_ratio($er)];
	$chartDecode[] = [$name, ['jsond / json' => [$dr, T_DECODE_CLASSIC]]];
	$chartEncode[] = [$name, ['jsond / json' => [$er, null]]];
	$chartMemory[] = [$name, ['jsond / json' => [$mr, T_MEMORY]]];
}
echo "Classic strings: ms per 100,000 json_decode(\$s) (objects) / jsond_decode(\$s) calls; ratio = jsond / json;\n";
echo "memory = memory_get_usage() delta of one decoded value\n";
$md .= "Classic strings, decode (objects): ms per 100,000 calls, ratio = jsond / json\n\n";
$md .= print_table(['string', 'bytes', 'json_decode ms', 'jsond_decode ms', 'ratio', 'target',
	'mem json B', 'mem jsond B', 'mem ratio', 'mem target'], $decRows) . "\n";
echo "Classic strings: ms per 100,000 json_encode(\$v) / jsond_encode(\$v) calls, \$v = json_decode(\$s, true)\n";
$md .= "Classic strings, encode (from arrays): ms per 100,000 calls (no target in issue 2)\n\n";
$md .= print_table(['string', 'bytes out', 'json_encode ms', 'jsond_encode ms', 'ratio'], $encRows) . "\n";

/* ==== the corpora ==== */

$decRows = [];
$encRows = [];
$corpora = bench_json_corpora();
if (!$corpora) {
	bench_fail('no JSON corpus found in ' . bench_corpus_dir());
}
foreach ($corpora as $name => $path) {
	$s = file_get_contents($path);
	$len = strlen($s);
	$tDec = $name === 'canada' ? T_DECODE_CANADA : T_DECODE_CORPUS;
	$tEnc = in_array($name, ['canada', 'mesh'], true) ? T_ENCODE_FLOATS : T_ENCODE_CORPUS;
	foreach (['objects' => null, 'arrays' => true] as $mode => $assoc) {
		$label = "$name ($mode)";
		$dec = $haveDecode && check_decode($label, $s, $assoc);
		$jd = fn(int $n) => loop_json_decode($s, $assoc, $n);
		$d = bench_side_by_side([
			'json' => $jd,
			'jsond' => $dec ? fn(int $n) => loop_jsond_decode($s, $assoc, $n) : null,
		], bench_calibrate($jd));
		[$mj, $mdz, $mr] = memory_pair($s, $assoc, $dec);
		$dr = $d['ratio']['jsond'];
		$decRows[] = [$name, $mode, sprintf('%.2f', $len / 1e6), fmt_ms($d['ns']['json']),
			fmt_mbs($d['ns']['json'], $len), fmt_ms($d['ns']['jsond']), fmt_mbs($d['ns']['jsond'], $len),
			fmt_ratio($dr), mark_cell($dr, $tDec), fmt_bytes($mj), fmt_bytes($mdz), fmt_ratio($mr),
			mark_cell($mr, T_MEMORY)];
		$chartDecode[] = [$label, ['jsond / json' => [$dr, $tDec]]];
		$chartMemory[] = [$label, ['jsond / json' => [$mr, T_MEMORY]]];

		$v = json_decode($s, $assoc);
		$out = json_encode($v);
		$enc = $haveEncode && check_encode($label, $v);
		$je = fn(int $n) => loop_json_encode($v, $n);
		$e = bench_side_by_side([
			'json' => $je,
			'jsond' => $enc ? fn(int $n) => loop_jsond_encode($v, $n) : null,
		], bench_calibrate($je));
		$er = $e['ratio']['jsond'];
		$encRows[] = [$name, "from $mode", sprintf('%.2f', strlen($out) / 1e6), fmt_ms($e['ns']['json']),
			fmt_mbs($e['ns']['json'], strlen($out)), fmt_ms($e['ns']['jsond']),
			fmt_mbs($e['ns']['jsond'], strlen($out)), fmt_ratio($er), mark_cell($er, $tEnc)];
		$chartEncode[] = [$label, ['jsond / json' => [$er, $tEnc]]];
		unset($v, $out);
	}
}
echo "Corpora, decode: ms per call, MB/s of input, ratio = jsond / json (median of paired rounds)\n";
$md .= "Corpora, decode: ms per call, MB/s of input; memory = memory_get_usage() delta of the decoded value\n\n";
$md .= print_table(['corpus', 'as', 'MB', 'json ms', 'json MB/s', 'jsond ms', 'jsond MB/s', 'ratio',
	'target', 'mem json B', 'mem jsond B', 'mem ratio', 'mem target'], $decRows) . "\n";
echo "Corpora, encode: ms per call, MB/s of output, ratio = jsond / json\n";
$md .= "Corpora, encode: ms per call, MB/s of output\n\n";
$md .= print_table(['corpus', 'value', 'MB out', 'json ms', 'json MB/s', 'jsond ms', 'jsond MB/s',
	'ratio', 'target'], $encRows);

/* ==== simdjson_plus, where `make peers` built it ==== */

const T_PEER = 0.9; /* issue 25: jsond time at most 0.9x simdjson_plus's */
/* simdjson_encode() escapes neither slashes nor Unicode: jsond_encode is timed with the same */
const PEER_ENCODE_FLAGS = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE;

function loop_call(callable $f, mixed $arg, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		$f($arg);
	}
}

$chartPeer = [];
if (function_exists('simdjson_decode')) {
	$peerRows = [];
	$simdValidate = function_exists('simdjson_validate') ? 'simdjson_validate' : 'simdjson_is_valid';
	foreach ($corpora as $name => $path) {
		$s = file_get_contents($path);
		$v = json_decode($s, true);
		/* timed also where simdjson_plus's answer is not json's (its doubles are written in
		 * another form), with the answer marked; jsond's must be json's */
		if (!check_decode("$name (arrays)", $s, true) || !check_decode("$name (objects)", $s, false)) {
			continue;
		}
		if (jsond_encode($v, PEER_ENCODE_FLAGS) !== json_encode($v, PEER_ENCODE_FLAGS) || jsond_validate($s) !== true) {
			bench_fail("$name: jsond_encode or jsond_validate differs from ext/json");
			continue;
		}
		$ops = [
			'decode (arrays)' => [serialize(simdjson_decode($s, true)) === serialize($v),
				fn($x) => simdjson_decode($x, true), fn($x) => jsond_decode($x, true), $s],
			'decode (objects)' => [serialize(simdjson_decode($s, false)) === serialize(json_decode($s, false)),
				fn($x) => simdjson_decode($x, false), fn($x) => jsond_decode($x, false), $s],
			'encode' => [simdjson_encode($v) === json_encode($v, PEER_ENCODE_FLAGS), 'simdjson_encode',
				fn($x) => jsond_encode($x, PEER_ENCODE_FLAGS), $v],
			'validate' => [$simdValidate($s) === true, $simdValidate, 'jsond_validate', $s],
		];
		foreach ($ops as $op => [$same, $peer, $ours, $arg]) {
			$base = fn(int $n) => loop_call($peer, $arg, $n);
			$r = bench_side_by_side(['simdjson' => $base, 'jsond' => fn(int $n) => loop_call($ours, $arg, $n)],
				bench_calibrate($base));
			$ratio = $r['ratio']['jsond'];
			$peerRows[] = [$name, $op, fmt_ms($r['ns']['simdjson']), fmt_ms($r['ns']['jsond']), fmt_ratio($ratio),
				mark_cell($ratio, T_PEER), $same ? 'yes' : 'no'];
			$chartPeer[] = ["$name $op", ['jsond / simdjson_plus' => [$ratio, T_PEER]]];
		}
		unset($v);
	}
	echo "Corpora against simdjson_plus: ms per call, ratio = jsond / simdjson_plus (decode as arrays and as objects;\n";
	echo "encode with JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE, as simdjson_encode writes)\n";
	$md .= "\nCorpora against simdjson_plus: ms per call, ratio = jsond / simdjson_plus\n\n";
	$md .= print_table(['corpus', 'operation', 'simdjson ms', 'jsond ms', 'ratio', 'target',
		'simdjson gives ext/json\'s answer'], $peerRows) . "\n";
	/* validation of texts ext/json refuses, which the corpora (all valid) do not show */
	$invalid = ['["\\x"]', '["\\ud800"]', '["\\udc00\\ud800"]', '{"a\\q":1}', "[\"\x01\"]",
		"[\"\xC3\"]", "[\"\xED\xA0\x80\"]", '[1,]', '[01]', '{"a":1,}', '[1.]', '"\\u12"'];
	$accepted = [];
	foreach ($invalid as $t) {
		json_decode($t);
		if (json_last_error() === JSON_ERROR_NONE || jsond_validate($t) !== false) {
			bench_fail('invalid text ' . json_encode($t, JSON_INVALID_UTF8_SUBSTITUTE) . ': ext/json or jsond_validate accepts it');
			continue;
		}
		if ($simdValidate($t) === true) {
			$accepted[] = preg_match('/^[\x20-\x7e]*$/', $t) ? $t : '0x' . bin2hex($t);
		}
	}
	$line = sprintf("Invalid texts: of %d that json_decode() and jsond_validate() refuse, %s accepts %d%s\n",
		count($invalid), $simdValidate, count($accepted), $accepted ? ': ' . implode('  ', $accepted) : '');
	echo $line, "\n";
	$md .= $line . "\n";
} else {
	echo "simdjson_plus not loaded (make peers builds it from ../shared/peers): no peer columns\n\n";
}

$twitter = @file_get_contents(bench_corpus_dir() . '/twitter.json');
if ($twitter !== false) {
	$floor = bench_noise_floor(fn(int $n) => loop_json_decode($twitter, null, $n));
	$line = sprintf("Noise floor: json_decode(twitter) timed against itself the same way gives a ratio of %.3f\n", $floor);
	echo $line, "\n";
	$md .= "\n$line";
}

$series = ['jsond / json' => '#2b7bb9'];
svg_bar_chart(bench_svg_dir() . '/bench-json.svg', 'jsond_* vs ext/json (PHP ' . PHP_VERSION . ')',
	'time (or memory) of jsond divided by json; left of the dashed 1.0 line = jsond is faster/smaller; '
	. 'medians of ' . bench_rounds() . ' side-by-side rounds, ' . bench_clock() . ' time',
	$series, [
		['title' => 'decode time', 'rows' => $chartDecode],
		['title' => 'encode time (classic: from arrays)', 'rows' => $chartEncode],
		['title' => 'memory of the decoded value', 'rows' => $chartMemory],
	]);
if ($chartPeer) {
	svg_bar_chart(bench_svg_dir() . '/bench-json-simdjson.svg', 'jsond_* vs simdjson_plus (PHP ' . PHP_VERSION . ')',
		'time of jsond divided by simdjson_plus; left of the dashed 1.0 line = jsond is faster; medians of '
		. bench_rounds() . ' side-by-side rounds, ' . bench_clock() . ' time',
		['jsond / simdjson_plus' => '#2b7bb9'], [['title' => 'time per call', 'rows' => $chartPeer]]);
}
file_put_contents(bench_out_dir() . '/json.md', $md);
printf("chart: %s/bench-json.svg, tables: %s/json.md\n", bench_svg_dir(), bench_out_dir());
exit(bench_finish('json'));
