--TEST--
zser round trip of ArrayObject and ArrayIterator: flags, nested storage, objects as storage, subclasses
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class MyAO extends ArrayObject
{
    public $extra = 'extra prop';
    protected $prot = [1];
}
$inner = new stdClass;
$inner->p = 1;
$ao = new ArrayObject(['a' => 1, 'b' => [2, 3]]);
$props = new ArrayObject([1, 2], ArrayObject::ARRAY_AS_PROPS);
#[AllowDynamicProperties]
class DynAO extends ArrayObject {}
$std = new DynAO([], ArrayObject::STD_PROP_LIST);
$std->dyn = 'dynamic';
$my = new MyAO(['x' => $inner]);
$it = new ArrayIterator([3, 2, 1]);
$it->next();
$onObject = new ArrayObject($inner);
$nested = new ArrayObject(new ArrayObject(['deep' => true]));
bin_same_all([
    'plain' => $ao,
    'ARRAY_AS_PROPS' => $props,
    'STD_PROP_LIST with a property' => $std,
    'subclass with properties' => $my,
    'iterator' => $it,
    'iterator class' => new ArrayObject([1], 0, 'RecursiveArrayIterator'),
    'wrapping an object' => $onObject,
    'wrapping an ArrayObject' => $nested,
    'shared' => [$ao, $ao, $my, $inner],
    'empty' => new ArrayObject(),
]);
$z = zser_unserialize(zser_serialize([$my, $inner]));
var_dump($z[0]['x'] === $z[1], $z[0]->extra, $z[0]->getFlags() === $my->getFlags());
?>
--EXPECT--
plain: ok
ARRAY_AS_PROPS: ok
STD_PROP_LIST with a property: ok
subclass with properties: ok
iterator: ok
iterator class: ok
wrapping an object: ok
wrapping an ArrayObject: ok
shared: ok
empty: ok
bool(true)
string(10) "extra prop"
bool(true)
