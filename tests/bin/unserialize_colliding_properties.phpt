--TEST--
zser_unserialize: property names made to collide in PHP's string hash decode whole and in order: plain and protected names, into a stdClass, __PHP_Incomplete_Class and a class declaring one of them, and from __serialize() data
--EXTENSIONS--
zser
--FILE--
<?php
// Names of "Ez" and "FY" blocks all have one PHP hash. Looking each name up in the object's
// table before adding it would walk all those added before: time quadratic in their number
// (unserialize() takes it). A name is looked for only among the entries creating the object
// put there (what its class declares; an incomplete object's class name), as the blob cannot
// name a property twice. The blob is the one of an object with ordinary names of the same
// length, those names replaced, so building it costs nothing quadratic either. The linear CI
// stage (tests/linear/colliding.php) counts the decode's instructions against ordinary names.
// 4,096 names are far past the 8 entries of a chain the decoder walks, and few enough for a
// debug engine, whose zend_hash_add_new() looks every key up (quadratic there for any table of
// colliding keys, whatever the caller does).
$n = 4096;
$colliding = [];
$plain = [];
for ($i = 0; $i < $n; $i++) {
    $s = '';
    for ($b = 0; $b < 14; $b++) {
        $s .= ($i >> $b) & 1 ? 'Ez' : 'FY';
    }
    $colliding[] = $s;
    $plain[] = sprintf('p%027d', $i);
}
$o = new stdClass();
foreach ($plain as $i => $name) {
    $o->$name = $i;
}
$a = zser_serialize($o);
$b = strtr($a, array_combine($plain, $colliding));
var_dump(strlen($a) === strlen($b));

$back = zser_unserialize($b);
var_dump(array_keys(get_object_vars($back)) === $colliding, $back->{$colliding[$n - 1]});

// The same names as protected ones ("\0*\0" before each), from an object unserialize() makes.
$prot = fn(array $names): array => array_map(fn($s) => "\0*\0" . $s, $names);
$src = 'O:8:"stdClass":' . $n . ':{';
foreach ($prot($plain) as $i => $name) {
    $src .= serialize($name) . serialize($i);
}
$pa = zser_serialize(unserialize($src . '}'));
$pb = strtr($pa, array_combine($prot($plain), $prot($colliding)));
var_dump(strlen($pa) === strlen($pb), array_keys((array)zser_unserialize($pb)) === $prot($colliding));

// Classes not allowed make __PHP_Incomplete_Class objects, whose table holds the class name.
$inc = zser_unserialize($b, ['allowed_classes' => false]);
$props = (array)$inc;
var_dump(get_class($inc), array_key_first($props), array_slice(array_keys($props), 1) === $colliding);

// The array __serialize() returned, read into a class without __unserialize(): its elements
// become properties, as unserialize() makes them.
final class CollideSrc
{
    public array $d = [];
    public function __serialize(): array
    {
        return $this->d;
    }
}
#[AllowDynamicProperties]
final class CollideDst
{
}
$src = new CollideSrc();
$src->d = array_flip($plain);
$da = str_replace('CollideSrc', 'CollideDst', zser_serialize($src));
$db = strtr($da, array_combine($plain, $colliding));
$data = zser_unserialize($db);
var_dump(get_class($data), array_keys((array)$data) === $colliding);

// A class that declares one of the names, given last: its entry, among the first of the
// object's table, ends the slot's chain behind all the others. The stdClass blob of the same
// names, its class name swapped for one of the same length.
#[AllowDynamicProperties]
final class CollDecl
{
    public $FYFYFYFYFYFYFYFYFYFYFYFYFYFY = 'default';
}
$last = [...array_slice($plain, 1), $plain[0]];
$o = new stdClass();
foreach ($last as $name) {
    $o->$name = $name === $plain[0] ? 'given' : 1;
}
$ca = str_replace('stdClass', 'CollDecl', zser_serialize($o));
$cb = strtr($ca, array_combine($plain, $colliding));
$decl = zser_unserialize($cb);
$names = array_keys(get_object_vars($decl));
var_dump($colliding[0], $decl->{$colliding[0]}, $names[0] === $colliding[0], count($names));

?>
--EXPECT--
bool(true)
bool(true)
int(4095)
bool(true)
bool(true)
string(22) "__PHP_Incomplete_Class"
string(27) "__PHP_Incomplete_Class_Name"
bool(true)
string(10) "CollideDst"
bool(true)
string(28) "FYFYFYFYFYFYFYFYFYFYFYFYFYFY"
string(5) "given"
bool(true)
int(4096)
