<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Comments and trailing commas (JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS): every
 * corpus pretty-printed, then given a trailing comma in every array and object that has members
 * and a line comment after every comma that ends a line, decoded with both flags, against
 * jsond_decode() and json_decode() of the pretty text without them. Figures: median time per
 * decode, MB/s of the text read, and the ratio to jsond_decode() of the plain text. Each JSONC
 * text is checked to decode to json_decode()'s value of the plain text first; the script exits 1
 * on a difference.
 */

declare(strict_types=1);

require __DIR__ . '/../lib/common.php';
require __DIR__ . '/../lib/datasets.php';

const RELAXED = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;

/** $pretty (json_encode(..., JSON_PRETTY_PRINT) output) as a commented config file would be. */
function jsonc_of(string $pretty): string
{
	/* pretty-printed strings hold no raw newline, so these patterns see structure only */
	$t = preg_replace('/([^\[{,\s])\n(\s*)([\]}])/', "\$1,\n\$2\$3", $pretty);
	return preg_replace('/,\n/', ", // checked\n", $t);
}

bench_header('JSON with comments and trailing commas: jsond_decode() with JSOND_ALLOW_* flags');
$rows = [];
foreach (bench_json_corpora() as $name => $path) {
	$plain = json_encode(json_decode(file_get_contents($path)), JSON_PRETTY_PRINT | JSON_PRESERVE_ZERO_FRACTION);
	$jsonc = jsonc_of($plain);
	$want = serialize(json_decode($plain));
	if (serialize(jsond_decode($jsonc, null, 512, RELAXED)) !== $want) {
		bench_fail("$name: jsond_decode of the JSONC text differs from json_decode of the plain one");
		continue;
	}
	if (json_decode($jsonc) !== null || json_last_error() !== JSON_ERROR_SYNTAX) {
		bench_fail("$name: the JSONC text is not one that plain JSON refuses");
		continue;
	}
	$base = function (int $n) use ($plain): void {
		for ($i = 0; $i < $n; $i++) {
			jsond_decode($plain);
		}
	};
	$res = bench_side_by_side([
		'jsond plain' => $base,
		'json plain' => function (int $n) use ($plain): void {
			for ($i = 0; $i < $n; $i++) {
				json_decode($plain);
			}
		},
		'jsond jsonc' => function (int $n) use ($jsonc): void {
			for ($i = 0; $i < $n; $i++) {
				jsond_decode($jsonc, null, 512, RELAXED);
			}
		},
	], bench_calibrate($base));
	$rows[] = [$name, sprintf('%.2f', strlen($plain) / 1e6), sprintf('%.2f', strlen($jsonc) / 1e6),
		fmt_ms($res['ns']['jsond plain']), fmt_ms($res['ns']['json plain']), fmt_ms($res['ns']['jsond jsonc']),
		fmt_mbs($res['ns']['jsond jsonc'], strlen($jsonc)), fmt_ratio($res['ratio']['jsond jsonc'])];
}
echo "Decoded as objects; ratio = jsond_decode(JSONC text, flags) / jsond_decode(plain text)\n";
$md = "### Comments and trailing commas\n\nDecoded as objects; ratio = jsond_decode(JSONC text, flags) / jsond_decode(plain text)\n\n";
$md .= print_table(['corpus', 'MB plain', 'MB JSONC', 'jsond plain ms', 'json plain ms', 'jsond JSONC ms',
	'JSONC MB/s', 'ratio'], $rows);
file_put_contents(bench_out_dir() . '/json_jsonc.md', $md);
exit(bench_finish('json_jsonc'));
