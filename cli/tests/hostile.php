<?php
// zser — SPDX-License-Identifier: MIT
//
// Robustness and command-line behaviour of the zser tool: every truncation of real
// serialize()/igbinary blobs (sampled for long ones) must fail `check` with
// "error at offset N: reason"; flipped bytes and random garbage may pass or fail but never
// crash, and whatever `check` accepts must also dump as valid JSON; deep nesting, huge counts
// and lengths and bad back-references fail cleanly; trees nested as deep as the default limit
// allows are written whole on a small C stack; usage errors, missing files, stdin, --help
// and --version behave as documented. Env: ZSER_SEED (default: fresh, printed).

require __DIR__ . '/lib.php';

$seed = test_seed();
$pass = $fail = 0;

function clean_error(array $res, int $len): bool
{
	[$rc, , $err] = $res;
	return $rc === 1 && preg_match('/^error at offset (\d+): \S/', $err, $m) === 1 && (int)$m[1] <= $len;
}

class Pt
{
	public $x = 1;
	protected $y = [1.5, 'two'];
	private $z = null;
}

$o = new Pt();
$r = ['a' => 1];
$r['b'] = &$r['a'];
$values = [
	'battle' => ['battle_id' => 257, 'user_id' => 41248, 'formation' => ['41248' => 1, '23989' => 2],
		'speed' => 0.5, 'name' => "caf\xc3\xa9", 'flag' => true, 'none' => null],
	'objects' => [$o, $o, -PHP_INT_MAX - 1, 'k' => [[], []]],
	'refs' => $r,
	'strings' => [str_repeat('x', 300), str_repeat('x', 300), 'short', 'short'],
];

foreach ($values as $name => $v) {
	$blobs = ['serialize' => serialize($v), 'igbinary' => igbinary_serialize($v)];
	if (function_exists('zser_serialize')) {
		$blobs['zser'] = zser_serialize($v);
	}
	foreach ($blobs as $fmt => $blob) {
		$n = strlen($blob);
		ok(zser_run(['check', '-q'], $blob)[0] === 0, "$name [$fmt] valid blob passes check");
		// Truncations: all of them for short blobs, a seeded sample of 60 otherwise.
		$cuts = $n <= 120 ? range(0, $n - 1) : array_merge([0, 1, $n - 1], array_map(fn () => mt_rand(0, $n - 1), range(1, 57)));
		foreach ($cuts as $cut) {
			$res = zser_run(['check'], substr($blob, 0, $cut));
			ok(clean_error($res, $cut), "$name [$fmt] truncated to $cut bytes fails cleanly: rc={$res[0]} " . trim($res[2]));
		}
		// Flipped bytes: any verdict, but a clean one; accepted blobs must dump as JSON.
		for ($i = 0; $i < 40; $i++) {
			$bad = $blob;
			$at = mt_rand(0, $n - 1);
			$bad[$at] = chr(ord($bad[$at]) ^ (1 << mt_rand(0, 7)));
			$res = zser_run(['check', '-q', '--format=' . $fmt], $bad);
			if ($res[0] === 0) {
				$d = zser_run(['dump', '--json', '--format=' . $fmt], $bad);
				ok($d[0] === 0 && is_array(json_decode($d[1], true)), "$name [$fmt] flip at $at: accepted blob dumps as JSON");
			} else {
				ok(clean_error($res, $n), "$name [$fmt] flip at $at fails cleanly: rc={$res[0]} " . trim($res[2]));
			}
		}
	}
}

// Random garbage behind each format's leading bytes.
for ($i = 0; $i < 60; $i++) {
	$junk = '';
	for ($k = mt_rand(0, 64); $k > 0; $k--) {
		$junk .= chr(mt_rand(0, 255));
	}
	foreach (['a:' . mt_rand(0, 9) . ':{', "\0\0\0\2", "\0\0\0\1\x14", 'O:3:"Foo":1:{', "Z\x01", "Z\x01\xd0", ''] as $head) {
		$res = zser_run(['check', '-q'], $head . $junk);
		ok($res[0] === 0 || clean_error($res, strlen($head . $junk)), "garbage #$i after " . bin2hex($head) . ": rc={$res[0]} " . trim($res[2]));
	}
}

// Specific hostile inputs: [name, blob, args, expected error text or null for valid].
$deep = 5000;
$cases = [
	['deep serialize', str_repeat('a:1:{i:0;', $deep) . 'N;' . str_repeat('}', $deep), [], 'maximum nesting depth'],
	['deep serialize, raised limit', str_repeat('a:1:{i:0;', $deep) . 'N;' . str_repeat('}', $deep), ['--max-depth=6000'], null],
	['deep serialize, 200000 levels', str_repeat('a:1:{i:0;', 200000), ['--max-depth=10000'], 'maximum nesting depth'],
	['deep igbinary', "\0\0\0\2" . str_repeat("\x14\x01\x06\x00", $deep) . "\x00", [], 'maximum nesting depth'],
	['igbinary & chain', "\0\0\0\2" . str_repeat("\x25", 100000) . "\x00", [], 'maximum nesting depth'],
	['deep objects', str_repeat('O:1:"A":1:{s:1:"p";', $deep) . 'N;' . str_repeat('}', $deep), [], 'maximum nesting depth'],
	['huge array count', 'a:999999999:{i:0;N;}', [], 'element count exceeds'],
	['count overflow', 'a:99999999999999999999999999:{}', [], 'number out of range'],
	['huge string length', 's:4294967296:"abc";', [], 'unexpected end of data'],
	['int overflow', 'i:9223372036854775808;', [], 'integer out of range'],
	['int min', 'i:-9223372036854775808;', [], null],
	['R to nowhere', 'a:1:{i:0;R:5;}', [], 'reference to an unknown value'],
	['R:0', 'a:1:{i:0;R:0;}', [], 'reference to an unknown value'],
	['r to itself', 'a:1:{i:0;r:2;}', [], 'reference to itself'],
	['r to an array', 'a:1:{i:0;r:1;}', [], 'not an object'],
	['bad bool', 'b:2;', [], 'boolean must be 0 or 1'],
	['float key', 'a:1:{d:1.5;N;}', [], 'key must be an integer or a string'],
	['trailing bytes', 'N;N;', [], 'trailing data'],
	['custom payload past the end', 'C:3:"Foo":100:{}', [], 'unexpected end of data'],
	['enum without colon', 'E:4:"Suit";', [], "without ':'"],
	['S: escapes', 'S:3:"\\61bc";', [], null],
	['S: bad escape', 'S:3:"\\zzbc";', [], 'bad escape'],
	['igbinary huge array', "\0\0\0\2\x16\xff\xff\xff\xff", [], 'element count exceeds'],
	['igbinary huge string', "\0\0\0\2\x13\xff\xff\xff\xffabc", [], 'unexpected end of data'],
	['igbinary string64', "\0\0\0\2\x26\xff\xff\xff\xff\xff\xff\xff\xff", [], 'unexpected end of data'],
	['igbinary bad string id', "\0\0\0\2\x0e\x00", [], 'string table index out of range'],
	['igbinary bad ref', "\0\0\0\2\x14\x01\x06\x00\x01\x05", [], 'reference table index out of range'],
	['igbinary long64 overflow', "\0\0\0\2\x20\x80\0\0\0\0\0\0\0", [], 'integer out of range'],
	['igbinary long64n min', "\0\0\0\2\x21\x80\0\0\0\0\0\0\0", [], null],
	['igbinary unknown tag', "\0\0\0\2\x7f", [], 'unknown type tag'],
	['igbinary version 3', "\0\0\0\3\x00", ['--format=igbinary'], 'not an igbinary header'],
	['igbinary v1', "\0\0\0\1\x06\x05", [], null],
	['igbinary trailing', "\0\0\0\2\x00\x00", [], 'trailing data'],
	['zser deep', "Z\x01" . str_repeat("\x91", 5000) . "\xc0", [], 'maximum depth exceeded'],
	['zser bad version', "Z\x07\xc0", [], 'unsupported format version'],
	['zser truncated list', "Z\x01\xcf\xff\xff\xff\x07", [], 'count exceeds input'],
	['zser valid', "Z\x01\x92\x41a\x60", [], null],
	// nested blobs and OBJECT_BLOB_SLOTS (FORMAT.md §8.3)
	['zser nested, refs to outer slots', "Z\xC1\x04\x93\xD6\x02\xD7\x00\xD6\x06", [], null],
	['zser nested, huge base', "Z\x41\xFC\xFF\xFF\xFF\x0F\xC0", [], null],
	['zser nested, base past the limit', "Z\x41\xFE\xFF\xFF\xFF\x0F\xC0", [], 'table limit exceeded'],
	['zser nested, truncated base', "Z\x41", [], 'truncated input'],
	['zser reserved slots', "Z\x81\x94\xD8\x41A\x01\x03xyz\xD6\x02\x07\xD7\x04", [], null],
	['zser reserved slots past the payload', "Z\x01\xD8\x41A\x03\x03xyz", [], 'count exceeds input'],
	['zser ref to a later slot', "Z\x81\x92\xD8\x41A\x01\x03xyz\xD6\x04", [], 'back-reference out of range'],
	['empty input', '', [], 'empty input'],
	['unknown format', "\x89PNG", [], 'unrecognised format'],
];
foreach ($cases as [$name, $blob, $args, $want]) {
	$res = zser_run(array_merge(['check'], $args), $blob);
	if ($want === null) {
		ok($res[0] === 0, "$name: valid (rc={$res[0]} " . trim($res[2]) . ')');
	} else {
		ok(clean_error($res, strlen($blob)) && str_contains($res[2], $want), "$name: expected '$want', got rc={$res[0]} " . trim($res[2]));
	}
	foreach ([['dump'], ['dump', '--json'], ['stats']] as $more) {
		$r2 = zser_run(array_merge($more, $args), $blob);
		ok($r2[0] === ($want === null ? 0 : 1), "$name: " . implode(' ', $more) . " exit {$r2[0]}");
	}
}

// dump names the reserved slots and the slots of the outer blob
$r = zser_run(['dump'], "Z\x81\x94\xD8\x41A\x01\x03xyz\xD6\x02\x07\xD7\x04");
ok(str_contains($r[1], 'object(A)#2 serialized(3) nested slots #3-#4 "xyz"') &&
	str_contains($r[1], 'object#3 (a slot a nested blob filled)') &&
	str_contains($r[1], '[3] => &#5 (same reference)'), "dump of OBJECT_BLOB_SLOTS: $r[1]");
$r = zser_run(['dump'], "Z\xC1\x04\x93\xD6\x02\xD7\x00\xD6\x06");
ok(str_contains($r[1], 'format: zser v1, nested after slot 5, 10 bytes') &&
	str_contains($r[1], 'object#3 (a slot of the outer blob)') &&
	str_contains($r[1], '&#1 (a slot of the outer blob)') &&
	str_contains($r[1], '[2] => object#3 (a slot of the outer blob)'), "dump of a nested blob: $r[1]");
$r = zser_run(['dump', '--json'], "Z\xC1\x04\x91\xD7\x00");
ok(str_contains($r[1], '"nested_base":5') && str_contains($r[1], '{"type":"slotref","target":1,"reference":true}'),
	"dump --json of a nested blob: $r[1]");

// Readers and writers keep their nesting on the heap, so a 256 KB stack, far too small for one
// C frame per level, reads and writes a value nested nearly as deep as the default limit allows.
$levels = 4000;
$small_stack = ['bash', '-c', 'ulimit -s 256 && exec "$@"', 'zser'];
$v = [];
for ($i = 0; $i < $levels; $i++) {
	$v = [$v];
}
$deep_blobs = [
	'serialize' => str_repeat('a:1:{i:0;', $levels) . 'a:0:{}' . str_repeat('}', $levels),
	'igbinary' => igbinary_serialize($v),
];
if (function_exists('zser_serialize')) {
	$deep_blobs['zser'] = zser_serialize($v);
}
foreach ($deep_blobs as $fmt => $blob) {
	[$rc, $out, $err] = zser_run(['dump'], $blob, $small_stack);
	$lines = explode("\n", rtrim($out, "\n"));
	$closing = count(array_filter($lines, fn ($l) => trim($l) === '}'));
	ok($rc === 0 && $closing === $levels && end($lines) === '}' && count($lines) === 1 + ($levels + 1) + $levels
		&& str_contains($out, str_repeat('  ', $levels) . '[0] => array(0) {}'),
		"$levels-deep $fmt: dump on a small stack: rc=$rc, $closing closing braces " . trim($err));
	[$rc, $out, $err] = zser_run(['dump', '--json'], $blob, $small_stack);
	// Three JSON levels per array are too deep for json_decode(): the whole text is known.
	$value = str_repeat('{"type":"array","count":1,"entries":[{"key_type":"int","key":0,"value":', $levels)
		. '{"type":"array","count":0,"entries":[]}' . str_repeat('}]}', $levels);
	ok($rc === 0 && str_starts_with($out, '{"format":') && str_ends_with($out, ',"size":' . strlen($blob) . ',"value":' . $value . "}\n"),
		"$levels-deep $fmt: dump --json on a small stack: rc=$rc " . trim($err));
	[$rc, $out, $err] = zser_run(['to-json'], $blob, $small_stack);
	ok($rc === 0 && $out === str_repeat('[', $levels + 1) . str_repeat(']', $levels + 1) . "\n",
		"$levels-deep $fmt: to-json on a small stack: rc=$rc " . trim($err));
	[$rc, $out, $err] = zser_run(['check'], $blob, $small_stack);
	ok($rc === 0 && str_starts_with($out, 'valid '), "$levels-deep $fmt: check on a small stack: rc=$rc " . trim($err));
	[$rc, $out, $err] = zser_run(['stats'], $blob, $small_stack);
	ok($rc === 0 && $out !== '', "$levels-deep $fmt: stats on a small stack: rc=$rc " . trim($err));
}
// from-json: the same nesting as JSON text, parsed and written on the small stack.
[$rc, $out, $err] = zser_run(['from-json'], str_repeat('[', $levels + 1) . str_repeat(']', $levels + 1), $small_stack);
ok($rc === 0 && (!isset($deep_blobs['zser']) || $out === $deep_blobs['zser'])
	&& zser_run(['check'], $out)[0] === 0,
	"$levels-deep JSON: from-json on a small stack: rc=$rc " . trim($err));

// Command line: usage errors, files, stdin, help, version, format label.
$tmp = tempnam(sys_get_temp_dir(), 'zser');
file_put_contents($tmp, igbinary_serialize([1, 2]));
ok(zser_run([], '')[0] === 2, 'no command: exit 2');
ok(zser_run(['frobnicate'], '')[0] === 2, 'unknown command: exit 2');
ok(zser_run(['dump', '--bogus'], '')[0] === 2, 'unknown option: exit 2');
ok(zser_run(['dump', '--format=xml'], '')[0] === 2, 'unknown format: exit 2');
ok(zser_run(['dump', '--max-depth=0'], '')[0] === 2, 'bad --max-depth: exit 2');
ok(zser_run(['dump', 'a', 'b'], '')[0] === 2, 'two files: exit 2');
ok(zser_run(['dump', $tmp . '.missing'], '')[0] === 3, 'missing file: exit 3');
$res = zser_run(['dump', $tmp], '');
ok($res[0] === 0 && str_starts_with($res[1], 'format: igbinary v2'), 'dump FILE names the format');
$res = zser_run(['dump', '-'], serialize([1]));
ok($res[0] === 0 && str_starts_with($res[1], 'format: php-serialize'), 'dump - reads stdin');
$res = zser_run(['check'], serialize([1]));
ok($res[0] === 0 && str_starts_with($res[1], 'valid php-serialize'), 'check prints the verdict');
$res = zser_run(['--help'], '');
ok($res[0] === 0 && str_contains($res[1], 'usage: zser'), '--help');
// Every command the man page and docs/CLI.md name must be named by --help as well.
$docs = file_get_contents(__DIR__ . '/../../docs/CLI.md');
preg_match_all('/^\| `zser ([a-z-]+)/m', $docs, $m);
$man = file_get_contents(__DIR__ . '/../../docs/zser.1');
preg_match_all('/^\.B ([a-z][a-z\\\\-]+)$/m', $man, $mm);
$man_cmds = array_diff(str_replace('\\', '', $mm[1]), ['zser']);
$cmds = array_unique(array_merge($m[1], $man_cmds));
ok(count($cmds) >= 6, 'commands found in the docs: ' . implode(' ', $cmds));
foreach ($cmds as $cmd) {
	ok(preg_match('/^  ' . preg_quote($cmd, '/') . ' /m', $res[1]) === 1, "--help names $cmd");
}
$res = zser_run(['--version'], '');
ok($res[0] === 0 && preg_match('/^zser \d+\.\d+\.\d+/', $res[1]) === 1, '--version');
$res = zser_run(['dump', '--offsets', $tmp], '');
ok($res[0] === 0 && str_contains($res[1], '@4 '), '--offsets shows the root at offset 4');
$res = zser_run(['dump', '--json', '--offsets', $tmp], '');
$doc = json_decode($res[1], true);
ok(($doc['value']['offset'] ?? null) === 4 && ($doc['value']['entries'][1]['key_offset'] ?? null) === 10, '--json --offsets');
unlink($tmp);

// from-json finds repeated keys and strings through tables placed by an FNV-1a hash, whose low
// bits depend only on the low bits of the bytes. Keys that agree in the low 16 bits of it would
// all land on one slot, each probe passing all the keys before it; the tool mixes the whole
// hash with a seed first. 16,384 such keys: each of 14 steps appends one of two three-letter
// blocks that take the low 16 bits of the state to the same value (two-letter blocks never do).
// Converting them must take about as long as converting ordinary keys of the same length (best
// of 3 each); the quadratic walk took hundreds of times longer. A complexity guard with a wide
// margin, not a speed target.
$letters = array_merge(range('a', 'z'), range('A', 'Z'));
$fnv16 = function (int $h, string $s): int {
	for ($i = 0; $i < strlen($s); $i++) {
		$h = (($h ^ ord($s[$i])) * 0x1B3) & 0xFFFF; // the FNV-1a prime, low 16 bits
	}
	return $h;
};
$state = 0x2325; // the FNV-1a offset basis, low 16 bits
$steps = [];
for ($i = 0; $i < 14; $i++) {
	$seen = [];
	foreach ($letters as $x) {
		foreach ($letters as $y) {
			foreach ($letters as $z) {
				$t = $fnv16($state, $x . $y . $z);
				if (isset($seen[$t])) {
					$steps[] = [$seen[$t], $x . $y . $z];
					$state = $t;
					continue 4;
				}
				$seen[$t] = $x . $y . $z;
			}
		}
	}
}
$colliding = [];
$plain = [];
for ($i = 0; $i < 16384; $i++) {
	$k = '';
	foreach ($steps as $b => $pair) {
		$k .= $pair[($i >> $b) & 1];
	}
	$colliding[] = $k;
	$plain[] = sprintf('p%041d', $i);
}
ok(count($steps) === 14 && count(array_unique(array_map(fn($k) => $fnv16(0x2325, $k), $colliding))) === 1,
	'from-json: the 16,384 keys agree in the low 16 bits of FNV-1a');
$convert_best = function (array $keys): array {
	$json = json_encode(array_fill_keys($keys, 1));
	$best = INF;
	for ($r = 0; $r < 3; $r++) {
		$t = hrtime(true);
		$res = zser_run(['from-json'], $json);
		$best = min($best, hrtime(true) - $t);
	}
	return [$res, $best];
};
[$res, $tc] = $convert_best($colliding);
ok($res[0] === 0 && (!function_exists('zser_unserialize') || zser_unserialize($res[1]) === array_fill_keys($colliding, 1)),
	'from-json: 16,384 keys agreeing in the low 16 bits of FNV-1a convert to the same map');
[, $tp] = $convert_best($plain);
ok($tc / $tp < 20, sprintf('from-json: those keys take %.1fx the time of ordinary ones (under 20x)', $tc / $tp));

echo "hostile: " . ($pass + $fail) . " cases (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
