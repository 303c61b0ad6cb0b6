--TEST--
zser_unserialize() looks each class name up once per call: the autoloader runs once for an unknown class (unserialize() runs it for each object), never for a disallowed one; a dynamic property's deprecation is given once per class and name; enum classes are found once
--EXTENSIONS--
zser
--FILE--
<?php
$loads = [];
spl_autoload_register(function (string $c) use (&$loads) {
    $loads[] = $c;
});
class Gone { public $p = 1; }
class Plain { public $a = 1; }
enum Suit { case Hearts; case Spades; }

$v = [new Gone, new Gone, new Gone];
$blob = str_replace('Gone', 'Nope', zser_serialize($v));
$ser = str_replace('"Gone"', '"Nope"', serialize($v));

foreach (['zser' => fn ($o) => zser_unserialize($blob, $o), 'php' => fn ($o) => unserialize($ser, $o)] as $who => $f) {
    foreach ([[], ['allowed_classes' => false], ['allowed_classes' => ['plain']]] as $opts) {
        $loads = [];
        $r = $f($opts);
        printf("%s %s: %d objects, %s, autoloads: %s\n", $who, json_encode($opts), count($r),
            implode(',', array_unique(array_map('get_class', $r))), implode(',', $loads));
    }
}

// a class seen once is found again without the autoloader, as in unserialize()
$r = zser_unserialize(zser_serialize([new Plain, new Plain]));
echo get_class($r[1]), ' ', count($loads = []), "\n";

// names differing in case are separate strings: each is looked up once
$blob2 = zser_serialize([new Gone, new Gone]);
$p = strpos($blob2, 'Gone');
$r = zser_unserialize(substr_replace($blob2, 'NOPE', $p, 4));
echo implode(',', $loads), "\n";

// dynamic properties: one deprecation per class and name, as many values as objects
$objs = [];
for ($i = 0; $i < 4; $i++) {
    $o = new Plain;
    @$o->extra = $i;
    @$o->{'more'} = -$i;
    $objs[] = $o;
}
set_error_handler(function ($no, $str) { echo "[$no] $str\n"; return true; });
$r = zser_unserialize(zser_serialize($objs));
echo implode(',', array_map(fn ($o) => $o->extra . '/' . $o->more, $r)), "\n";
echo "unserialize():\n";
$r = unserialize(serialize(array_slice($objs, 0, 2)));
echo implode(',', array_map(fn ($o) => $o->extra . '/' . $o->more, $r)), "\n";
restore_error_handler();

// enum cases: the class looked up once, every case found
$loads = [];
$r = zser_unserialize(zser_serialize([Suit::Hearts, Suit::Spades, Suit::Hearts]));
var_dump($r[0] === Suit::Hearts && $r[1] === Suit::Spades && $r[2] === Suit::Hearts, $loads);
?>
--EXPECT--
zser []: 3 objects, __PHP_Incomplete_Class, autoloads: Nope
zser {"allowed_classes":false}: 3 objects, __PHP_Incomplete_Class, autoloads: 
zser {"allowed_classes":["plain"]}: 3 objects, __PHP_Incomplete_Class, autoloads: 
php []: 3 objects, __PHP_Incomplete_Class, autoloads: Nope,Nope,Nope
php {"allowed_classes":false}: 3 objects, __PHP_Incomplete_Class, autoloads: 
php {"allowed_classes":["plain"]}: 3 objects, __PHP_Incomplete_Class, autoloads: 
Plain 0
NOPE
[8192] Creation of dynamic property Plain::$extra is deprecated
[8192] Creation of dynamic property Plain::$more is deprecated
0/0,1/-1,2/-2,3/-3
unserialize():
[8192] Creation of dynamic property Plain::$extra is deprecated
[8192] Creation of dynamic property Plain::$more is deprecated
[8192] Creation of dynamic property Plain::$extra is deprecated
[8192] Creation of dynamic property Plain::$more is deprecated
0/0,1/-1
bool(true)
array(0) {
}
