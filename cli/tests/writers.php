<?php
// zser — SPDX-License-Identifier: MIT
//
// The format has two writers: the extension's (zser_serialize(), which walks zvals) and the
// core's (core/zs_zser_write.c, which `zser from-json` and `zser convert` use). Both must
// write the canonical bytes (FORMAT.md §5, §7): every repeated string, key sequence and
// (class, property names) pair as a reference. This suite holds them to each other on seeded
// value graphs: `zser convert` of serialize($v) must give exactly zser_serialize($v).
// The graphs hold what serialize() text carries unambiguously: arrays (lists, maps, integer
// and numeric-string keys, equal arrays again), strings, integers, floats (zeros, NAN,
// infinities), & references, objects of declared classes (public, protected, private, typed,
// uninitialised typed, __sleep-selected) and stdClass, shared and cyclic objects, enums.
// Left out: __serialize() and Serializable objects, whose serialize() text does not say what
// zser writes for them (the array __serialize() returned is written as properties; a
// Serializable payload is the other format's bytes), and one array held twice, which the
// extension writes once (FORMAT.md §9) and serialize() text writes twice.
// Values go through the tool in batches; a batch that differs is split to name the value.

require __DIR__ . '/lib.php';

if (!function_exists('zser_serialize')) {
	echo "writers: 0 cases (zser extension not loaded), 0 passed, 0 failed\n";
	exit(0);
}
$seed = test_seed();
$pass = $fail = 0;

class WPoint
{
	public $x = 1;
	protected $y = 2;
	private $z = 3;
	public $extra;
}

class WTyped
{
	public int $id = 0;
	public ?string $name = null;
	public array $tags = [];
	public float $unset_float; // left uninitialised: serialize() leaves it out
	protected ?WTyped $next = null;
	private bool $flag = false;

	public function set(int $id, ?string $name, ?WTyped $next, bool $flag): static
	{
		$this->id = $id;
		$this->name = $name;
		$this->next = $next;
		$this->flag = $flag;
		return $this;
	}
}

class WSleeper
{
	public $keep = 'k';
	public $drop = 'd';
	protected $prot = 'p';

	public function __sleep(): array
	{
		return ['keep', 'prot'];
	}
}

class WNode
{
	public $value;
	public $children = [];
	public $parent = null;
}

enum WSuit
{
	case Hearts;
	case Spades;
}

enum WCode: string
{
	case Ok = 'ok';
	case Fail = 'fail';
}

function w_string(): string
{
	return match (mt_rand(0, 7)) {
		0 => '',
		1 => 'name',
		2 => 'id',
		3 => str_repeat('long string ', mt_rand(1, 30)),
		4 => "é漢😀",
		5 => random_bytes_seeded(mt_rand(1, 12)),
		6 => (string)mt_rand(0, 30),
		default => 'k' . mt_rand(0, 9),
	};
}

function w_scalar(): mixed
{
	return match (mt_rand(0, 11)) {
		0 => null,
		1 => mt_rand(0, 1) === 1,
		2 => mt_rand(-200, 200),
		3 => [PHP_INT_MAX, PHP_INT_MIN, 0, -1, 127, 128, 65535, 65536, 1 << 40][mt_rand(0, 8)],
		4 => [0.0, -0.0, 1.5, -2.25, 1e300, 5e-324, INF, -INF, NAN, 0.1][mt_rand(0, 9)],
		5 => mt_rand() / 3,
		6 => mt_rand(0, 1) ? WSuit::Hearts : WSuit::Spades,
		7 => mt_rand(0, 1) ? WCode::Ok : WCode::Fail,
		default => w_string(),
	};
}

/** An array equal to $a whose arrays, at every depth, are new ones (objects stay shared). */
function w_equal_array(array $a): array
{
	$c = [];
	foreach ($a as $k => $v) {
		$c[$k] = is_array($v) ? w_equal_array($v) : $v;
	}
	return $c;
}

/** A value graph; $objs collects objects so that later ones can point back at them. */
function w_value(int $level, array &$objs, array &$arrays): mixed
{
	$r = mt_rand(0, 15);
	if ($level <= 0 || $r < 5) {
		return w_scalar();
	}
	if ($r === 5 && $objs) {
		return $objs[mt_rand(0, count($objs) - 1)]; // a shared (maybe cyclic) object
	}
	if ($r === 6 && $arrays) {
		// an equal array, separated from the earlier one: a copy of the same array (one
		// zend_array held twice) is written once by the extension (FORMAT.md §9,
		// BACKREF_ARR), which serialize() text does not show
		return w_equal_array($arrays[mt_rand(0, count($arrays) - 1)]);
	}
	if ($r <= 9) {
		$n = mt_rand(0, 6);
		$a = [];
		$list = mt_rand(0, 2) > 0;
		for ($i = 0; $i < $n; $i++) {
			$v = w_value($level - 1, $objs, $arrays);
			if ($list) {
				$a[] = $v;
			} else {
				$a[[w_string(), mt_rand(-5, 50), 'id', 'name', '12'][mt_rand(0, 4)]] = $v;
			}
		}
		if ($n > 1 && mt_rand(0, 3) === 0) {
			$keys = array_keys($a);
			$a['ref'] = &$a[$keys[0]]; // a & reference set inside the array
		}
		$arrays[] = $a;
		return $a;
	}
	switch ($r) {
		case 10:
			$o = new WPoint();
			$objs[] = $o;
			$o->x = w_value($level - 1, $objs, $arrays);
			if (mt_rand(0, 1)) {
				$o->extra = w_scalar();
			}
			return $o;
		case 11:
			$o = new WTyped();
			$objs[] = $o;
			$next = null;
			foreach ($objs as $c) {
				if ($c instanceof WTyped && mt_rand(0, 1)) {
					$next = $c;
				}
			}
			return $o->set(mt_rand(0, 99), mt_rand(0, 1) ? w_string() : null, $next, (bool)mt_rand(0, 1));
		case 12:
			$o = new WSleeper();
			$o->keep = w_value($level - 1, $objs, $arrays);
			return $o;
		case 13:
			$o = new stdClass();
			$objs[] = $o;
			for ($i = mt_rand(0, 4); $i > 0; $i--) {
				$name = w_string();
				if ($name === '' || $name[0] === "\0") {
					$name = "p$name"; // PHP refuses these as dynamic property names
				}
				$o->{$name} = w_value($level - 1, $objs, $arrays);
			}
			return $o;
		default:
			$o = new WNode();
			$objs[] = $o;
			$o->value = w_scalar();
			for ($i = mt_rand(0, 3); $i > 0; $i--) {
				$c = new WNode();
				$c->parent = $o; // a cycle
				$c->value = w_value($level - 2, $objs, $arrays);
				$o->children[] = $c;
			}
			return $o;
	}
}

/** The tool's zser blob of serialize($v): [exit code, bytes, stderr]. */
function w_convert(mixed $v): array
{
	return zser_run(['convert', '--force'], serialize($v));
}

$batches = 120;
$per = 25;
$values = 0;
for ($b = 0; $b < $batches; $b++) {
	$batch = [];
	for ($i = 0; $i < $per; $i++) {
		$objs = $arrays = [];
		$batch[] = w_value(mt_rand(1, 5), $objs, $arrays);
	}
	$values += $per;
	[$rc, $out, $err] = w_convert($batch);
	$want = zser_serialize($batch);
	if ($rc === 0 && $out === $want) {
		ok(true, "batch $b");
		continue;
	}
	// name the first value that differs alone
	$culprit = 'the batch only';
	foreach ($batch as $i => $v) {
		[$rc1, $out1] = w_convert($v);
		if ($rc1 !== 0 || $out1 !== zser_serialize($v)) {
			$culprit = "value $i, serialize() text " . serialize($v) . "\n  extension " . bin2hex(zser_serialize($v)) . "\n  core      " . bin2hex($out1);
			break;
		}
	}
	ok(false, "batch $b: rc=$rc " . trim($err) . ": $culprit");
}
echo "writers: $values values in $batches blobs (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
