--TEST--
zser_unserialize() decodes enums whatever allowed_classes says, as unserialize() does
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
enum Flag { case On; case Off; }
enum Level: int { case Low = 1; }
class Other { public $f = Flag::Off; }
$v = [Flag::On, 'x' => [Level::Low, Flag::On], 'o' => new Other];
foreach (['true' => true, 'false' => false, 'empty list' => [], 'the enum' => ['Flag'], 'another class' => ['Other']] as $label => $allowed) {
    bin_same($v, $label, ['allowed_classes' => $allowed]);
}
$z = zser_unserialize(zser_serialize($v), ['allowed_classes' => false]);
var_dump($z[0] === Flag::On, $z['x'][0] === Level::Low, get_class($z['o']));
?>
--EXPECT--
true: ok
false: ok
empty list: ok
the enum: ok
another class: ok
bool(true)
bool(true)
string(22) "__PHP_Incomplete_Class"
