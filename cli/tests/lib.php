<?php
// zser — SPDX-License-Identifier: MIT
//
// Shared by the CLI tests: running the zser binary on a blob, PHP's own canonical description
// of a value, and the same canonical form computed from `zser dump --json`, so that the two
// can be compared with ===. Canonical form: scalars as [type, value] (floats by bit pattern,
// strings as hex), references as ["ref", k, value] at the first member of a set and ["ref", k]
// after, objects as ["object", m, class, props] at first sight and ["same", m] after, where k
// and m number sets and objects in order of first appearance.

error_reporting(E_ALL & ~E_DEPRECATED);

/** The run's seed, from ZSER_SEED or fresh (the scripts print it); mt_rand is seeded with it. */
function test_seed(): int
{
	$env = getenv('ZSER_SEED');
	$seed = $env !== false && $env !== '' ? (int)$env : random_int(1, PHP_INT_MAX >> 1);
	mt_srand($seed);
	return $seed;
}

/** Counts one check in the script's globals $pass and $fail; a failure is printed with the seed. */
function ok(bool $cond, string $what): void
{
	global $pass, $fail, $seed;
	if ($cond) {
		$pass++;
	} else {
		$fail++;
		echo "FAIL $what (seed $seed)\n";
	}
}

/** $n bytes from the seeded mt_rand(), so that a failing case can be replayed. */
function random_bytes_seeded(int $n): string
{
	$s = '';
	for ($i = 0; $i < $n; $i++) {
		$s .= chr(mt_rand(0, 255));
	}
	return $s;
}

function zser_bin(): string
{
	$bin = getenv('ZSER_CLI') ?: __DIR__ . '/../../build/cli/zser';
	if (!is_executable($bin)) {
		fwrite(STDERR, "zser binary not found: $bin (run make build)\n");
		exit(2);
	}
	return $bin;
}

/** Runs zser with $args on $stdin, behind the command words $wrap if any; returns [exit code,
 * stdout, stderr]. */
function zser_run(array $args, string $stdin, array $wrap = []): array
{
	static $dir = null;
	if ($dir === null) {
		$dir = sys_get_temp_dir() . '/zser-cli-test-' . getmypid();
		@mkdir($dir);
		register_shutdown_function(function () use ($dir) {
			array_map('unlink', glob("$dir/*"));
			@rmdir($dir);
		});
	}
	file_put_contents("$dir/in", $stdin);
	$cmd = array_merge($wrap, [zser_bin()], $args);
	$p = proc_open($cmd, [0 => ['file', "$dir/in", 'r'], 1 => ['file', "$dir/out", 'w'],
		2 => ['file', "$dir/err", 'w']], $pipes);
	$rc = proc_close($p);
	return [$rc, file_get_contents("$dir/out"), file_get_contents("$dir/err")];
}

function canon_float(float $f): array
{
	if (is_nan($f)) {
		return ['float', 'NAN'];
	}
	return ['float', bin2hex(pack('E', $f))];
}

/** PHP's view: canonical description of a value as unserialize() built it. */
final class PhpDescriber
{
	private array $refs = [];
	private array $objs = [];
	private int $depth = 0;

	public function slot(array $container, $key): array
	{
		$r = ReflectionReference::fromArrayElement($container, $key);
		if ($r !== null) {
			$id = $r->getId();
			if (isset($this->refs[$id])) {
				return ['ref', $this->refs[$id]];
			}
			$this->refs[$id] = count($this->refs) + 1;
			return ['ref', $this->refs[$id], $this->value($container[$key])];
		}
		return $this->value($container[$key]);
	}

	public function value($v): array
	{
		switch (gettype($v)) {
			case 'NULL':
				return ['null'];
			case 'boolean':
				return ['bool', $v];
			case 'integer':
				return ['int', $v];
			case 'double':
				return canon_float($v);
			case 'string':
				return ['string', bin2hex($v)];
			case 'array':
				// A cycle without any reference (which PHP itself never builds) would never end.
				if ($this->depth > 1000) {
					return ['too-deep'];
				}
				$this->depth++;
				$out = [];
				foreach ($v as $k => $_) {
					$out[] = [is_int($k) ? ['i', $k] : ['s', bin2hex($k)], $this->slot($v, $k)];
				}
				$this->depth--;
				return ['array', $out];
			case 'object':
				$oid = spl_object_id($v);
				if (isset($this->objs[$oid])) {
					return ['same', $this->objs[$oid]];
				}
				$class = get_class($v);
				if ($v instanceof UnitEnum) {
					// Enum cases are singletons: no identity to track.
					return ['enum', $class, bin2hex($v->name)];
				}
				$m = $this->objs[$oid] = count($this->objs) + 1;
				if (method_exists($v, '__serialize')) {
					$props = $v->__serialize();
				} elseif ($v instanceof Serializable) {
					return ['custom', $m, $class, bin2hex($v->serialize())];
				} else {
					$props = (array)$v;
				}
				$out = [];
				foreach ($props as $k => $_) {
					$out[] = [['s', bin2hex((string)$k)], $this->slot($props, $k)];
				}
				return ['object', $m, $class, $out];
		}
		return ['unsupported', gettype($v)];
	}
}

/** The same canonical form, from the decoded `zser dump --json` document. */
final class DumpNormalizer
{
	private array $byId = [];
	private array $refs = [];
	private array $objs = [];
	private int $nobjs = 0;
	private array $open = []; // ids of containers being walked
	// Reference sets whose first member was a slot of an __unserialize() payload: that array is
	// discarded after the call, so in PHP's value the set starts at its next member.
	private array $vanished = [];

	public function __construct(array $doc)
	{
		$this->index($doc['value']);
	}

	private function index(array $n): void
	{
		if (isset($n['id']) && !isset($this->byId[$n['id']])) {
			$this->byId[$n['id']] = $n;
		}
		foreach ($n['entries'] ?? $n['properties'] ?? [] as $e) {
			$this->index($e['value']);
		}
	}

	public function slot(array $n): array
	{
		if ($n['type'] === 'ref') {
			$t = $n['target'];
			if (isset($this->vanished[$t]) && !isset($this->refs[$t])) {
				$this->refs[$t] = count($this->refs) + 1;
				return ['ref', $this->refs[$t], $this->targetValue($t)];
			}
			return ['ref', $this->refs[$t] ?? 'unknown-set'];
		}
		if (!empty($n['reference'])) {
			if (isset($this->refs[$n['id']])) {
				return ['ref', $this->refs[$n['id']]];
			}
			$this->refs[$n['id']] = count($this->refs) + 1;
			return ['ref', $this->refs[$n['id']], $this->value($n)];
		}
		return $this->value($n);
	}

	/**
	 * A top-level slot of the array a class's __unserialize() receives. serialize() makes a
	 * later &-reference to an object (or enum case) point at the slot where that object first
	 * appeared, so the blob may mark such a slot as a reference; but the array is temporary and
	 * PHP describes the object by its __serialize() result, where the slot is a plain value.
	 */
	private function payloadSlot(array $n): array
	{
		if ($n['type'] === 'ref') {
			return isset($this->byId[$n['target']]) ? $this->targetValue($n['target']) : ['unknown-set'];
		}
		if (!empty($n['reference'])) {
			$this->vanished[$n['id']] = true;
			unset($n['reference']);
		}
		return $this->value($n);
	}

	private function targetValue(int $id): array
	{
		$t = $this->byId[$id] ?? null;
		if ($t === null) {
			return ['unknown-set'];
		}
		unset($t['reference']);
		return $this->value($t);
	}

	private static function bytes(array $n, string $m): string
	{
		return isset($n[$m . '_hex']) ? $n[$m . '_hex'] : bin2hex($n[$m]);
	}

	public function value(array $n): array
	{
		switch ($n['type']) {
			case 'null':
				return ['null'];
			case 'bool':
			case 'int':
				return [$n['type'], $n['value']];
			case 'float':
				$v = $n['value'];
				if (is_string($v)) {
					$v = $v === 'NAN' ? NAN : ($v === 'INF' ? INF : -INF);
				}
				return canon_float((float)$v);
			case 'string':
				return ['string', self::bytes($n, 'value')];
			case 'array':
				$out = [];
				if (isset($n['id'])) {
					$this->open[$n['id']] = true;
				}
				foreach ($n['entries'] as $e) {
					$k = $e['key_type'] === 'int' ? ['i', $e['key']] : ['s', self::bytes($e, 'key')];
					$out[] = [$k, $this->slot($e['value'])];
				}
				if (isset($n['id'])) {
					unset($this->open[$n['id']]);
				}
				return ['array', $out];
			case 'objref':
				$t = $this->byId[$n['target']] ?? null;
				if ($t !== null && $t['type'] === 'enum') {
					return $this->value($t);
				}
				return ['same', $this->objs[$n['target']] ?? 'unknown-object'];
			case 'copy':
				$t = $this->byId[$n['target']] ?? null;
				if ($t === null) {
					return ['unknown-copy'];
				}
				if (isset($this->open[$n['target']])) {
					return ['cycle']; // a copy of an enclosing array: igbinary can encode that
				}
				unset($t['reference']);
				return $this->value($t);
			case 'enum':
				return ['enum', hex2bin(self::bytes($n, 'class')), self::bytes($n, 'case')];
			case 'object':
			case 'custom':
				if (isset($n['id']) && isset($this->objs[$n['id']])) {
					return ['same', $this->objs[$n['id']]];
				}
				$m = ++$this->nobjs;
				if (isset($n['id'])) {
					$this->objs[$n['id']] = $m;
				}
				$class = hex2bin(self::bytes($n, 'class'));
				if ($n['type'] === 'custom') {
					return ['custom', $m, $class, self::bytes($n, 'data')];
				}
				$out = [];
				$payload = class_exists($class, false) && method_exists($class, '__unserialize');
				foreach ($n['properties'] as $e) {
					$k = $e['key_type'] === 'int' ? bin2hex((string)$e['key']) : self::bytes($e, 'key');
					$v = $payload ? $this->payloadSlot($e['value']) : $this->slot($e['value']);
					$out[] = [['s', $k], $v];
				}
				return ['object', $m, $class, $out];
		}
		return ['unsupported', $n['type']];
	}
}

/** First differing path between two canonical forms, for failure messages. */
function first_diff($a, $b, string $path = '$'): string
{
	if (is_array($a) && is_array($b)) {
		foreach ($a as $k => $v) {
			if (!array_key_exists($k, $b)) {
				return "$path/$k missing on the right";
			}
			if ($v !== $b[$k]) {
				return first_diff($v, $b[$k], "$path/$k");
			}
		}
		return "$path: right has extra elements";
	}
	return "$path: " . json_encode($a) . ' vs ' . json_encode($b);
}
