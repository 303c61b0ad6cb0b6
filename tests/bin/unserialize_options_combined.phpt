--TEST--
zser_unserialize() with allowed_classes, max_depth and throw_on_error together behaves like each alone
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Keep { public $v = 1; }
class Drop { public $v = 2; }
$v = ['a' => [[new Keep]], 'b' => new Drop];
$blob = zser_serialize($v);
$ser = serialize($v);
// Allowed, deep enough: value as unserialize() gives it.
bin_same_decode('list and depth 5', $ser, $blob, ['allowed_classes' => ['keep'], 'max_depth' => 5]);
$z = zser_unserialize($blob, ['allowed_classes' => ['keep'], 'max_depth' => 5, 'throw_on_error' => true]);
var_dump(get_class($z['a'][0][0]), get_class($z['b']));
// Too deep: throw_on_error turns the depth failure into a ZserException.
try {
    zser_unserialize($blob, ['allowed_classes' => false, 'max_depth' => 2, 'throw_on_error' => true]);
    echo "no exception\n";
} catch (ZserException $e) {
    echo "ZserException, names an offset: ", var_export((bool)preg_match('/offset \d+/', $e->getMessage()), true), "\n";
}
// A bad option is a TypeError before anything is decoded, even in throw mode.
try {
    zser_unserialize($blob, ['allowed_classes' => 'Keep', 'throw_on_error' => true]);
} catch (Throwable $e) {
    echo get_class($e), ': ', bin_norm($e->getMessage()), "\n";
}
?>
--EXPECT--
list and depth 5: ok
string(4) "Keep"
string(22) "__PHP_Incomplete_Class"
ZserException, names an offset: true
TypeError: unserialize(): Option "allowed_classes" must be of type array|bool, string given
