<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Small values, as a cache keeps one per key and a session store one per visitor: an int, a
 * short string, a float, a list of three ints and two session-like arrays. At these sizes a
 * call costs mostly its fixed set-up and release, which the large datasets of binary.php do not
 * show. Figures: bytes, and the median time per call of serialize()/unserialize(), igbinary and
 * zser side by side, with zser's ratio to each. Every round trip is checked first; the script
 * exits 1 on a wrong one.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';

bench_header('Small values: serialize(), igbinary and zser per call');

$values = [
	'int' => 1733480000,
	'string, 11 bytes' => 'hello world',
	'float' => 0.1,
	'list of 3 ints' => [1, 2, 3],
	'session, 3 keys' => ['user_id' => 123, 'csrf' => 'a1b2c3d4e5f6', 'flash' => []],
	'session, cart' => ['uid' => 41248, 'name' => 'alice', 'roles' => ['admin', 'dev'],
		'last' => 1733480000, 'cart' => [['sku' => 'A-1', 'qty' => 2], ['sku' => 'B-7', 'qty' => 1]]],
];
$impls = [
	'serialize' => ['serialize', 'unserialize'],
	'igbinary' => function_exists('igbinary_serialize') ? ['igbinary_serialize', 'igbinary_unserialize'] : null,
	'zser' => ['zser_serialize', 'zser_unserialize'],
];

$rows = [];
foreach ($values as $name => $v) {
	$blobs = [];
	foreach ($impls as $impl => $fns) {
		if ($fns === null) {
			continue;
		}
		$blobs[$impl] = $fns[0]($v);
		if ($fns[1]($blobs[$impl]) !== $v) {
			bench_fail("$name: $impl does not give the value back");
		}
	}
	/* a loop per implementation and direction, each a plain call of the function by name */
	$ser = [
		'serialize' => function (int $n) use ($v): void {
			for ($i = 0; $i < $n; $i++) {
				serialize($v);
			}
		},
		'igbinary' => isset($blobs['igbinary']) ? function (int $n) use ($v): void {
			for ($i = 0; $i < $n; $i++) {
				igbinary_serialize($v);
			}
		} : null,
		'zser' => function (int $n) use ($v): void {
			for ($i = 0; $i < $n; $i++) {
				zser_serialize($v);
			}
		},
	];
	$unser = [
		'serialize' => function (int $n) use ($blobs): void {
			$b = $blobs['serialize'];
			for ($i = 0; $i < $n; $i++) {
				unserialize($b);
			}
		},
		'igbinary' => isset($blobs['igbinary']) ? function (int $n) use ($blobs): void {
			$b = $blobs['igbinary'];
			for ($i = 0; $i < $n; $i++) {
				igbinary_unserialize($b);
			}
		} : null,
		'zser' => function (int $n) use ($blobs): void {
			$b = $blobs['zser'];
			for ($i = 0; $i < $n; $i++) {
				zser_unserialize($b);
			}
		},
	];
	$s = bench_side_by_side($ser, bench_calibrate_each($ser));
	$u = bench_side_by_side($unser, bench_calibrate_each($unser));
	$rows[] = [$name, (string)strlen($blobs['serialize']), isset($blobs['igbinary']) ? (string)strlen($blobs['igbinary']) : 'n/a',
		(string)strlen($blobs['zser']),
		fmt_ns($s['ns']['serialize']), fmt_ns($s['ns']['igbinary']), fmt_ns($s['ns']['zser']),
		fmt_ratio(bench_paired_ratio($s, 'zser', 'igbinary')), fmt_ratio($s['ratio']['zser']),
		fmt_ns($u['ns']['serialize']), fmt_ns($u['ns']['igbinary']), fmt_ns($u['ns']['zser']),
		fmt_ratio(bench_paired_ratio($u, 'zser', 'igbinary')), fmt_ratio($u['ratio']['zser'])];
}
$head = ['value', 'bytes ser', 'bytes igb', 'bytes zser', 'serialize()', 'igbinary', 'zser', 'zser / igb',
	'zser / ser', 'unserialize()', 'igbinary', 'zser', 'zser / igb', 'zser / unser'];
echo "Time per call, serialize then unserialize; ratios are medians over rounds of zser's time to the other's\n";
$md = "### Small values\n\nTime per call, serialize then unserialize; ratios are medians over rounds of zser's "
	. "time to the other's (below 1: zser is faster)\n\n" . print_table($head, $rows);
file_put_contents(bench_out_dir() . '/binary_small.md', $md);
exit(bench_finish('binary_small'));
