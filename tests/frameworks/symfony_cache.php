<?php
// zser — SPDX-License-Identifier: MIT
// ZserMarshaller in Symfony's RedisAdapter against a real redis-server (REDIS_PORT): values of
// every kind come back equal through a fresh adapter, the stored bytes are zser, unserializable
// values are refused, corrupt entries and vanished classes are misses, and a DefaultMarshaller
// as legacy reader keeps the entries written before a switch. One "ok"/"FAIL" line per check.
require 'Symfony/Component/Cache/autoload.php';
require __DIR__ . '/../../integrations/symfony-cache/ZserMarshaller.php';

use Symfony\Component\Cache\Adapter\RedisAdapter;
use Symfony\Component\Cache\Marshaller\DefaultMarshaller;
use Zser\Symfony\ZserMarshaller;

enum Plan: string { case Free = 'f'; case Pro = 'p'; }
class Account
{
    public array $log = [];
    protected ?Account $parent = null;
    private string $secret = 's';
    public function __construct(public int $id, public Plan $plan) {}
    public function setParent(Account $p): void { $this->parent = $p; }
}
class Present { public $v = 1; }

function check(bool $ok, string $what): void
{
    echo $ok ? 'ok   ' : 'FAIL ', $what, "\n";
}

$redis = new Redis();
$redis->connect('127.0.0.1', (int)getenv('REDIS_PORT'));
$redis->flushAll();
$adapter = fn (string $ns, $m) => new RedisAdapter($redis, $ns, 0, $m);

$org = new Account(1, Plan::Pro);
$acc = new Account(2, Plan::Free);
$acc->setParent($org);
$shared = ['x' => 1];
$refs = [&$shared, &$shared];
$values = [
    'null' => null, 'false' => false, 'int' => -7, 'float' => 0.1, 'string' => "bin\0\xff",
    'list' => range(1, 50), 'map' => ['a' => ['b' => ['c' => 'd']]],
    'objects' => [$org, $acc, $org], 'enum' => Plan::Pro, 'refs' => $refs,
    'date' => new DateTimeImmutable('2024-02-29 12:00:00', new DateTimeZone('UTC')),
];
$w = $adapter('t', new ZserMarshaller());
foreach ($values as $k => $v) {
    $item = $w->getItem($k)->set($v);
    $w->save($item);
}
$r = $adapter('t', new ZserMarshaller());
$all = true;
foreach ($values as $k => $v) {
    $item = $r->getItem($k);
    if (!$item->isHit() || serialize($item->get()) !== serialize($v)) {
        $all = false;
        echo "  $k: ", $item->isHit() ? var_export($item->get(), true) : 'miss', "\n";
    }
}
check($all, 'every kind of value round trips through a fresh RedisAdapter (' . count($values) . ' keys)');
$got = $r->getItem('objects')->get();
check($got[0] === $got[2] && $got[0] !== $got[1], 'object identity is kept');
$raw = $redis->get('t:objects');
check(is_string($raw) && $raw[0] === 'Z' && zser_unserialize($raw) == $values['objects'], 'the stored bytes are a zser blob');

// closures cannot be serialized: listed as failed, nothing stored, the other values are
$failed = null;
$out = (new ZserMarshaller())->marshall(['ok' => 1, 'bad' => fn () => 1], $failed);
check($failed === ['bad'] && array_keys($out) === ['ok'], 'marshall() lists an unserializable value in $failed');
check(!$w->save($w->getItem('closure')->set(fn () => 1)) && !$r->getItem('closure')->isHit(), 'the adapter refuses to store a closure');
try {
    (new ZserMarshaller(null, true))->marshall(['bad' => fn () => 1], $failed);
    check(false, 'throwOnSerializationFailure throws');
} catch (ValueError $e) {
    check(str_contains($e->getMessage(), 'Closure'), 'throwOnSerializationFailure throws a ValueError');
}

// corrupt bytes and vanished classes: misses, never an incomplete object
$redis->set('t:corrupt', "Z\x01\x99\x99");
$redis->set('t:truncated', substr($raw, 0, -3));
$redis->set('t:gone', str_replace('Present', 'Missing', zser_serialize(new Present())));
set_error_handler(fn () => true);
foreach (['corrupt', 'truncated', 'gone'] as $k) {
    check(!$r->getItem($k)->isHit(), "a $k entry is a miss");
}
restore_error_handler();
try {
    (new ZserMarshaller())->unmarshall(str_replace('Present', 'Missing', zser_serialize(new Present())));
    check(false, 'unmarshall() of a vanished class throws');
} catch (DomainException $e) {
    check($e->getMessage() === 'Class not found: Missing', 'unmarshall() of a vanished class throws DomainException');
}
check(ini_get('unserialize_callback_func') === '', 'unmarshall() restores unserialize_callback_func');

// a switch: entries written by DefaultMarshaller (serialize() and igbinary) stay readable
foreach ([false, true] as $ig) {
    if ($ig && !extension_loaded('igbinary')) {
        continue;
    }
    $name = $ig ? 'igbinary' : 'serialize()';
    $old = $adapter("old$ig", new DefaultMarshaller($ig));
    $old->save($old->getItem('k')->set($values['objects']));
    $plain = $adapter("old$ig", new ZserMarshaller());
    set_error_handler(fn () => true);
    check(!$plain->getItem('k')->isHit(), "without a legacy reader a $name entry is a miss");
    restore_error_handler();
    $new = $adapter("old$ig", new ZserMarshaller(new DefaultMarshaller($ig)));
    $item = $new->getItem('k');
    check($item->isHit() && serialize($item->get()) === serialize($values['objects']), "with DefaultMarshaller as legacy reader a $name entry is a hit");
    $new->save($new->getItem('k2')->set([1]));
    check($redis->get("old$ig:k2")[0] === 'Z', "new $name-era entries are written as zser");
}
