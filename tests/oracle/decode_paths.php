<?php
// zser — SPDX-License-Identifier: MIT
//
// zser_unserialize()'s fast paths (run_fast(), put_item(), zser_dec_open_array() over the reader's
// inline step) against its slow path (zs_reader_next() events built by on_value(),
// push_frame() and slot_for()), on the same blobs: random values of every kind zser writes
// (references, shared objects, enums, __serialize, Serializable payloads with nested blobs,
// typed and readonly properties), the JSON bench corpora decoded to arrays and to objects,
// the shared test vectors, and truncations and byte changes of all of them, each under
// several option sets. Everything a caller can see must be the same: the value (serialize()
// of it, which pins references and object identity too), the warnings and deprecations, the exception (class, code,
// message) and the magic-method log.
// Needs the module built with -DZSER_DEC_ORACLE (the `oracle` stage builds it): only that
// build knows the option oracle_slow_path.
// Replay: ZSER_SEED=<seed> php -d extension=build/oracle/ext/modules/zser.so tests/oracle/decode_paths.php

ini_set('unserialize_callback_func', '');
// the vectors' Serializable classes are deprecated on PHP 8.1+; every diagnostic a decode
// raises is still compared (outcome()'s handler sees them whatever error_reporting says)
error_reporting(E_ALL & ~E_DEPRECATED);
require __DIR__ . '/../vectors/vectors.inc';
require __DIR__ . '/../vectors/random.inc';
error_reporting(E_ALL);

$LOG = [];

class OrTyped
{
	public int $i = 0;
	public ?string $s = null;
	public array $a = [];
	public float $f = 0.0;
	public $any;
	public readonly int $ro;

	public function __construct(int $ro = 0)
	{
		$this->ro = $ro;
	}

	public function __wakeup()
	{
		$GLOBALS['LOG'][] = 'wakeup OrTyped ' . $this->i;
	}
}

class OrRows
{
	public $id;
	public $name;
	public $tags = [];
	public ?OrRows $next = null;
}

function or_value(int $d): mixed
{
	switch (r(0, 5)) {
	case 0:
		$o = new OrTyped(r(0, 9));
		$o->i = rnd_int();
		$o->s = r(0, 1) ? rnd_str() : null;
		$o->a = rnd_array($d + 1);
		$o->f = rnd_float();
		$o->any = or_value($d + 1);
		return $o;
	case 1:
		// a list of objects of one class: declared properties in order, a shape reused
		$rows = [];
		$prev = null;
		for ($i = r(1, 12); $i > 0; $i--) {
			$o = new OrRows();
			$o->id = rnd_int();
			$o->name = rnd_str();
			$o->tags = [rnd_str(), rnd_int()];
			$o->next = r(0, 2) ? null : $prev;
			$rows[] = $prev = $o;
		}
		return $rows;
	case 2:
		return rnd_shared($d);
	default:
		return rnd_value($d);
	}
}

// Everything decoding $blob under $opts shows a caller, as one string.
function outcome(string $blob, array $opts): string
{
	$GLOBALS['LOG'] = [];
	$warn = [];
	set_error_handler(function ($no, $str) use (&$warn) {
		$warn[] = "$no $str";
		return true;
	});
	$exc = '';
	$v = null;
	try {
		$v = zser_unserialize($blob, $opts);
	} catch (Throwable $e) {
		$exc = get_class($e) . ' ' . $e->getCode() . ' ' . $e->getMessage();
	}
	try {
		$out = serialize($v);
	} catch (Throwable $e) {
		$out = 'not serializable: ' . get_class($e) . ' ' . $e->getMessage();
	}
	$v = null;
	gc_collect_cycles();
	restore_error_handler();
	return $out . "\n" . $exc . "\n" . implode("\n", $warn) . "\n" . implode("\n", $GLOBALS['LOG']);
}

$seed = (int)(getenv('ZSER_SEED') ?: random_int(1, PHP_INT_MAX >> 1));
$checked = 0;
$failed = 0;

function check(string $blob, array $opts, string $what): void
{
	global $checked, $failed, $seed;
	$fast = outcome($blob, $opts + ['oracle_slow_path' => false]);
	$slow = outcome($blob, $opts + ['oracle_slow_path' => true]);
	$checked++;
	if ($fast !== $slow) {
		$failed++;
		if ($failed <= 5) {
			printf("decode_paths: seed %d: %s differ (options %s, blob %s)\n--- fast\n%s\n--- slow\n%s\n",
				$seed, $what, json_encode($opts), bin2hex(substr($blob, 0, 200)),
				substr($fast, 0, 2000), substr($slow, 0, 2000));
		}
	}
}

// Option sets: defaults, a small depth limit, no classes, exceptions instead of warnings.
const OPTION_SETS = [[], ['max_depth' => 3], ['allowed_classes' => false], ['throw_on_error' => true]];

// The blob, then cuts and byte changes at `$mutants` random places.
function check_all(string $blob, string $what, int $mutants, array $sets = OPTION_SETS): void
{
	foreach ($sets as $opts) {
		check($blob, $opts, $what);
	}
	$n = strlen($blob);
	for ($k = 0; $k < $mutants && $n > 2; $k++) {
		$at = r(2, $n - 1);
		check(substr($blob, 0, $at), OPTION_SETS[$k % 4], "$what cut at $at");
		$b = $blob;
		$b[$at] = chr([ord($b[$at]) ^ (1 << r(0, 7)), r(0, 255), 0x90, 0xC0, 0xD6, 0xD7][r(0, 5)]);
		check($b, OPTION_SETS[($k + 1) % 4], "$what with byte $at changed");
	}
}

// The knob must exist: a release build ignores the option, and the comparison would compare
// the fast path with itself.
try {
	zser_unserialize(zser_serialize(1), ['oracle_slow_path' => 'no']);
	echo "decode_paths: this zser was built without ZSER_DEC_ORACLE (no oracle_slow_path option)\n";
	exit(1);
} catch (TypeError $e) {
}

mt_srand($seed);
$cases = (int)(getenv('ZSER_CASES') ?: 3000);
for ($c = 0; $c < $cases; $c++) {
	$v = or_value(0);
	check_all(zser_serialize($v), "random value $c", 6);
}

$vectors = glob(__DIR__ . '/../vectors/*.zser');
foreach ($vectors as $f) {
	check_all(file_get_contents($f), basename($f), 4);
}

// the shared data folder sits beside the repository; in a git worktree, beside the main checkout
$shared = getenv('ZSER_SHARED') ?: __DIR__ . '/../../../shared';
if (!is_dir($shared)) {
	$common = trim((string)shell_exec('git -C ' . escapeshellarg(__DIR__) . ' rev-parse --git-common-dir 2>/dev/null'));
	$shared = dirname($common) . '/../shared';
}
$corpora = glob($shared . '/bench-data/json/*.json') ?: [];
foreach ($corpora as $f) {
	$json = file_get_contents($f);
	foreach ([true, false] as $assoc) {
		// megabytes each: two option sets and a few mutants
		check_all(zser_serialize(json_decode($json, $assoc)), basename($f) . ($assoc ? ' (arrays)' : ' (objects)'),
			3, [[], ['throw_on_error' => true]]);
	}
}

printf("decode_paths: %d blobs compared (%d random values, %d vectors, %d corpora), %d differ, seed %d\n",
	$checked, $cases, count($vectors), count($corpora), $failed, $seed);
if (count($vectors) < 100 || count($corpora) === 0) {
	echo "decode_paths: vectors or bench corpora missing\n";
	exit(1);
}
exit($failed === 0 ? 0 : 1);
