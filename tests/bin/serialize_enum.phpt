--TEST--
zser round trip of unit and backed enums keeps identity, alone, in arrays, properties and references
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
enum Suit { case Hearts; case Spades; }
enum Code: string { case Ok = 'ok'; case Fail = 'fail'; case Empty = ''; }
enum Num: int { case Min = PHP_INT_MIN; case Zero = 0; case Max = PHP_INT_MAX; }
enum WithConst: int
{
    case A = 1;
    const ALIAS = self::A;
}
bin_same_all([
    'unit' => Suit::Hearts,
    'backed string' => Code::Ok,
    'backed empty string' => Code::Empty,
    'backed int' => Num::Min,
    'list' => [Suit::Hearts, Suit::Spades, Suit::Hearts, Code::Fail, Num::Max],
    'keys' => ['s' => Suit::Spades, 'c' => Code::Ok],
    'constant alias' => WithConst::ALIAS,
]);
$z = zser_unserialize(zser_serialize([Suit::Hearts, Suit::Hearts, Code::Fail, Num::Zero, WithConst::ALIAS]));
var_dump($z[0] === Suit::Hearts, $z[1] === $z[0], $z[2] === Code::Fail, $z[3] === Num::Zero, $z[4] === WithConst::A);
$o = new stdClass;
$o->suit = Suit::Spades;
$o->alias = &$o->suit;
bin_same($o, 'property and reference');
$r = zser_unserialize(zser_serialize($o));
var_dump($r->suit === Suit::Spades);
$r->alias = Suit::Hearts;
var_dump($r->suit === Suit::Hearts);
class HasEnum { public Suit $s = Suit::Hearts; public ?Code $c = null; }
bin_same([new HasEnum, new HasEnum], 'typed enum properties');
// Many enum values: each case is one object, whatever the count.
$many = [];
for ($i = 0; $i < 1000; $i++) {
    $many[] = $i % 2 ? Suit::Hearts : Code::Ok;
}
$z = zser_unserialize(zser_serialize($many));
var_dump(count(array_unique(array_map('spl_object_id', $z))) === 2, $z[1] === Suit::Hearts);
?>
--EXPECT--
unit: ok
backed string: ok
backed empty string: ok
backed int: ok
list: ok
keys: ok
constant alias: ok
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
property and reference: ok
bool(true)
bool(true)
typed enum properties: ok
bool(true)
bool(true)
