<?php
// zser — SPDX-License-Identifier: MIT
//
// `zser dump --json` against PHP itself: every dataset is serialized with serialize(),
// igbinary_serialize() and (when the extension is loaded) zser_serialize(), unserialized again, and PHP's canonical description of that
// value must equal the one computed from the tool's JSON dump of the same blob. Also checks
// that `check` and `stats` accept the blob and that the text dump names the format. Datasets:
// fixed edge cases, the JSON corpora in ../shared/bench-data/json, and seeded random graphs with
// references, shared objects, enums, __serialize and Serializable classes.
// Env: ZSER_SEED (default: fresh, printed), ZSER_CASES (random graphs, default 150).

require __DIR__ . '/lib.php';

enum Suit: string
{
	case Hearts = 'H';
	case Spades = 'S';
}

enum Flag
{
	case On;
	case Off;
}

#[AllowDynamicProperties]
class Base
{
	public $pub = 1;
	protected $prot = 'p';
	private $priv = 'base-private';
}

#[AllowDynamicProperties]
class Child extends Base
{
	private $priv = 'child-private';
	public ?int $typed = null;
	public int $uninit;
}

class WithMagic
{
	public $data = [];

	public function __serialize(): array
	{
		return ['payload' => $this->data, 7 => 'int key'];
	}

	public function __unserialize(array $a): void
	{
		$this->data = $a['payload'];
	}
}

class Legacy implements Serializable
{
	public $v = 'legacy';

	public function serialize(): string
	{
		return 'custom:' . $this->v;
	}

	public function unserialize($s): void
	{
		$this->v = substr($s, 7);
	}
}

$seed = test_seed();
$cases = (int)(getenv('ZSER_CASES') ?: 150);

function rnd_string(): string
{
	switch (mt_rand(0, 4)) {
		case 0:
			return '';
		case 1:
			return random_bytes_seeded(mt_rand(1, 40));
		case 2:
			return "héllo wörld ✓ " . mt_rand();
		case 3:
			return str_repeat('k', mt_rand(250, 70000));
		default:
			return 'key' . mt_rand(0, 20);
	}
}

function rnd_scalar()
{
	switch (mt_rand(0, 9)) {
		case 0:
			return null;
		case 1:
			return (bool)mt_rand(0, 1);
		case 2:
			return [0, 1, -1, 255, 256, -256, 65535, 65536, -65537, PHP_INT_MAX, PHP_INT_MIN,
				4294967295, 4294967296, -4294967296][mt_rand(0, 13)];
		case 3:
			return mt_rand() - (mt_getrandmax() >> 1);
		case 4:
			return [0.0, -0.0, 1.5, -2.25, 0.1, 1e300, 5e-324, INF, -INF, NAN, 1e17, 1e-5, M_PI][mt_rand(0, 12)];
		case 5:
			return mt_rand() / mt_getrandmax() * (mt_rand(0, 1) ? 1e10 : 1e-10);
		case 6:
			return Suit::Hearts;
		case 7:
			return Flag::Off;
		default:
			return rnd_string();
	}
}

function rnd_value(int $depth, array &$pool)
{
	$r = mt_rand(0, 9);
	if ($depth <= 0 || $r < 4) {
		return rnd_scalar();
	}
	if ($r === 4 && $pool) {
		return $pool[mt_rand(0, count($pool) - 1)]; // shared object
	}
	if ($r === 5) {
		$o = [new Child(), new Base(), new stdClass(), new WithMagic(), new Legacy()][mt_rand(0, 4)];
		if ($o instanceof WithMagic) {
			$o->data = rnd_value($depth - 1, $pool);
		} elseif (!$o instanceof Legacy) {
			$o->pub = rnd_value($depth - 1, $pool);
			$o->{'dyn' . mt_rand(0, 3)} = rnd_value($depth - 1, $pool);
		}
		$pool[] = $o;
		return $o;
	}
	$a = [];
	$n = mt_rand(0, 6);
	$list = mt_rand(0, 1);
	for ($i = 0; $i < $n; $i++) {
		$v = rnd_value($depth - 1, $pool);
		if ($list) {
			$a[] = $v;
		} else {
			$a[mt_rand(0, 1) ? rnd_string() : mt_rand(-5, 1000)] = $v;
		}
	}
	// & references between elements, and to an element of an earlier array.
	$keys = array_keys($a);
	if (count($keys) >= 2 && mt_rand(0, 2) === 0) {
		$a[$keys[1]] = &$a[$keys[0]];
	}
	if ($r === 6) {
		$b = [$a, $a]; // the same array twice (copy-on-write share)
		return $b;
	}
	return $a;
}

$fixed = [
	'null' => null, 'true' => true, 'int_min' => PHP_INT_MIN, 'neg_zero' => -0.0, 'nan' => NAN,
	'empty_string' => '', 'binary' => "\0\x01\xff\"\\", 'empty_array' => [],
	'battle' => ['battle_id' => 257, 'user_id' => 41248, 'user_id2' => 23989, 'player' => 41248,
		'formation' => ['41248' => 1, '23989' => 2], 'result' => 1, 'battle_type' => 1,
		'speed' => ['41248' => 0, '23989' => 0]],
	'enum' => [Suit::Hearts, Suit::Hearts, Flag::On],
	'objects' => (function () {
		$c = new Child();
		$c->self = $c;
		return [$c, $c, new WithMagic(), new Legacy()];
	})(),
	'refs' => (function () {
		$a = ['x' => 1, 'y' => [1, 2]];
		$a['rx'] = &$a['x'];
		$a['ry'] = &$a['y'];
		$a['self'] = &$a;
		return $a;
	})(),
	'shared_arrays' => (function () {
		$e = [];
		$l = [1, 2, 3];
		return [$e, $e, $l, $l, [$l]];
	})(),
	// An enum case (or object) first met inside a __serialize() payload, then &-referenced:
	// serialize() and zser point the reference at the payload slot, which unserialize() hands to
	// __unserialize() in a temporary array, so PHP's value keeps the set only outside it.
	'ref_to_payload_enum' => (function () {
		$m = new WithMagic();
		$m->data = Flag::Off;
		$a = [Flag::Off];
		$a[1] = &$a[0];
		return [$m, $a];
	})(),
	'ref_to_payload_object' => (function () {
		$o = new stdClass();
		$m = new WithMagic();
		$m->data = $o;
		$a = [$o, $o];
		$a[1] = &$a[0];
		return [$m, $a, $o];
	})(),
];
// The corpora under 1 MB keep the run short; the big ones add no new shapes.
foreach (glob(__DIR__ . '/../../../shared/bench-data/json/*.json') as $f) {
	if (filesize($f) > 1 << 20) {
		continue;
	}
	$fixed['json:' . basename($f)] = json_decode(file_get_contents($f), true);
	$fixed['json-objects:' . basename($f)] = json_decode(file_get_contents($f), false);
}

$formats = ['serialize' => ['serialize', 'unserialize'],
	'igbinary' => ['igbinary_serialize', 'igbinary_unserialize']];
if (function_exists('zser_serialize')) {
	$formats['zser'] = ['zser_serialize', 'zser_unserialize'];
} else {
	echo "compare: zser extension not loaded, zser blobs not covered\n";
}
define('FORMATS', $formats);

$pass = $fail = 0;
$check = function (string $name, string $fmt, $value, ?string $detail = null) use (&$pass, &$fail, $seed) {
	[$ser, $unser] = FORMATS[$fmt];
	$blob = $ser($value);
	$back = $unser($blob);
	$want = (new PhpDescriber())->value($back);
	if ($name === 'refs' && $fmt === 'igbinary') {
		// igbinary encodes the returned copy's inner 'self' as a copy of its enclosing array,
		// a cycle without references that PHP cannot describe: expect exactly that instead.
		$want[1][4][1][1][4][1] = ['cycle'];
	}
	[$rc, $out, $err] = zser_run(['dump', '--json'], $blob);
	$doc = json_decode($out, true);
	$problem = null;
	if ($rc !== 0 || !is_array($doc)) {
		$problem = "dump --json exit $rc: " . trim($err);
	} else {
		$expect_fmt = $fmt === 'serialize' ? 'php-serialize' : $fmt;
		$got = (new DumpNormalizer($doc))->slot($doc['value']);
		if ($doc['format'] !== $expect_fmt) {
			$problem = "format {$doc['format']}, expected $expect_fmt";
		} elseif ($got !== $want) {
			$problem = 'tree differs from PHP: ' . first_diff($want, $got);
		}
	}
	if ($problem === null) {
		foreach ([['check', '-q'], ['stats'], ['dump'], ['dump', '--offsets']] as $args) {
			[$rc2, $out2, $err2] = zser_run($args, $blob);
			if ($rc2 !== 0) {
				$problem = implode(' ', $args) . " exit $rc2: " . trim($err2);
				break;
			}
		}
	}
	if ($problem === null) {
		$pass++;
		return;
	}
	$fail++;
	echo "FAIL $name [$fmt] seed=$seed $problem\n";
	if ($detail !== null) {
		echo "  blob (hex, first 400 bytes): " . substr(bin2hex($blob), 0, 800) . "\n";
	}
};

foreach ($fixed as $name => $value) {
	foreach (FORMATS as $fmt => $_) {
		$check($name, $fmt, $value);
	}
}
for ($i = 0; $i < $cases; $i++) {
	$pool = [];
	$v = rnd_value(4, $pool);
	foreach (FORMATS as $fmt => $_) {
		$check("random#$i", $fmt, $v, 'hex');
	}
}
echo "compare: " . ($pass + $fail) . " cases (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
