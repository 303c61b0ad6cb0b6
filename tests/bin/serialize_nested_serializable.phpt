--TEST--
zser_serialize/zser_unserialize made inside Serializable::serialize()/unserialize() share the outer call's slots, as serialize()/unserialize() do: cycles, object identity and & references across the boundary both ways
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_nested.inc';

// the reproducer: a cycle through the payload recursed until the C stack overflowed
bin_nested_compare('cycle', function () {
    $a = new NestOne(new stdClass);
    $a->o->back = $a;
    return $a;
}, fn ($r) => $r->o->back === $r);

bin_nested_compare('object met before the payload', function () {
    $sh = new stdClass;
    return [$sh, new NestOne($sh)];
}, fn ($r) => $r[0] === $r[1]->o);

bin_nested_compare('object met first in the payload', function () {
    $sh = new stdClass;
    return [new NestOne($sh), $sh];
}, fn ($r) => $r[1] === $r[0]->o);

bin_nested_compare('the object itself inside its payload', function () {
    $a = new NestOne();
    $a->o = $a;
    return $a;
}, fn ($r) => $r->o === $r);

bin_nested_compare('& reference met first in the payload', function () {
    $x = 1;
    return [new NestOne([&$x]), &$x];
}, function ($r) {
    $r[1] = 5;
    return $r[0]->o[0] === 5;
});

bin_nested_compare('& reference met before the payload', function () {
    $x = 1;
    return [&$x, new NestOne([&$x])];
}, function ($r) {
    $r[0] = 7;
    return $r[1]->o[0] === 7;
});

bin_nested_compare('& reference to an array still being read', function () {
    $v = [1];
    $v[1] = new NestOne([&$v]);
    return $v;
}, fn ($r) => count($r[1]->o[0]) === 2);

bin_nested_compare('two nested calls in one payload', function () {
    $sh = new stdClass;
    return [new NestTwo($sh, [$sh, 's']), $sh];
}, fn ($r) => $r[0]->a === $r[0]->b[0] && $r[0]->a === $r[1]);

bin_nested_compare('nested inside nested', function () {
    $sh = new stdClass;
    $outer = new NestOne(new NestOne([$sh, 'x']));
    $sh->back = $outer;
    return [$outer, $sh, $outer->o];
}, fn ($r) => $r[1] === $r[0]->o->o[0] && $r[1]->back === $r[0] && $r[2] === $r[0]->o);

bin_nested_compare('objects and references after several payloads', function () {
    $x = 'r';
    $objs = [new stdClass, new stdClass, new stdClass];
    $v = [];
    foreach ($objs as $i => $o) {
        $o->i = $i;
        $v[] = new NestOne([$o, &$x, $i]);
    }
    $v[] = $objs;
    $v[] = &$x;
    return $v;
}, function ($r) {
    $r[4] = 'changed';
    return [$r[3][0] === $r[0]->o[0], $r[3][2] === $r[2]->o[0], $r[1]->o[1]];
});

bin_nested_compare('__wakeup of nested objects runs when the outermost call ends', function () {
    return [new NestOne([new NestWake(1), new NestWake(2)]), new NestWake(3)];
}, fn ($r) => $GLOBALS['bin_nested_log']);

bin_nested_compare('Serializable in an array shared by the outer value', function () {
    $sh = new stdClass;
    $arr = [new NestOne($sh)];
    return [$arr, $arr, $sh];
}, fn ($r) => [$r[2] === $r[0][0]->o, $r[1][0] === $r[0][0]]);

// The blobs: the outer one has the reference flag and OBJECT_BLOB_SLOTS (0xD8) reserving two
// slots; the payload is a nested blob whose base is the object's slot 1.
$GLOBALS['bin_nested_zser'] = true;
$a = new NestOne(new stdClass);
$a->o->back = $a;
$blob = zser_serialize($a);
echo bin2hex(substr($blob, 0, 3)), ' ', bin2hex($blob[11]), ' ', bin2hex(substr($blob, 13, 3)), "\n";
var_dump(zser_unserialize(zser_serialize($a))->o->back instanceof NestOne);

// A nested call that fails (here on a Closure), its exception caught, leaves no slot taken and
// no object met; so does a serialize() that returns null after a nested call (null is
// written). serialize() keeps the slots such calls took, and its later numbers go astray.
class Caught implements Serializable
{
    public $o;
    public function serialize()
    {
        try {
            zser_serialize([new stdClass, $this->o, function () {}]);
        } catch (Exception $e) {
            echo get_class($e), ': ', $e->getMessage(), "\n";
        }
        return zser_serialize($this->o);
    }
    public function unserialize($d) { $this->o = zser_unserialize($d); }
}
class NullAfterNested implements Serializable
{
    public $o;
    public function serialize()
    {
        zser_serialize($this->o);
        return null;
    }
    public function unserialize($d) {}
}
$sh = new stdClass;
$c = new Caught();
$c->o = $sh;
$r = zser_unserialize(zser_serialize([$c, $sh, new stdClass]));
var_dump($r[0]->o === $r[1], $r[2] instanceof stdClass);
$n = new NullAfterNested();
$n->o = [$sh, new stdClass];
$r = zser_unserialize(zser_serialize([$n, $sh, $n, $n->o[1]]));
var_dump($r[0], $r[1] instanceof stdClass, $r[2], $r[3] instanceof stdClass && $r[3] !== $r[1]);

// unserialize() that changes its nested result (drops an array, adds properties) before the
// outer blob's back-reference to a slot inside it: the slot still holds what was decoded.
class Changes implements Serializable
{
    public $o;
    public function serialize() { return zser_serialize($this->o); }
    public function unserialize($d)
    {
        $this->o = zser_unserialize($d);
        $this->o->arr = null;
        for ($i = 0; $i < 50; $i++) {
            $this->o->{"p$i"} = str_repeat('x', $i);
        }
    }
}
$x = 1;
$std = new stdClass;
$std->arr = [&$x, 'y'];
$std->q = &$x;
$ch = new Changes();
$ch->o = $std;
$r = zser_unserialize(zser_serialize([$ch, &$x, $std]));
$r[1] = 5;
var_dump($r[0]->o->q, $r[0]->o->arr, $r[2] === $r[0]->o, count(get_object_vars($r[2])));
?>
--EXPECT--
cycle: same true
object met before the payload: same true
object met first in the payload: same true
the object itself inside its payload: same true
& reference met first in the payload: same true
& reference met before the payload: same true
& reference to an array still being read: same true
two nested calls in one payload: same true
nested inside nested: same true
objects and references after several payloads: same [true,true,"changed"]
__wakeup of nested objects runs when the outermost call ends: same ["NestOne::unserialize done","NestWake::__wakeup 1","NestWake::__wakeup 2","NestWake::__wakeup 3"]
Serializable in an array shared by the outer value: same [true,true]
5a81d8 01 5ac100
bool(true)
Exception: Serialization of 'Closure' is not allowed
bool(true)
bool(true)
NULL
bool(true)
NULL
bool(true)
int(5)
NULL
bool(true)
int(52)
