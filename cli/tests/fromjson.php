<?php
// zser — SPDX-License-Identifier: MIT
//
// `zser from-json` judged as jsond_decode() is: on every file of JSONTestSuite and on seeded
// generated texts (valid ones, then each cut short and with one byte changed), the tool must
// accept exactly what json_decode($json, true) accepts, and write exactly
// zser_serialize(json_decode($json, true)). The depth limit is compared too: the tool's
// --max-depth=N counts containers, json_decode()'s $depth the container's values as well, so
// N corresponds to a $depth of N + 1. Skipped when the zser extension is not loaded.

require __DIR__ . '/lib.php';

if (!function_exists('zser_serialize')) {
	echo "fromjson: 0 cases (zser extension not loaded), 0 passed, 0 failed\n";
	exit(0);
}
$seed = test_seed();
$pass = $fail = 0;
$depth = 64;
$counts = ['accepted' => 0, 'refused' => 0];

/** One text through both: the same verdict, and the same bytes when accepted. */
function judge(string $json, string $name): void
{
	global $depth, $counts;
	$v = json_decode($json, true, $depth + 1);
	$accepted = json_last_error() === JSON_ERROR_NONE;
	[$rc, $out, $err] = zser_run(['from-json', "--max-depth=$depth"], $json);
	$counts[$accepted ? 'accepted' : 'refused']++;
	if ($accepted) {
		ok($rc === 0 && $out === zser_serialize($v), "$name: json_decode accepts, from-json rc=$rc " . trim($err) . ' text ' . bin2hex(substr($json, 0, 60)));
	} else {
		ok($rc === 1 && preg_match('/^error at offset \d+: /', $err) === 1, "$name: json_decode refuses (" . json_last_error_msg() . "), from-json rc=$rc text " . bin2hex(substr($json, 0, 60)));
	}
}

/** Seeded JSON text with the tokens the lexer treats apart: escapes, surrogates, non-ASCII,
 * numbers at int64's edges and past them, long decimals, exponents, spacing. */
function gen_json(int $level): string
{
	$ws = ['', '', '', ' ', "\n  ", "\t", "\r\n"][mt_rand(0, 6)];
	$r = mt_rand(0, 9);
	if ($level <= 0 || $r < 5) {
		$scalars = ['null', 'true', 'false', '0', '-0', '-0.0', '1e5', '1E-5', '2.5e+3', '0.1',
			'9223372036854775807', '-9223372036854775808', '9223372036854775808', '-9223372036854775809',
			'123456789012345678901234567890', '0.1000000000000000055511151231257827021181583404541015625',
			'2.2250738585072011e-308', '1e400', '-1e-400', '4.9e-324', (string)mt_rand(-99999, 99999),
			'"\u00e9\ud83d\ude00"', '"a\"b\\\\c\/d\b\f\n\r\t"', '""', '"plain text"', '"é漢字😀"',
			'"\u0000x"', '"' . str_repeat('long ', mt_rand(1, 12)) . '"', '"\u20ac\u2028"'];
		return $scalars[mt_rand(0, count($scalars) - 1)];
	}
	$n = mt_rand(0, 4);
	$parts = [];
	if ($r < 8) {
		for ($i = 0; $i < $n; $i++) {
			$parts[] = $ws . gen_json($level - 1);
		}
		return '[' . implode(',', $parts) . $ws . ']';
	}
	$keys = ['"id"', '"name"', '"0"', '"1"', '"-3"', '"07"', '""', '"a\u00e9"', '"id"', '"x\ny"'];
	for ($i = 0; $i < $n; $i++) {
		$parts[] = $ws . $keys[mt_rand(0, count($keys) - 1)] . $ws . ':' . $ws . gen_json($level - 1);
	}
	return '{' . implode(',', $parts) . $ws . '}';
}

$suite = __DIR__ . '/../../../shared/test-data/JSONTestSuite/test_parsing';
$files = glob("$suite/*.json") ?: [];
foreach ($files as $f) {
	judge(file_get_contents($f), 'JSONTestSuite ' . basename($f));
}
foreach ([$depth, $depth + 1] as $n) {
	judge(str_repeat('[', $n) . str_repeat(']', $n), "$n nested arrays");
	judge(str_repeat('{"a":', $n - 1) . '{}' . str_repeat('}', $n - 1), "$n nested objects");
}
$generated = 1000;
for ($i = 0; $i < $generated; $i++) {
	$json = gen_json(4);
	judge($json, "generated #$i");
	if ($json === '') {
		continue;
	}
	judge(substr($json, 0, mt_rand(0, strlen($json) - 1)), "generated #$i cut");
	$k = mt_rand(0, strlen($json) - 1);
	$bytes = ['"', '\\', ',', ':', ']', '}', '[', '{', "\x00", "\x1f", "\xff", "\xc3", 'e', '.', '-', '0', 'u', ' '];
	judge(substr_replace($json, $bytes[mt_rand(0, count($bytes) - 1)], $k, 1), "generated #$i changed at $k");
}
if (count($files) === 0) {
	ok(false, "JSONTestSuite not found at $suite");
}
echo "fromjson: " . ($pass + $fail) . " cases ({$counts['accepted']} accepted, {$counts['refused']} refused, " . count($files) . " JSONTestSuite files; seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
