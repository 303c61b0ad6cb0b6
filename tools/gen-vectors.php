<?php
// zser — SPDX-License-Identifier: MIT
//
// Writes the shared test vectors: tests/vectors/NNNN.zser (a blob zser_serialize() wrote) and
// NNNN.json (its meaning, as tests/vectors/README.md defines it), from values drawn by a seeded
// generator, so that the same seed gives the same files. A value whose blob does not read back
// to the same description (none is expected) is left out and counted.
//   php -d extension=ext/modules/zser.so tools/gen-vectors.php [SEED] [COUNT] [SHARED]
error_reporting(E_ALL & ~E_DEPRECATED);
require __DIR__ . '/../tests/vectors/vectors.inc';
require __DIR__ . '/../tests/vectors/random.inc';

$seed = (int)($argv[1] ?? 20261203);
$count = (int)($argv[2] ?? 300);
$shared = (int)($argv[3] ?? 16);
$dir = __DIR__ . '/../tests/vectors';
mt_srand($seed);

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
// then values with shared arrays (FORMAT.md §9.1), drawn after the others so that those stay
// as they were
for ($i = 0; $i < $shared; $i++) {
	$v = rnd_shared(0);
	$blob = zser_serialize($v);
	$want = vec_describe_top($v);
	if ($want !== vec_describe_top(zser_unserialize($blob)) || zser_serialize(zser_unserialize($blob)) !== $blob) {
		$dropped++;
		continue;
	}
	$name = sprintf('%s/%04d', $dir, $kept++);
	file_put_contents("$name.zser", $blob);
	file_put_contents("$name.json", json_encode($want, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES |
	                  JSON_PRESERVE_ZERO_FRACTION) . "\n");
}
fprintf(STDERR, "%d vectors written, %d values left out (seed %d)\n", $kept, $dropped, $seed);
