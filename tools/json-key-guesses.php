<?php
// zser — SPDX-License-Identifier: MIT
//
// How often jsond_decode()'s key guess (ext/json_decode.c, next_key()) would be right on a JSON
// text: its object keys replayed in text order, twice (the second pass is what a later call of
// the request sees), guessed by the last key and by the last two. Keys are compared by name, so
// the cache's slots and their evictions are not modelled; keys of one byte or over 48, which
// the cache does not keep, are left out. It measures, it does not judge; no test runs it.
//
//   php tools/json-key-guesses.php FILE.json...

function object_keys(mixed $v, array &$out): void
{
	if (!is_array($v)) {
		return;
	}
	$list = array_is_list($v);
	foreach ($v as $k => $item) {
		if (!$list) {
			$out[] = (string)$k;
		}
		object_keys($item, $out);
	}
}

/** Right guesses in the second of two passes, the guess taken by $context of the keys before. */
function right_guesses(array $keys, callable $context): int
{
	$next = [];
	$right = 0;
	for ($pass = 0; $pass < 2; $pass++) {
		$right = 0;
		$last = $before = '';
		foreach ($keys as $k) {
			$c = $context($last, $before);
			if (($next[$c] ?? null) === $k) {
				$right++;
			} else {
				$next[$c] = $k;
			}
			$before = $last;
			$last = $k;
		}
	}
	return $right;
}

if ($argc < 2) {
	fwrite(STDERR, "usage: php tools/json-key-guesses.php FILE.json...\n");
	exit(1);
}
printf("%-28s %8s %12s %12s\n", 'file', 'keys', 'by last', 'by last two');
foreach (array_slice($argv, 1) as $file) {
	$keys = [];
	object_keys(json_decode(file_get_contents($file), true, 512, JSON_THROW_ON_ERROR), $keys);
	$keys = array_values(array_filter($keys, fn($k) => strlen($k) > 1 && strlen($k) <= 48));
	printf("%-28s %8d %12d %12d\n", basename($file), count($keys),
		right_guesses($keys, fn($last, $before) => $last),
		right_guesses($keys, fn($last, $before) => "$before\0$last"));
}
