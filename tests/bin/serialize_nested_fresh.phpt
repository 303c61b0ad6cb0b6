--TEST--
zser_serialize/zser_unserialize made inside __serialize, __unserialize, __sleep or __wakeup start afresh (serialize_lock), as serialize()/unserialize() do; so do the Serializable calls beneath them
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_nested.inc';

class Magic
{
    public $o;
    public function __construct($o = null) { $this->o = $o; }
    public function __serialize(): array { return ['b' => bin_nested_ser($this->o)]; }
    public function __unserialize(array $d): void { $this->o = bin_nested_unser($d['b']); }
}

class Sleepy
{
    public $o;
    public $packed;
    public function __construct($o = null) { $this->o = $o; }
    public function __sleep() { $this->packed = bin_nested_ser($this->o); return ['packed']; }
    public function __wakeup()
    {
        $this->o = bin_nested_unser($this->packed);
        $this->packed = strlen($this->packed) > 0; // the bytes differ between the formats
    }
}

bin_nested_compare('__serialize/__unserialize: identity is not shared', function () {
    $sh = new stdClass;
    return [$sh, new Magic($sh)];
}, fn ($r) => $r[0] === $r[1]->o);

bin_nested_compare('__sleep/__wakeup: identity is not shared', function () {
    $sh = new stdClass;
    return [$sh, new Sleepy($sh)];
}, fn ($r) => $r[0] === $r[1]->o);

bin_nested_compare('__sleep/__wakeup: & references are not shared', function () {
    $x = 1;
    return [&$x, new Sleepy([&$x])];
}, function ($r) {
    $r[0] = 2;
    return $r[1]->o[0];
});

bin_nested_compare('a Serializable inside __serialize: fresh too', function () {
    $sh = new stdClass;
    return [$sh, new Magic([new NestOne($sh), $sh])];
}, fn ($r) => [$r[1]->o[0]->o === $r[1]->o[1], $r[1]->o[1] === $r[0]]);

bin_nested_compare('a Serializable inside __sleep: fresh too', function () {
    $sh = new stdClass;
    return [new Sleepy([$sh, new NestOne($sh)]), $sh];
}, fn ($r) => [$r[0]->o[1]->o === $r[0]->o[0], $r[0]->o[0] === $r[1]]);

bin_nested_compare('Magic inside a Serializable payload: its own calls start afresh', function () {
    $sh = new stdClass;
    return [$sh, new NestOne(new Magic($sh))];
}, fn ($r) => $r[1]->o->o === $r[0]);

// The blobs made under serialize_lock are whole blobs of their own: no nested flag (bit 6).
$GLOBALS['bin_nested_zser'] = true;
$s = new Sleepy(new stdClass);
zser_serialize([$s]);
printf("header of the blob __sleep() made: %02x\n", ord($s->packed[1]));
var_dump(zser_unserialize($s->packed) == new stdClass);

// A cycle through __serialize() starts a fresh call at each turn, without end: the calls are
// bounded (FORMAT.md §8.3), where serialize() would recurse until the C stack is exhausted.
$m = new Magic();
$m->o = $m;
try {
    zser_serialize($m);
} catch (ZserException $e) {
    echo get_class($e), ' ', $e->getCode() === ZserException::DEPTH ? 'DEPTH' : $e->getCode(), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
__serialize/__unserialize: identity is not shared: same false
__sleep/__wakeup: identity is not shared: same false
__sleep/__wakeup: & references are not shared: same 1
a Serializable inside __serialize: fresh too: same [false,false]
a Serializable inside __sleep: fresh too: same [false,false]
Magic inside a Serializable payload: its own calls start afresh: same false
header of the blob __sleep() made: 01
bool(true)
ZserException DEPTH: Maximum nesting of 256 zser_serialize() calls exceeded
