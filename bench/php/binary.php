<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * The binary serializer table, after the classic 2015 comparison: for each dataset the bytes and
 * the time per serialize and per unserialize of json_encode/json_decode, serialize/unserialize,
 * igbinary, msgpack and zser, with ratios to serialize(), the memory an unserialized value keeps,
 * and zser's figures against the targets of issues 3 and 25. Every format's round trip is checked on
 * every dataset before it is timed (a format is skipped only where it cannot represent the data,
 * and the reason is printed); a wrong round trip makes the script exit 1. It writes the chart
 * docs/bench-binary.svg and bench/out/binary.md.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';
require __DIR__ . '/../lib/svg.php';

/* Targets of issue 3, the times against igbinary raised by issue 25 (ratios of zser to the named
 * competitor; times are time ratios). */
const T_BYTES_IGB = 1.0;
const T_BYTES_IGB_LARGE = 0.8;
const T_SER_IGB = 0.5;
const T_UNSER_IGB = 0.67;
const T_VS_PHP = 0.5;
const T_MEMORY = 1.0;
const LARGE_TARGET_SETS = ['battle + 62-round log', '1,000 typed objects', 'twitter.json', 'citm_catalog.json'];

/* One loop per format and direction with a direct call, so every format pays the same loop cost. */
function pack_json(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		json_encode($v);
	}
}
function unpack_json(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		json_decode($s, true);
	}
}
function pack_serialize(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		serialize($v);
	}
}
function unpack_serialize(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		unserialize($s);
	}
}
function pack_igbinary(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		igbinary_serialize($v);
	}
}
function unpack_igbinary(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		igbinary_unserialize($s);
	}
}
function pack_msgpack(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		msgpack_pack($v);
	}
}
function unpack_msgpack(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		msgpack_unpack($s);
	}
}
function pack_zser(mixed $v, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		zser_serialize($v);
	}
}
function unpack_zser(string $s, int $n): void
{
	for ($i = 0; $i < $n; $i++) {
		zser_unserialize($s);
	}
}

/** Display order of the formats; the measuring order puts serialize first (the base of ratios). */
$formats = [
	'json' => ['json_encode', fn(string $s) => json_decode($s, true), true],
	'serialize' => ['serialize', 'unserialize', true],
	'igbinary' => ['igbinary_serialize', 'igbinary_unserialize', function_exists('igbinary_serialize')],
	'msgpack' => ['msgpack_pack', 'msgpack_unpack', function_exists('msgpack_pack')],
	'zser' => ['zser_serialize', 'zser_unserialize',
		bench_works('zser_serialize', fn() => zser_unserialize(zser_serialize([1])))],
];
$measureOrder = ['serialize', 'json', 'igbinary', 'msgpack', 'zser'];
$colours = ['json' => '#8da0cb', 'igbinary' => '#fc8d62', 'msgpack' => '#66c2a5', 'zser' => '#d62728'];

/**
 * Round trip of one format: the value back from its bytes must equal the original as
 * serialize() sees it (types, references, object identity); JSON must give === arrays back.
 * Returns the bytes, or null after recording the failure.
 */
function round_trip(string $fmt, array $f, mixed $v, string $ref, string $dataset): ?string
{
	[$pack, $unpack] = $f;
	try {
		$bytes = $pack($v);
		if (!is_string($bytes)) {
			throw new RuntimeException('pack returned ' . get_debug_type($bytes));
		}
		$back = $unpack($bytes);
	} catch (Throwable $e) {
		bench_fail("$dataset: $fmt threw " . get_class($e) . ': ' . $e->getMessage());
		return null;
	}
	$same = $fmt === 'json' ? $back === $v : serialize($back) === $ref;
	if (!$same) {
		bench_fail("$dataset: $fmt round trip gives a different value");
		return null;
	}
	return $bytes;
}

bench_header('Binary: serialize() vs igbinary vs msgpack vs zser (and JSON)');
foreach ($formats as $name => [, , $ok]) {
	printf('%s: %s; ', $name, $ok ? 'measured' : 'n/a (missing or not implemented)');
}
echo "\nigbinary.compact_strings=", ini_get('igbinary.compact_strings') === false ? '-' : ini_get('igbinary.compact_strings'),
	', msgpack.php_only=', ini_get('msgpack.php_only') === false ? '-' : ini_get('msgpack.php_only'), "\n\n";

$md = "### Binary serializers\n\n";
$summary = [];
$overview = ['bytes' => [], 'ser' => [], 'unser' => []];
$chart = ['bytes' => [], 'ser' => [], 'unser' => [], 'mem' => []];
foreach (bench_binary_datasets() as $dataset => [$gen, $cannot]) {
	$v = $gen();
	$ref = serialize($v);
	$blobs = [];
	$notes = [];
	foreach ($formats as $fmt => $f) {
		if (!$f[2]) {
			continue;
		}
		if (isset($cannot[$fmt])) {
			$notes[] = "$fmt skipped: " . $cannot[$fmt];
			continue;
		}
		$b = round_trip($fmt, $f, $v, $ref, $dataset);
		if ($b !== null) {
			$blobs[$fmt] = $b;
		}
	}
	$packs = [];
	$unpacks = [];
	foreach ($measureOrder as $fmt) {
		$has = isset($blobs[$fmt]);
		$packs[$fmt] = $has ? fn(int $n) => ('pack_' . $fmt)($v, $n) : null;
		$blob = $blobs[$fmt] ?? '';
		$unpacks[$fmt] = $has ? fn(int $n) => ('unpack_' . $fmt)($blob, $n) : null;
	}
	$p = bench_side_by_side($packs, bench_calibrate_each($packs));
	$u = bench_side_by_side($unpacks, bench_calibrate_each($unpacks));
	$mem = [];
	foreach ($formats as $fmt => $f) {
		if (isset($blobs[$fmt])) {
			$blob = $blobs[$fmt];
			$unpack = $f[1];
			$mem[$fmt] = bench_memory(fn() => $unpack($blob));
		}
	}
	$serBytes = strlen($blobs['serialize']);
	$rows = [];
	foreach ($formats as $fmt => $f) {
		$bytes = isset($blobs[$fmt]) ? strlen($blobs[$fmt]) : null;
		$why = !$f[2] ? 'n/a' : (isset($cannot[$fmt]) ? 'skipped' : ($bytes === null ? 'FAILED' : 'ok'));
		$br = $bytes === null ? null : $bytes / $serBytes;
		$mr = isset($mem[$fmt]) ? $mem[$fmt] / max(1, $mem['serialize']) : null;
		$rows[] = [$fmt, fmt_bytes($bytes), fmt_ratio($br), fmt_ns($p['ns'][$fmt]), fmt_ratio($p['ratio'][$fmt]),
			fmt_ns($u['ns'][$fmt]), fmt_ratio($u['ratio'][$fmt]), fmt_bytes($mem[$fmt] ?? null), fmt_ratio($mr), $why];
		$overview['bytes'][$dataset][$fmt] = $bytes === null ? 'n/a' : number_format($bytes);
		$overview['ser'][$dataset][$fmt] = $p['ns'][$fmt] === null ? 'n/a'
			: sprintf('%s (%.2f)', fmt_ns($p['ns'][$fmt]), $p['ratio'][$fmt]);
		$overview['unser'][$dataset][$fmt] = $u['ns'][$fmt] === null ? 'n/a'
			: sprintf('%s (%.2f)', fmt_ns($u['ns'][$fmt]), $u['ratio'][$fmt]);
		if ($fmt !== 'serialize') {
			$chart['bytes'][$dataset][$fmt] = [$br, null];
			$chart['ser'][$dataset][$fmt] = [$p['ratio'][$fmt], null];
			$chart['unser'][$dataset][$fmt] = [$u['ratio'][$fmt], null];
			$chart['mem'][$dataset][$fmt] = [$mr, null];
		}
	}
	printf("%s — serialize() %s bytes\n", $dataset, number_format($serBytes));
	$md .= sprintf("**%s** (serialize(): %s bytes)\n\n", $dataset, number_format($serBytes));
	$md .= print_table(['format', 'bytes', 'x ser', 'serialize', 'x ser', 'unserialize', 'x unser',
		'mem B', 'mem x unser', 'round trip'], $rows);
	foreach ($notes as $n) {
		echo "  $n\n";
		$md .= "$n\n";
	}
	echo $notes ? "\n" : '';
	$md .= "\n";

	$zb = isset($blobs['zser']) ? strlen($blobs['zser']) : null;
	$ib = isset($blobs['igbinary']) ? strlen($blobs['igbinary']) : null;
	$bytesIgb = ($zb === null || $ib === null) ? null : $zb / $ib;
	$tBytes = in_array($dataset, LARGE_TARGET_SETS, true) ? T_BYTES_IGB_LARGE : T_BYTES_IGB;
	$serIgb = bench_paired_ratio($p, 'zser', 'igbinary');
	$unserIgb = bench_paired_ratio($u, 'zser', 'igbinary');
	$memR = isset($mem['zser']) ? $mem['zser'] / max(1, $mem['serialize']) : null;
	$memIgb = isset($mem['zser'], $mem['igbinary']) ? $mem['zser'] / max(1, $mem['igbinary']) : null;
	$cell = fn(?float $r, float $t, bool $showTarget = false): string => $r === null ? 'n/a'
		: sprintf('%.3f %s', $r, mark($r, $t)) . ($showTarget ? sprintf(' (<=%.1f)', $t) : '');
	$summary[] = [$dataset, $cell($bytesIgb, $tBytes, true), $cell($serIgb, T_SER_IGB),
		$cell($unserIgb, T_UNSER_IGB), $cell($p['ratio']['zser'], T_VS_PHP),
		$cell($u['ratio']['zser'], T_VS_PHP), $cell($memR, T_MEMORY), $cell($memIgb, T_MEMORY)];
	$chart['bytes'][$dataset]['zser'][1] = $tBytes * ($ib ?? 0) / $serBytes ?: null;
	/* the tick shows the tighter of the two time targets, both expressed against serialize() */
	$chart['ser'][$dataset]['zser'][1] = min(T_VS_PHP, ($p['ratio']['igbinary'] ?? INF) * T_SER_IGB);
	$chart['unser'][$dataset]['zser'][1] = min(T_VS_PHP, ($u['ratio']['igbinary'] ?? INF) * T_UNSER_IGB);
	$chart['mem'][$dataset]['zser'][1] = T_MEMORY;
	unset($v, $blobs, $packs, $unpacks);
}

echo "zser against the targets of issues 3 and 25: ratios of zser's time, bytes or memory to the competitor's\n";
echo "(0.60 = zser takes 0.60x igbinary's time, i.e. is 1.67x faster); ok = target met, MISS = not met\n";
$md .= "**zser against the targets of issues 3 and 25** (ratios of zser's time, bytes or memory to the competitor's)\n\n";
$md .= print_table(['dataset', 'bytes / igbinary', sprintf('ser / igbinary <=%.2f', T_SER_IGB),
	sprintf('unser / igbinary <=%.2f', T_UNSER_IGB), sprintf('ser / serialize <=%.1f', T_VS_PHP),
	sprintf('unser / unserialize <=%.1f', T_VS_PHP), sprintf('memory / unserialize <=%.1f', T_MEMORY),
	sprintf('memory / igbinary <=%.1f', T_MEMORY)], $summary);

$battle = bench_battle_log();
$floor = bench_noise_floor(fn(int $n) => pack_serialize($battle, $n));
$line = sprintf("Noise floor: serialize(battle log) timed against itself the same way gives a ratio of %.3f\n", $floor);
echo "\n", $line;
$md .= "\n$line";

$series = $colours; /* unavailable formats stay in the legend and show "n/a" */
$panel = function (string $key, string $title) use ($chart): array {
	$rows = [];
	foreach ($chart[$key] as $dataset => $vals) {
		$rows[] = [$dataset, $vals];
	}
	return ['title' => $title, 'rows' => $rows];
};
svg_bar_chart(bench_svg_dir() . '/bench-binary.svg', 'Serializers relative to serialize()/unserialize() (PHP '
	. PHP_VERSION . ')', 'ratio to PHP\'s serialize() = 1.0 (dashed line); shorter is smaller/faster; '
	. 'zser targets as black ticks; medians of ' . bench_rounds() . ' side-by-side rounds, ' . bench_clock() . ' time',
	$series, [
		$panel('bytes', 'bytes'),
		$panel('ser', 'serialize time'),
		$panel('unser', 'unserialize time'),
		$panel('mem', 'memory of the unserialized value'),
	]);
/* the same figures as one table per quantity, datasets down and formats across, for README */
$ov = "### Binary serializers: overview\n\n";
foreach (['bytes' => 'Bytes', 'ser' => 'Time per serialize (ratio to serialize())',
	'unser' => 'Time per unserialize (ratio to unserialize())'] as $key => $title) {
	$ov .= "$title\n\n| dataset | " . implode(' | ', array_keys($formats)) . " |\n|---|"
		. str_repeat('---:|', count($formats)) . "\n";
	foreach ($overview[$key] as $dataset => $cells) {
		$ov .= "| $dataset | " . implode(' | ', $cells) . " |\n";
	}
	$ov .= "\n";
}
file_put_contents(bench_out_dir() . '/binary.md', $ov . $md);
printf("chart: %s/bench-binary.svg, tables: %s/binary.md\n", bench_svg_dir(), bench_out_dir());
exit(bench_finish('binary'));
