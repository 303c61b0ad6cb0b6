<?php
// zser — SPDX-License-Identifier: MIT
//
// `zser convert` loses nothing: seeded random values shaped like cache contents (nested
// arrays with int and string keys, objects with public, protected, private and typed
// properties, & references, shared objects, enums, Serializable and __serialize() objects,
// floats with -0.0, NAN and INF, binary strings) are written by serialize() and by
// igbinary_serialize(), converted to zser by the tool, and zser_unserialize() of the result
// must equal unserialize() / igbinary_unserialize() of the source: the same serialize() text
// (types, float bits, keys, classes, references and object identity) and the same var_dump()
// (handles renumbered). The zser blob converted back with --to=serialize must unserialize to
// the same value again, and so must zser_serialize()'s own blob of the batch. Values are grouped into blobs of BATCH values (one tool run each).
// Env: ZSER_SEED replays a run; ZSER_CASES sets the number of values (default 3000).

require __DIR__ . '/lib.php';

error_reporting(E_ALL & ~E_DEPRECATED);
$seed = test_seed();
$pass = $fail = 0;
const BATCH = 20;

if (!function_exists('zser_unserialize')) {
	echo "lossless: 0 cases (zser extension not loaded), 0 passed, 1 failed\n";
	exit(1);
}
$has_igbinary = function_exists('igbinary_serialize');
if (!$has_igbinary) {
	echo "lossless: igbinary is not loadable: the igbinary half is skipped\n";
}

class Plain
{
	public $pub = 1;
	protected $prot = 'p';
	private $priv = [1];
	public int $typed = 0;
	public string $never_set; // uninitialized: serialize() and igbinary leave it out
	public ?Plain $next = null;

	public function fill(array $a): static
	{
		[$this->pub, $this->prot, $this->priv, $this->typed] = $a;
		return $this;
	}
}

class Child extends Plain
{
	private $priv = 'child-private';
	public $extra;
}

class Blob implements Serializable
{
	public $payload = '';

	public function serialize()
	{
		return $this->payload;
	}

	public function unserialize($data)
	{
		$this->payload = $data;
	}
}

class Data
{
	public $v;

	public function __serialize(): array
	{
		return is_array($this->v) ? $this->v : ['v' => $this->v, 7 => 'seven'];
	}

	public function __unserialize(array $a): void
	{
		$this->v = $a;
	}
}

enum Suit: string
{
	case Hearts = 'h';
	case Spades = 's';
}

enum Flag
{
	case On;
	case Off;
}

function rnd_string(): string
{
	switch (mt_rand(0, 5)) {
		case 0:
			return '';
		case 1:
			return random_bytes_seeded(mt_rand(1, 40)); // binary, \0 and \xff included
		case 2:
			return ['id', 'name', 'email', 'created_at', '0', '-1', '007'][mt_rand(0, 6)];
		case 3:
			return str_repeat('ab', mt_rand(10, 30));
		default:
			return 'k' . mt_rand(0, 30);
	}
}

function rnd_float(): float
{
	$f = [-0.0, 0.0, NAN, INF, -INF, 0.1, 1e300, -1e-300, 5e-324, 1.5, PHP_FLOAT_MAX][mt_rand(0, 10)];
	return mt_rand(0, 2) ? $f : mt_rand() / mt_getrandmax() * (mt_rand(0, 1) ? 1e6 : -1e-6);
}

function rnd_scalar(): mixed
{
	switch (mt_rand(0, 7)) {
		case 0:
			return null;
		case 1:
			return (bool)mt_rand(0, 1);
		case 2:
			return [0, 1, -1, 63, 64, -17, 255, 65536, PHP_INT_MAX, PHP_INT_MIN][mt_rand(0, 9)];
		case 3:
			return mt_rand(-1000000, 1000000);
		case 4:
			return rnd_float();
		default:
			return rnd_string();
	}
}

/** A random value; $pool collects objects and arrays that later values may share. */
function rnd_value(int $depth, array &$pool): mixed
{
	$r = mt_rand(0, 19);
	if ($depth <= 0 || $r < 7) {
		return rnd_scalar();
	}
	if ($r < 9 && $pool) {
		return $pool[mt_rand(0, count($pool) - 1)]; // the same object again
	}
	if ($r < 13) {
		$n = mt_rand(0, 6);
		$a = [];
		$list = mt_rand(0, 1);
		for ($i = 0; $i < $n; $i++) {
			$v = rnd_value($depth - 1, $pool);
			if ($list) {
				$a[] = $v;
			} else {
				$a[mt_rand(0, 3) ? rnd_string() : mt_rand(-5, 100)] = $v;
			}
		}
		if (count($a) >= 2 && mt_rand(0, 3) === 0) {
			$keys = array_keys($a);
			$a[$keys[0]] = &$a[$keys[1]]; // a & reference inside the array
		}
		return $a;
	}
	switch ($r) {
		case 13:
		case 14:
			$o = (mt_rand(0, 1) ? new Plain : new Child)->fill([rnd_scalar(), rnd_value($depth - 1, $pool),
				rnd_value($depth - 1, $pool), mt_rand(-9, 9)]);
			if ($o instanceof Child && mt_rand(0, 1)) {
				$o->extra = rnd_value($depth - 1, $pool);
			}
			if (mt_rand(0, 3) === 0) {
				$o->dyn = rnd_scalar(); // a dynamic property
			}
			$pool[] = $o;
			return $o;
		case 15:
			$b = new Blob;
			$b->payload = rnd_string();
			$pool[] = $b;
			return $b;
		case 16:
			$d = new Data;
			$d->v = mt_rand(0, 1) ? rnd_scalar() : [rnd_value($depth - 1, $pool), 'x' => rnd_scalar()];
			$pool[] = $d;
			return $d;
		case 17:
			return mt_rand(0, 1) ? Suit::from(['h', 's'][mt_rand(0, 1)]) : (mt_rand(0, 1) ? Flag::On : Flag::Off);
		default:
			$o = new stdClass;
			$o->{'0'} = rnd_scalar();
			$o->{'p' . rnd_string()} = rnd_value($depth - 1, $pool); // never a NUL first
			$pool[] = $o;
			return $o;
	}
}

/** A batch of values as one array, with & references and shared objects between them. */
function rnd_batch(int $n): array
{
	$pool = [];
	$batch = [];
	for ($i = 0; $i < $n; $i++) {
		$batch[] = rnd_value(4, $pool);
	}
	if ($n >= 2 && mt_rand(0, 2) === 0) {
		$batch[$n - 1] = &$batch[0];
	}
	if (mt_rand(0, 4) === 0) {
		// a cycle through a reference; igbinary_serialize() writes it as a copy of the array
		// in progress, an array holding itself without a reference, which zser cannot express
		// and convert refuses (cli/tests/convert_errors.php), so the igbinary half leaves it out
		$batch['self'] = &$batch;
	}
	return $batch;
}

/** serialize() text pins types, float bits, keys, classes, references and identity;
 * var_dump() with renumbered handles adds the typed and uninitialized properties' view. */
function same_value(mixed $a, mixed $b): bool
{
	if (serialize($a) !== serialize($b)) {
		return false;
	}
	$dump = function ($v) {
		ob_start();
		var_dump($v);
		$map = [];
		return preg_replace_callback('/(?<=\)#)\d+(?= \()/', function ($m) use (&$map) {
			return $map[$m[0]] ??= (string)(count($map) + 1);
		}, ob_get_clean());
	};
	return $dump($a) === $dump($b);
}

$cases = (int)(getenv('ZSER_CASES') ?: 3000);
$batches = intdiv($cases + BATCH - 1, BATCH);
$values = 0;
for ($b = 0; $b < $batches; $b++) {
	$batch = rnd_batch(BATCH);
	$values += BATCH;
	$sources = ['serialize' => [serialize($batch), 'unserialize']];
	if ($has_igbinary) {
		unset($batch['self']);
		$sources['igbinary'] = [igbinary_serialize($batch), 'igbinary_unserialize'];
	}
	foreach ($sources as $fmt => [$src, $reader]) {
		$want = $reader($src);
		[$rc, $out, $err] = zser_run(['convert'], $src);
		ok($rc === 0 && $err === '', "batch $b from $fmt: rc=$rc " . trim($err));
		if ($rc !== 0) {
			continue;
		}
		$got = zser_unserialize($out, ['max_depth' => 0]);
		ok(same_value($got, $want), "batch $b from $fmt: zser_unserialize(converted) differs: " .
			first_diff(serialize($want), serialize($got)));
		[$rc, $back, $err] = zser_run(['convert', '--to=serialize'], $out);
		ok($rc === 0 && same_value(unserialize($back), $want),
			"batch $b from $fmt, back to serialize(): rc=$rc " . trim($err));
		if ($fmt === 'serialize') {
			// serialize() of an unserialize()d value is where the text started
			ok($rc === 0 && $back === serialize($want), "batch $b: serialize() text round trip");
		}
	}	// zser blobs as the extension writes them (OBJECT_DATA, shapes of objects, tables filled
	// by PHP's own order) to serialize() text
	$blob = zser_serialize($batch);
	[$rc, $back, $err] = zser_run(['convert', '--to=serialize'], $blob);
	ok($rc === 0 && same_value(unserialize($back), zser_unserialize($blob, ['max_depth' => 0])),
		"batch $b: zser_serialize() blob to serialize(): rc=$rc " . trim($err));
}
echo "lossless: $values values in $batches blobs (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
