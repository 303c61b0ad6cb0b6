<?php
// zser — SPDX-License-Identifier: MIT
//
// Rewrites the serialize() and igbinary values of a live Redis as zser, in place, keeping each
// key's TTL. Keys are walked with SCAN (no KEYS, no blocking); each value is converted by
// `zser convert` (lossless, checked, and without loading any of the application's classes or
// running their __wakeup()/__unserialize()), then stored by a small Lua script only if the key
// still holds the bytes that were read, with SET ... KEEPTTL (Redis 6+): a value the
// application rewrote meanwhile is left alone, and the TTL is the key's own. Values that are
// already zser, not serialized PHP, or that convert refuses are counted and left as they are.
//
//   php redis-convert.php [--host=H] [--port=P] [--match=PATTERN] [--zser=PATH] [--dry-run]
//
// Needs phpredis; the zser extension is not needed (the CLI does the work).

$opt = getopt('', ['host:', 'port:', 'match:', 'zser:', 'dry-run']);
$redis = new Redis();
$redis->connect($opt['host'] ?? '127.0.0.1', (int)($opt['port'] ?? 6379));
$zser = $opt['zser'] ?? 'zser';
$dry = isset($opt['dry-run']);

// SET only if unchanged; KEEPTTL keeps the expiry the key has at that moment.
$cas = <<<'LUA'
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0
LUA;

/** `zser convert` of $blob: the zser bytes, or null with the tool's message in $err. */
function convert(string $zser, string $blob, ?string &$err): ?string
{
	$p = proc_open([$zser, 'convert', '-'], [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
	fwrite($pipes[0], $blob);
	fclose($pipes[0]);
	$out = stream_get_contents($pipes[1]);
	$err = trim(stream_get_contents($pipes[2]));
	return proc_close($p) === 0 ? $out : null;
}

$stats = ['converted' => 0, 'already zser' => 0, 'not php' => 0, 'refused' => 0, 'changed meanwhile' => 0];
$redis->setOption(Redis::OPT_SCAN, Redis::SCAN_RETRY);
$it = null;
while (($keys = $redis->scan($it, $opt['match'] ?? '*', 500)) !== false) {
	foreach ($keys as $key) {
		$blob = $redis->get($key); // false for a key that is not a string (or gone)
		if (!is_string($blob) || $blob === '') {
			$stats['not php']++;
			continue;
		}
		if ($blob[0] === 'Z') {
			$stats['already zser']++;
			continue;
		}
		// serialize() text starts with a type letter and ':' (or is "N;"); igbinary with 00 00 00 0x
		if (!preg_match('/^(?:[bidsSaOCE]:|N;|\x00\x00\x00[\x01\x02])/', $blob)) {
			$stats['not php']++;
			continue;
		}
		$new = convert($zser, $blob, $err);
		if ($new === null) {
			$stats['refused']++;
			fwrite(STDERR, "$key: $err\n");
			continue;
		}
		if ($dry) {
			$stats['converted']++;
			continue;
		}
		$stats[$redis->eval($cas, [$key, $blob, $new], 1) ? 'converted' : 'changed meanwhile']++;
	}
}
foreach ($stats as $what => $n) {
	printf("%-18s %d\n", $what, $n);
}
