--TEST--
zser round trip of typed properties: scalar, nullable, union, class and enum types, defaults
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
enum Level: int { case Low = 1; case High = 2; }
class Typed
{
    public int $i = 0;
    public float $f = 0.0;
    public string $s = '';
    public bool $b = false;
    public ?array $a = null;
    public int|string $u = 0;
    public ?Typed $next = null;
    public Level $level = Level::Low;
    protected iterable $it = [];
    private mixed $m = null;
    public float $fromInt = 0.0;

    public function setM($m) { $this->m = $m; }
}
$t = new Typed;
$t->i = PHP_INT_MIN;
$t->f = -0.0;
$t->s = "bin\0ary";
$t->b = true;
$t->a = [1, [2]];
$t->u = 'str';
$t->next = new Typed;
$t->level = Level::High;
$t->setM(new stdClass);
$t->fromInt = 3; // coerced to float when assigned
bin_same($t, 'typed properties');
$z = zser_unserialize(zser_serialize($t));
var_dump($z->fromInt, $z->level === Level::High, $z->next instanceof Typed);

// A blob whose value does not fit the declared type: same TypeError as unserialize().
class Holder { public $v; }
class Strict { public int $v = 0; }
$h = new Holder;
$h->v = 'not an int';
$blob = str_replace('Holder', 'Strict', zser_serialize($h));
$ser = str_replace('O:6:"Holder"', 'O:6:"Strict"', serialize($h));
bin_same_decode('value of the wrong type', $ser, $blob, []);
// A class type met as the class's own name, in other letter case, through a parent class or
// an interface; and an object of an unrelated class, refused as unserialize() refuses it.
interface Shape {}
class Base implements Shape {}
class Child extends Base {}
class Other {}
class Slots
{
    public ?Base $own = null;
    public ?base $lower = null;
    public ?Base $child = null;
    public ?Shape $iface = null;
}
$s = new Slots;
$s->own = new Base;
$s->lower = new Base;
$s->child = new Child;
$s->iface = new Child;
bin_same($s, 'class types');
$z = zser_unserialize(zser_serialize($s));
var_dump(get_class($z->own), get_class($z->lower), get_class($z->child), get_class($z->iface));
class Loose { public $own; }
$l = new Loose;
$l->own = new Other;
$blob = str_replace('Loose', 'Slots', zser_serialize($l));
$ser = str_replace('O:5:"Loose"', 'O:5:"Slots"', serialize($l));
bin_same_decode('object of another class', $ser, $blob, []);
?>
--EXPECT--
typed properties: ok
float(3)
bool(true)
bool(true)
value of the wrong type: ok (both threw)
class types: ok
string(4) "Base"
string(4) "Base"
string(5) "Child"
string(5) "Child"
object of another class: ok (both threw)
