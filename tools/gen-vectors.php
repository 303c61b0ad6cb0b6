<?php
// zser — SPDX-License-Identifier: MIT
//
// Writes the shared test vectors: tests/vectors/NNNN.zser (a blob zser_serialize() wrote) and
// NNNN.json (its meaning, as tests/vectors/README.md defines it), from values drawn by a seeded
// generator, so that the same seed gives the same files. A value whose blob does not read back
// to the same description (none is expected) is left out and counted.
//   php -d extension=ext/modules/zser.so tools/gen-vectors.php [SEED] [COUNT]
error_reporting(E_ALL & ~E_DEPRECATED);
require __DIR__ . '/../tests/vectors/vectors.inc';

$seed = (int)($argv[1] ?? 20261203);
$count = (int)($argv[2] ?? 300);
$dir = __DIR__ . '/../tests/vectors';
mt_srand($seed);

function r(int $a, int $b): int
{
	return mt_rand($a, $b);
}

function rnd_int(): int
{
	$edges = [0, 63, 64, -1, -16, -17, 255, 256, -256, -257, 65535, 65536, -65536, -65537,
	          4294967295, 4294967296, -4294967296, -4294967297, PHP_INT_MAX, PHP_INT_MIN];
	return match (r(0, 4)) {
		0 => $edges[r(0, count($edges) - 1)],
		1 => r(-20, 70),
		2 => r(-70000, 70000),
		3 => r(PHP_INT_MIN, PHP_INT_MAX),
		default => r(-3000000000, 3000000000) * r(1, 3000000),
	};
}

function rnd_float(): float
{
	$edges = [0.0, -0.0, 1.0, -1.5, 0.1, 1e300, -1e-300, INF, -INF, NAN, 5e-324, 3.4028234663852886e38,
	          2.0 ** 53, 1e20, 16777217.0];
	return match (r(0, 3)) {
		0 => $edges[r(0, count($edges) - 1)],
		1 => r(-1000, 1000) / 8,
		2 => unpack('e', pack('Q', r(0, PHP_INT_MAX) | (r(0, 1) << 63)))[1],
		default => mt_rand() / mt_getrandmax() * 10 ** r(-10, 10),
	};
}

function rnd_str(): string
{
	$words = ['id', 'name', 'tags', 'a', 'b', 'é', 'ключ', '日本', '0', '5', '-3', '007', '-0', ''];
	switch (r(0, 6)) {
	case 0:
	case 1:
		return $words[r(0, count($words) - 1)];
	case 2:
		return str_repeat(chr(r(97, 122)), r(0, 40));
	case 3:
		$s = '';
		for ($i = r(1, 40); $i > 0; $i--) {
			$s .= chr(r(0, 255));
		}
		return $s;
	case 4:
		return 'k' . r(0, 30);
	case 5:
		return str_repeat('xyzé', r(8, 90));
	default:
		return "\xff\xfe" . r(0, 9);
	}
}

function rnd_key(): int|string
{
	return r(0, 2) ? rnd_str() : rnd_int();
}

function rnd_obj(int $d): object
{
	switch (r(0, 6)) {
	case 0:
	case 1:
		return new VecPlain(rnd_value($d), rnd_value($d), rnd_value($d));
	case 2:
		$o = new VecChild(rnd_value($d), r(0, 5), rnd_str());
		$o->extra = rnd_value($d);
		return $o;
	case 3:
		$o = new VecData();
		$o->items = rnd_array($d);
		return $o;
	case 4:
		$o = new VecBlob();
		$o->payload = rnd_str();
		return $o;
	case 5:
		$o = new VecNested();
		$o->inner = rnd_plain($d);
		return $o;
	default:
		$o = new stdClass();
		for ($i = r(0, 3); $i > 0; $i--) {
			$o->{'p' . r(0, 9)} = rnd_value($d);
		}
		return $o;
	}
}

// values without objects and references: the inside of a nested blob
function rnd_plain(int $d): mixed
{
	if ($d > 3 || r(0, 2) === 0) {
		return [rnd_int(), rnd_str(), null, true][r(0, 3)];
	}
	$a = [];
	for ($i = r(0, 5); $i > 0; $i--) {
		// after the key PHP_INT_MAX, $a[] has no next key
		r(0, 1) && !array_key_exists(PHP_INT_MAX, $a) ? $a[] = rnd_plain($d + 1)
		                                             : $a[rnd_key()] = rnd_plain($d + 1);
	}
	return $a;
}

function rnd_array(int $d): array
{
	$a = [];
	switch (r(0, 4)) {
	case 0:
		for ($i = r(0, 40); $i > 0; $i--) {
			$a[] = rnd_value($d + 1);
		}
		break;
	case 1:
		// rows of one shape
		$keys = [];
		for ($i = r(1, 4); $i > 0; $i--) {
			$keys[] = rnd_key();
		}
		for ($i = r(1, 5); $i > 0; $i--) {
			$row = [];
			foreach ($keys as $k) {
				$row[$k] = rnd_value($d + 2);
			}
			$a[] = $row;
		}
		break;
	default:
		for ($i = r(0, 8); $i > 0; $i--) {
			$a[rnd_key()] = rnd_value($d + 1);
		}
	}
	return $a;
}

function rnd_value(int $d): mixed
{
	$k = $d > 4 ? r(0, 5) : r(0, 11);
	switch ($k) {
	case 0:
		return null;
	case 1:
		return (bool)r(0, 1);
	case 2:
	case 3:
		return rnd_int();
	case 4:
		return rnd_float();
	case 5:
		return rnd_str();
	case 6:
	case 7:
		return rnd_array($d);
	case 8:
	case 9:
		return rnd_obj($d + 1);
	case 10:
		return [VecSuit::Hearts, VecSuit::Spades, VecUnit::One, VecUnit::Two][r(0, 3)];
	default:
		// shared objects and references
		$o = rnd_obj($d + 1);
		$a = ['x' => $o, 'y' => rnd_value($d + 1), 'z' => $o, 'n' => rnd_int()];
		$a['w'] = &$a['y'];
		if (r(0, 1)) {
			$a['v'] = &$a['n'];
		}
		if (r(0, 3) === 0) {
			$a['self'] = &$a;
		}
		return $a;
	}
}

$kept = 0;
$dropped = 0;
foreach (glob("$dir/*.zser") as $f) {
	unlink($f);
	@unlink(substr($f, 0, -5) . '.json');
}
for ($i = 0; $kept < $count; $i++) {
	$v = match (true) {
		$i < 20 => [rnd_int(), rnd_float(), rnd_str(), null, true, false][$i % 6],
		$i < 23 => str_repeat('large ' . $i, 12000),
		default => rnd_value(0),
	};
	$blob = zser_serialize($v);
	$want = vec_describe_top($v);
	$got = vec_describe_top(zser_unserialize($blob));
	if ($want !== $got || zser_serialize(zser_unserialize($blob)) !== $blob) {
		$dropped++;
		continue;
	}
	$name = sprintf('%s/%04d', $dir, $kept++);
	file_put_contents("$name.zser", $blob);
	file_put_contents("$name.json", json_encode($want, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES |
	                  JSON_PRESERVE_ZERO_FRACTION) . "\n");
}
fprintf(STDERR, "%d vectors written, %d values left out (seed %d)\n", $kept, $dropped, $seed);
