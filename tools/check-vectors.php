<?php
// zser — SPDX-License-Identifier: MIT
//
// The extension against the shared vectors: zser_unserialize() of each blob gives the value
// its JSON describes, and zser_serialize() of that value gives the blob back byte for byte.
// Prints one line per failure and "N passed, N failed" last.
error_reporting(E_ALL & ~E_DEPRECATED);
require __DIR__ . '/../tests/vectors/vectors.inc';
$dir = __DIR__ . '/../tests/vectors';

$pass = $fail = 0;
foreach (glob("$dir/*.zser") as $f) {
	$blob = file_get_contents($f);
	$want = json_decode(file_get_contents(substr($f, 0, -5) . '.json'), true);
	$v = zser_unserialize($blob);
	if (vec_describe_top($v) !== $want) {
		echo basename($f), ": decoded value differs from its description\n";
		$fail++;
	} elseif (zser_serialize($v) !== $blob) {
		echo basename($f), ": re-serialized bytes differ\n";
		$fail++;
	} else {
		$pass++;
	}
}
echo "$pass passed, $fail failed\n";
