<?php
// zser — SPDX-License-Identifier: MIT
//
// `zser from-json` must write exactly the bytes of zser_serialize(json_decode($json, true)),
// and `zser to-json` must write exactly json_encode($value, UNESCAPED_UNICODE | UNESCAPED_SLASHES
// | PRESERVE_ZERO_FRACTION | PARTIAL_OUTPUT_ON_ERROR) for zser, serialize() and igbinary blobs
// of the same value. Inputs: the JSON corpora, edge-case documents (duplicate and numeric keys,
// big numbers, escapes, surrogates, repeated shapes) and seeded random JSON. Malformed JSON must
// fail with "error at offset N". Skipped when the zser extension is not loaded.

require __DIR__ . '/lib.php';

if (!function_exists('zser_serialize')) {
	echo "convert: 0 cases (zser extension not loaded), 0 passed, 0 failed\n";
	exit(0);
}
$seed = test_seed();
$pass = $fail = 0;
$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION | JSON_PARTIAL_OUTPUT_ON_ERROR;

function rnd_json(int $depth): string
{
	$r = mt_rand(0, 9);
	if ($depth <= 0 || $r < 4) {
		return json_encode([null, true, false, mt_rand(-1000, 1000), PHP_INT_MAX, mt_rand() / 7,
			'k' . mt_rand(0, 5), "é\u{2028}\"\\/", '', -0.0, 1e300][mt_rand(0, 10)]);
	}
	$n = mt_rand(0, 5);
	$parts = [];
	if ($r < 7) {
		for ($i = 0; $i < $n; $i++) {
			$parts[] = rnd_json($depth - 1);
		}
		return '[' . implode(',', $parts) . ']';
	}
	$keys = ['id', 'name', '0', '1', '-3', '07', '', 'a', 'id'];
	for ($i = 0; $i < $n; $i++) {
		$parts[] = json_encode($keys[mt_rand(0, count($keys) - 1)]) . ':' . rnd_json($depth - 1);
	}
	return '{' . implode(',', $parts) . '}';
}

$docs = [];
foreach (glob(__DIR__ . '/../../../shared/bench-data/json/*.json') as $f) {
	if (filesize($f) <= 1 << 20) {
		$docs[basename($f)] = file_get_contents($f);
	}
}
$docs += [
	'duplicate keys' => '{"a":1,"b":2,"a":3}',
	'numeric keys, list' => '{"0":"x","1":"y"}',
	'numeric keys, map' => '{"1":"x","0":"y","-5":1,"-0":2,"05":3,"":4}',
	'big numbers' => '[9223372036854775807,9223372036854775808,-9223372036854775808,-9223372036854775809,1e400,-0,-0.0,0.1,1e-7]',
	'escapes' => '["\u00e9\ud83d\ude00\n\"\\\/\u2028", "", "a", "a", {"a":{"a":"a"}}]',
	'rows' => '[{"id":1,"n":"a"},{"id":2,"n":"b"},{"n":"c","id":3},{"id":4,"n":"d"}]',
	'empty object' => '{}',
	'scalar' => '"str"',
	'deep' => str_repeat('[', 600) . str_repeat(']', 600),
];
for ($i = 0; $i < 150; $i++) {
	$docs["random#$i"] = rnd_json(4);
}
foreach ($docs as $name => $json) {
	$v = json_decode($json, true, 4096);
	[$rc, $out, $err] = zser_run(['from-json'], $json);
	ok($rc === 0 && $out === zser_serialize($v), "from-json $name: rc=$rc " . trim($err));
	$want = json_encode($v, $flags, 4096);
	foreach (['zser' => zser_serialize($v), 'serialize' => serialize($v), 'igbinary' => igbinary_serialize($v)] as $fmt => $blob) {
		[$rc, $out, $err] = zser_run(['to-json'], $blob);
		ok($rc === 0 && rtrim($out, "\n") === $want, "to-json $name [$fmt]: rc=$rc " . trim($err));
	}
}
// Objects, references and enums: names unmangled, references and shared objects expanded.
class Pt
{
	public $x = 1;
	protected $y = 2;
	private $z = [3];
}
$o = new Pt();
$a = ['o' => $o, 'same' => $o, 'r' => 1];
$a['r2'] = &$a['r'];
[$rc, $out] = zser_run(['to-json'], serialize($a));
ok($rc === 0 && trim($out) === '{"o":{"x":1,"y":2,"z":[3]},"same":{"x":1,"y":2,"z":[3]},"r":1,"r2":1}', "to-json objects and references: $out");
$self = new stdClass();
$self->me = $self;
[$rc, $out] = zser_run(['to-json'], serialize($self));
ok($rc === 0 && trim($out) === '{"me":null}', "to-json recursion becomes null: $out");
// Strings JSON cannot carry as they are: ill-formed UTF-8 is replaced as
// JSON_INVALID_UTF8_SUBSTITUTE does, control bytes and U+2028/U+2029 escaped as json_encode() does.
$odd = ["a\xffb", "\xe2\x82", "\xe2\x82x", "\xf0\x9f\x98", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80",
	"\x00\x01\x08\x0c\x1f\x7f", "\u{2028}\u{2029}", "x\u{10ffff}\u{e9}/\\\"", str_repeat("\u{e9}\xff", 700)];
for ($i = 0; $i < 50; $i++) {
	$odd[] = random_bytes_seeded(mt_rand(0, 40));
}
foreach ($odd as $k => $str) {
	$v = ['s' => $str, $str => 1];
	$want = json_encode($v, $flags | JSON_INVALID_UTF8_SUBSTITUTE);
	foreach (['serialize' => serialize($v), 'igbinary' => igbinary_serialize($v)] as $fmt => $blob) {
		[$rc, $out, $err] = zser_run(['to-json'], $blob);
		ok($rc === 0 && rtrim($out, "\n") === $want, "to-json odd string #$k [$fmt] " . bin2hex($str) . ": rc=$rc $out");
	}
}
foreach (['{"a":}', '[1,]', '{"a" 1}', "\"\xff\"", '"\ud800"', '01', '[1] x', '', str_repeat('[', 5000)] as $bad) {
	$res = zser_run(['from-json'], $bad);
	ok($res[0] === 1 && preg_match('/^error at offset \d+: /', $res[2]) === 1, 'from-json rejects ' . substr($bad, 0, 20) . ": rc={$res[0]} " . trim($res[2]));
}
echo "convert: " . ($pass + $fail) . " cases (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
