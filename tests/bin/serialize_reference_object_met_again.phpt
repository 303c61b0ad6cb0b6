--TEST--
zser_serialize: an object held once, met again inside itself through a & reference to the array holding it, is written as serialize() writes it
--EXTENSIONS--
zser
--FILE--
<?php
// serialize() records an object for back-references only when it may be met again: not when
// the top-level array alone holds it. Met again through a reference to that array, it is
// written a second time, whatever magic methods it has, on PHP 8.2; and zser must agree.
class WithSerialize
{
    public $a;
    public function __serialize(): array
    {
        return ['a' => $this->a];
    }
    public function __unserialize(array $d): void
    {
        $this->a = $d['a'];
    }
}
class WithSleep
{
    public $a;
    public $b = 2;
    public function __sleep()
    {
        return ['a'];
    }
}
class Plain
{
    public $a;
}

function check(string $what, array $v): void
{
    $php = serialize(unserialize(serialize($v)));
    $zser = serialize(zser_unserialize(zser_serialize($v)));
    echo $what, ': ', $php === $zser ? 'same' : "DIFFERENT\n  php  $php\n  zser $zser", "\n";
}

foreach (['WithSerialize', 'WithSleep', 'Plain'] as $class) {
    $o = new $class();
    $v = [$o, 'tail'];
    $o->a = &$v;
    unset($o);
    check("$class held once", $v);

    $o = new $class();
    $w = [$o, 'tail'];
    $o->a = &$w;
    check("$class held twice", $w);
    unset($o);
}

$ao = new ArrayObject();
$x = [$ao, 1];
$ao->exchangeArray([&$x]);
unset($ao);
check('ArrayObject held once', $x);

// the same shape as PHP's unserialize() builds it from R:1
$y = unserialize('a:2:{i:0;O:11:"ArrayObject":4:{i:0;i:0;i:1;a:1:{i:0;R:1;}i:2;a:0:{}i:3;N;}i:1;O:8:"DateTime":3:{s:4:"date";s:26:"2020-01-01 00:00:00.000000";s:13:"timezone_type";i:3;s:8:"timezone";s:3:"UTC";}}');
check('from unserialize()', $y);
?>
--EXPECT--
WithSerialize held once: same
WithSerialize held twice: same
WithSleep held once: same
WithSleep held twice: same
Plain held once: same
Plain held twice: same
ArrayObject held once: same
from unserialize(): same
