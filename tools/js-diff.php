<?php
// zser — SPDX-License-Identifier: MIT
//
// The PHP side of the JS package's differential run (js/test/diff.test.mjs).
//   js-diff.php gen SEED COUNT   random values: one line each, "<blob hex>\t<description JSON>"
//                                of the value zser_unserialize() reads from the blob
//   js-diff.php decode FILE      each line of FILE a blob in hex: zser_unserialize()'s value as
//                                its description, or "error <code>"
error_reporting(E_ALL & ~E_DEPRECATED);
require __DIR__ . '/../tests/vectors/vectors.inc';
require __DIR__ . '/../tests/vectors/random.inc';

$flags = JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES;
if ($argv[1] === 'gen') {
	mt_srand((int)$argv[2]);
	for ($i = (int)$argv[3]; $i > 0; $i--) {
		// the blob's meaning is what PHP reads back (a value holding a reference to itself
		// reads back other than it was, as with unserialize())
		$blob = zser_serialize($i % 8 === 0 ? rnd_shared(0) : rnd_value(0));
		$v = zser_unserialize($blob);
		echo bin2hex($blob), "\t", json_encode(vec_describe_top($v), $flags), "\n";
	}
	exit(0);
}
foreach (file($argv[2], FILE_IGNORE_NEW_LINES) as $line) {
	try {
		$v = zser_unserialize(hex2bin($line), ['throw_on_error' => true]);
		echo json_encode(vec_describe_top($v), $flags), "\n";
	} catch (ZserException $e) {
		echo 'error ', $e->getCode(), "\n";
	}
}
