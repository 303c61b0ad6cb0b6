<?php
// zser — SPDX-License-Identifier: MIT
// integrations/migrate/redis-convert.php against a real redis-server (REDIS_PORT): serialize()
// and igbinary values become zser blobs that zser_unserialize() reads as unserialize() /
// igbinary_unserialize() read the originals, each key keeps its exact expiry (PEXPIRETIME,
// Redis 7) or its lack of one, zser values, other data and refused values are left as they
// are, a value changed between the script's read and write is not overwritten, and a second
// run converts nothing. One "ok"/"FAIL" line per check.

function check(bool $ok, string $what): void
{
    echo $ok ? 'ok   ' : 'FAIL ', $what, "\n";
}

class Acct { public $id = 7; protected $tags = ['a']; private $secret = "\xff"; }
enum Tier: string { case Gold = 'g'; }

$redis = new Redis();
$redis->connect('127.0.0.1', (int)getenv('REDIS_PORT'));
$redis->select(3);
$redis->flushDb();
$a = new Acct;
$v = ['acct' => $a, 'same' => $a, 'tier' => Tier::Gold, 'f' => [-0.0, NAN, 1e300], 7 => "\x00bin"];
$v['r'] = [1];
$v['r2'] = &$v['r'];
$src = [
    'ser:ttl' => [serialize($v), 'unserialize', 3600],
    'ser:none' => [serialize([1, 'x' => null]), 'unserialize', 0],
    'ig:ttl' => [igbinary_serialize($v), 'igbinary_unserialize', 120],
];
foreach ($src as $key => [$blob, , $ttl]) {
    $ttl ? $redis->setex($key, $ttl, $blob) : $redis->set($key, $blob);
}
$expire = [];
foreach ($src as $key => $_) {
    $expire[$key] = $redis->rawCommand('PEXPIRETIME', $key);
}
$redis->set('zser', zser_serialize([1]));
$redis->set('text', 'hello');
$redis->set('dup', 'a:2:{i:5;i:1;s:1:"5";i:2;}');
$redis->rPush('list', 'x');

$script = dirname(__DIR__, 2) . '/integrations/migrate/redis-convert.php';
$zser = dirname(__DIR__, 2) . '/build/cli/zser';
$run = function (array $args) use ($script, $zser) {
    $cmd = array_merge([PHP_BINARY, $script, '--port=' . getenv('REDIS_PORT'), "--zser=$zser"], $args);
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    return [proc_close($p), $out, $err];
};
$one_line = function (string $s): string {
    return preg_replace('/\s+/', ' ', trim($s));
};
// the script talks to db 0: move the keys there for it, in a db of their own
$redis->select(0);
$redis->flushDb();
$redis->select(3);
foreach ($redis->keys('*') as $k) {
    $redis->move($k, 0);
}
$redis->select(0);

[$rc, $out, $err] = $run(['--dry-run']);
check($rc === 0 && str_contains($out, 'converted          3'), "dry run counts 3: " . $one_line($out));
check($redis->get('ser:ttl') === $src['ser:ttl'][0], 'dry run writes nothing');

[$rc, $out, $err] = $run([]);
check($rc === 0 && preg_match('/converted +3\n.*already zser +1\n.*not php +2\n.*refused +1/s', $out) === 1,
    'run: ' . $one_line($out));
check(str_contains($err, 'dup: error at offset'), "refused value named on stderr: " . $one_line($err));
foreach ($src as $key => [$blob, $reader]) {
    $now = $redis->get($key);
    check($now[0] === 'Z' && serialize(zser_unserialize($now)) === serialize($reader($blob)),
        "$key: zser now, the same value");
    check($redis->rawCommand('PEXPIRETIME', $key) === $expire[$key], "$key: the same expiry");
}
check($redis->get('text') === 'hello' && $redis->get('dup') === 'a:2:{i:5;i:1;s:1:"5";i:2;}'
    && $redis->lRange('list', 0, -1) === ['x'], 'other values untouched');

[$rc, $out] = $run([]);
check($rc === 0 && str_contains($out, 'converted          0'), "second run converts nothing: " . $one_line($out));

// the compare-and-set: a value rewritten between read and write stays
$redis->set('race', serialize(['old']));
$cas = <<<'LUA'
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return 1
end
return 0
LUA;
$redis->set('race', serialize(['new']));
check($redis->eval($cas, ['race', serialize(['old']), zser_serialize(['old'])], 1) === 0
    && $redis->get('race') === serialize(['new']), 'a value changed meanwhile is kept');
check(str_contains(file_get_contents($script), $cas), "the script's compare-and-set is the one tested");
$redis->flushDb();
