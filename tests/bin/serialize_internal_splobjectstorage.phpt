--TEST--
zser round trip of SplObjectStorage: objects with data, shared objects, nested storages, subclass
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$a = new stdClass;
$b = new stdClass;
$b->name = 'b';
$s = new SplObjectStorage;
$s[$a] = 'data for a';
$s[$b] = ['list', $a];
$s->attach(new ArrayObject([1]));
$t = new SplObjectStorage;
$t[$s] = $s;
class MyStorage extends SplObjectStorage
{
    public $label = 'mine';
}
$m = new MyStorage;
$m->attach($a, 1);
bin_same_all([
    'storage' => $s,
    'storage with shared objects outside' => [$s, $a, $b],
    'storage in a storage' => $t,
    'subclass' => $m,
    'empty' => new SplObjectStorage,
]);
$z = zser_unserialize(zser_serialize([$s, $a]));
var_dump(count($z[0]), $z[0]->contains($z[1]), $z[0][$z[1]]);
?>
--EXPECT--
storage: ok
storage with shared objects outside: ok
storage in a storage: ok
subclass: ok
empty: ok
int(3)
bool(true)
string(10) "data for a"
