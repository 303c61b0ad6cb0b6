--TEST--
zser round trips of __PHP_Incomplete_Class: unknown classes and allowed_classes=false, re-serialized to the original class
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Known
{
    public $pub = 1;
    protected $prot = [2];
    private $priv = 'three';
    public $child;
}
class WithData
{
    public $kept = 'x';
    public function __serialize(): array { return ['data' => $this->kept, 5 => 'five']; }
    public function __unserialize(array $d): void { $this->kept = $d; }
}
$k = new Known;
$k->child = new Known;
$v = ['k' => $k, 'again' => $k, 'std' => new stdClass, 'data' => new WithData];
// Decode as incomplete objects on both paths.
bin_same($v, 'allowed_classes=false', ['allowed_classes' => false]);
[$ri, $zi] = bin_same($v, 'allowed_classes=[stdClass]', ['allowed_classes' => ['stdClass']]);
// Incomplete objects themselves round trip, and serialize again to the original class.
bin_same($zi, 'incomplete objects through zser');
// Without __serialize() in the way, the bytes are those of the original objects.
var_dump(serialize($zi['k']) === serialize($k), zser_serialize($zi['k']) === zser_serialize($k));
$back = zser_unserialize(zser_serialize($zi));
var_dump(get_class($back['k']), $back['k'] === $back['again'], $back['k']->child instanceof Known);
// An incomplete object that came from __serialize() data gives that data to __unserialize() again.
var_dump(bin_dump($back['data']) === bin_dump(unserialize(serialize($ri))['data']));
// An unknown class (blob of a class renamed to one that does not exist).
class Gone { public $x = 'kept'; }
$blob = str_replace('Gone', 'Lost', zser_serialize([new Gone]));
$ser = str_replace('"Gone"', '"Lost"', serialize([new Gone]));
bin_same_decode('unknown class', $ser, $blob, []);
$z = zser_unserialize($blob);
var_dump(get_class($z[0]), serialize($z) === $ser);
// Objects of the class __PHP_Incomplete_Class itself keep no class name. serialize() counts one
// property less for it: with one property (here a reference to the object) it writes none, and
// zser's round trip drops it as PHP's own does; with two it writes a count unserialize()
// refuses, and zser gives the object back as it was, without a class name.
foreach (['O:22:"__PHP_Incomplete_Class":1:{i:1;R:1;}', 'O:22:"__PHP_Incomplete_Class":1:{s:1:"a";i:6;}',
          'O:22:"__PHP_Incomplete_Class":0:{}'] as $s) {
    $o = unserialize($s);
    $php = serialize(unserialize(serialize($o)));
    echo $php, ' ', serialize(zser_unserialize(zser_serialize($o))) === $php ? 'same' : 'differs', "\n";
}
$two = unserialize('O:22:"__PHP_Incomplete_Class":2:{s:1:"a";i:6;s:1:"b";i:7;}');
var_dump(@unserialize(serialize($two)));
$back = zser_unserialize(zser_serialize($two));
var_dump($back == $two, array_keys((array)$back));
// Written under the incomplete class's own name, an object keeps no class name, as after
// unserialize(); not allowed, it keeps that name, as after unserialize() too.
foreach ([[], ['allowed_classes' => false]] as $opts) {
    $o = unserialize('O:22:"__PHP_Incomplete_Class":0:{}');
    $ours = array_keys((array)zser_unserialize(zser_serialize($o), $opts));
    var_dump($ours, $ours === array_keys((array)unserialize(serialize($o), $opts)));
}
?>
--EXPECT--
allowed_classes=false: ok
allowed_classes=[stdClass]: ok
incomplete objects through zser: ok
bool(true)
bool(true)
string(5) "Known"
bool(true)
bool(true)
bool(true)
unknown class: ok
string(22) "__PHP_Incomplete_Class"
bool(true)
O:22:"__PHP_Incomplete_Class":0:{} same
O:22:"__PHP_Incomplete_Class":0:{} same
O:22:"__PHP_Incomplete_Class":0:{} same
bool(false)
bool(true)
array(2) {
  [0]=>
  string(1) "a"
  [1]=>
  string(1) "b"
}
array(0) {
}
bool(true)
array(1) {
  [0]=>
  string(27) "__PHP_Incomplete_Class_Name"
}
bool(true)
