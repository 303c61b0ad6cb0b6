--TEST--
zser_unserialize() calls unserialize_callback_func for unknown classes like unserialize(), and uses the class it defines
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$GLOBALS['calls'] = [];
function define_it(string $class): void
{
    $GLOBALS['calls'][] = $class;
    if (!class_exists($class, false)) {
        eval("class $class { public \$a; public \$b = 'default b'; public function __wakeup() { \$GLOBALS['calls'][] = 'wakeup ' . static::class; } }");
    }
}
class Later1 { public $a = 'v'; }
class Later2 { public $a = 'v'; }
class Later3 { public $a = 'v'; }
// Blobs of classes named so that renaming them in place gives classes that do not exist yet.
$l1 = new Later1;
$l3 = new Later3;
$refBlob = serialize([$l1, $l1, new Later2]);
$zBlob = zser_serialize([$l3, $l3, new Later2]);
$refBlob = str_replace(['"Later1"', '"Later2"'], ['"Auto_1"', '"Auto_2"'], $refBlob);
$zBlob = str_replace(['Later3', 'Later2'], ['Auto_3', 'Auto_4'], $zBlob);
ini_set('unserialize_callback_func', 'define_it');
$r = bin_run(fn () => unserialize($refBlob));
$refCalls = $GLOBALS['calls'];
$GLOBALS['calls'] = [];
$z = bin_run(fn () => zser_unserialize($zBlob));
$zCalls = $GLOBALS['calls'];
echo 'reference calls: ', implode(', ', $refCalls), "\n";
echo 'zser calls:      ', implode(', ', $zCalls), "\n";
echo 'diagnostics: ', count($r['diag']), ' / ', count($z['diag']), "\n";
var_dump(get_class($z['value'][0]), $z['value'][0] === $z['value'][1], $z['value'][0]->a, $z['value'][0]->b);
echo str_replace(['1', '2', '3', '4'], 'N', bin_dump($r['value'])) === str_replace(['1', '2', '3', '4'], 'N', bin_dump($z['value']))
    ? "same shape\n" : "shapes differ\n";
?>
--EXPECT--
reference calls: Auto_1, Auto_2, wakeup Auto_1, wakeup Auto_2
zser calls:      Auto_3, Auto_4, wakeup Auto_3, wakeup Auto_4
diagnostics: 0 / 0
string(6) "Auto_3"
bool(true)
string(1) "v"
string(9) "default b"
same shape
