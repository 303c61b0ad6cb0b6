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
