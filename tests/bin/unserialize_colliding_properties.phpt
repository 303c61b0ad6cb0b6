--TEST--
zser_unserialize: property names made to collide in PHP's string hash decode in time linear in their number: plain and protected names, into a stdClass, __PHP_Incomplete_Class and a class declaring one of them, and from __serialize() data
--EXTENSIONS--
zser
--SKIPIF--
<?php
// the debug engine's zend_hash_add_new() looks each key up first (to assert it is new), so
// building any table of colliding keys is quadratic there, whatever the caller does
if (ZEND_DEBUG_BUILD) die('skip the time measured is the debug engine\'s own lookups');
?>
--FILE--
<?php
// Names of "Ez" and "FY" blocks all have one PHP hash. Looking each name up in the object's
// table before adding it would walk all those added before: time quadratic in their number
// (unserialize() takes it). A name is looked for only among the entries creating the object
// put there (what its class declares; an incomplete object's class name), as the blob cannot
// name a property twice. The blob is the one of an object with ordinary names of the same
// length, those names replaced, so building it costs nothing quadratic either.
$n = 16384;
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

// Decoding them takes about as long as decoding the ordinary names: the quadratic walk made
// it hundreds of times longer. Best of three each, so a busy machine does not decide.
function best(string $blob, array $options = []): float
{
    $t = INF;
    for ($r = 0; $r < 3; $r++) {
        $start = hrtime(true);
        zser_unserialize($blob, $options);
        $t = min($t, hrtime(true) - $start);
    }
    return $t;
}
foreach (['plain' => [$a, $b, []], 'protected' => [$pa, $pb, []],
    'incomplete' => [$a, $b, ['allowed_classes' => false]], 'data' => [$da, $db, []],
    'declared' => [$ca, $cb, []]] as $case => [$ordinary, $made, $options]) {
    $ratio = best($made, $options) / best($ordinary, $options);
    echo $case, ': ', $ratio < 20 ? "linear\n" : "quadratic: ratio $ratio\n";
}
?>
--EXPECT--
bool(true)
bool(true)
int(16383)
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
int(16384)
plain: linear
protected: linear
incomplete: linear
data: linear
declared: linear
