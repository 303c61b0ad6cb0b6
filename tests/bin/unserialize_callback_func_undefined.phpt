--TEST--
zser_unserialize() with an unserialize_callback_func that does not define the class, or does not exist: as unserialize() for one object; run once per name and decode for more (FORMAT.md §14.1)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
function does_nothing(string $class): void
{
    echo "does_nothing($class)\n";
}
class Gone1 { public $p = 1; }
$v = [new Gone1];
$ser = str_replace('"Gone1"', '"Nope1"', serialize($v));
$blob = str_replace('Gone1', 'Nope1', zser_serialize($v));
foreach (['does_nothing', 'no_such_function', ''] as $cb) {
    ini_set('unserialize_callback_func', $cb);
    bin_same_decode("callback '$cb'", $ser, $blob, []);
}
// The warning text names zser_unserialize() and the callback. Two objects naming the class:
// unserialize() runs the callback and warns for each, zser_unserialize() once.
ini_set('unserialize_callback_func', 'does_nothing');
set_error_handler(function ($no, $str) { echo "[$no] $str\n"; return true; });
$v = [new Gone1, 'x' => new Gone1];
$z = zser_unserialize(str_replace('Gone1', 'Nope1', zser_serialize($v)));
var_dump(get_class($z[0]), get_class($z['x']));
echo "unserialize():\n";
$u = unserialize(str_replace('"Gone1"', '"Nope1"', serialize($v)));
var_dump(get_class($u[0]), get_class($u['x']));
?>
--EXPECT--
does_nothing(Nope1)
does_nothing(Nope1)
callback 'does_nothing': ok
callback 'no_such_function': ok (both threw)
callback '': ok
does_nothing(Nope1)
[2] zser_unserialize(): Function does_nothing() hasn't defined the class it was called for
string(22) "__PHP_Incomplete_Class"
string(22) "__PHP_Incomplete_Class"
unserialize():
does_nothing(Nope1)
[2] unserialize(): Function does_nothing() hasn't defined the class it was called for
does_nothing(Nope1)
[2] unserialize(): Function does_nothing() hasn't defined the class it was called for
string(22) "__PHP_Incomplete_Class"
string(22) "__PHP_Incomplete_Class"
