--TEST--
An object read into its declared slots gets the property table unserialize() gives it once the blob has a `&` reference, so serialize() cuts a cycle through an array as after unserialize()
--EXTENSIONS--
zser
--FILE--
<?php
// serialize() writes an object without a property table from its slots, where an array
// property met again below itself is not cut (N), and one with a table from the table, where
// it is. unserialize() gives every object it fills from properties a table; zser_unserialize()
// fills declared slots without one, so the same graph read both ways serialized two ways.
error_reporting(E_ALL & ~E_DEPRECATED);
class Node { protected $e; public $g = 3; }
function fs(string $s): string { return chr(0x40 + strlen($s)) . $s; }
function e(Node $n) { return (fn () => $this->e)->call($n); }

// [$n] where $n->e = [&(the list itself)]: zser's blob and PHP's text of the same graph
$blob = "Z\x81\x91\xd1" . fs('Node') . "\x01" . fs("\0*\0e") . "\x91\xd7\x00";
$text = 'a:1:{i:0;O:4:"Node":1:{s:4:"' . "\0*\0" . 'e";a:1:{i:0;R:1;}}}';
$z = zser_unserialize($blob, ['throw_on_error' => true]);
$p = unserialize($text);
echo "same graph: ", var_export(e($z[0])[0][0] === $z[0] && e($p[0])[0][0] === $p[0], true), "\n";
echo "as after unserialize(): ", var_export(serialize($z) === serialize($p), true), "\n";
echo "zser_serialize() too: ", var_export(zser_serialize($z) === zser_serialize($p), true), "\n";
$zz = zser_unserialize(zser_serialize($z));
$pp = unserialize(serialize($p));
echo "round trips agree: ", var_export(serialize($zz) === serialize($pp), true), "\n";
echo "both keep the object or both split it: ", var_export((e($zz[0])[0][0] === $zz[0]) === (e($pp[0])[0][0] === $pp[0]), true), "\n";

// an object back-reference alone shares no array: the slots are read as before
$n = new Node;
$blob = zser_serialize([$n, $n]);
$z = zser_unserialize($blob);
echo "object back-reference: ", var_export(serialize($z) === serialize(unserialize(serialize([$n, $n]))), true), "\n";

// the table is there before __wakeup() runs, as after unserialize(): same properties, same order
class Woken { public $a = 1; public $b = 2; public $r;
  public function __wakeup() { unset($this->a); $this->dyn = $this->b; } }
$w = new Woken;
$v = [$w, 0];
$v[1] = &$v[0];
$z = zser_unserialize(zser_serialize($v));
$p = unserialize(serialize($v));
echo "__wakeup(): ", serialize($z) === serialize($p) ? 'same' : 'DIFFERENT', ", ",
    implode(',', array_keys(get_object_vars($z[0]))), "\n";

// a Serializable's unserialize() that grows an outer array through the `&` reference its
// nested blob holds moves the slots of the objects already in it: the tables are built for the
// objects, not through their slots (under valgrind, an invalid read before)
final class GrowMode { public static bool $php = false; }
class Grow implements Serializable { public $o;
  public function serialize() { return GrowMode::$php ? serialize($this->o) : zser_serialize($this->o); }
  public function unserialize($d) {
    $x = GrowMode::$php ? unserialize($d) : zser_unserialize($d);
    for ($i = 0; $i < 100; $i++) { $x[0][] = $i; }
    $x[0][0] = null; // the first object's last holder
    $this->o = $x; } }
class Pt { public $x = 1; public $y = 2; public function __destruct() { echo "Pt destroyed\n"; } }
$a = [new Pt, null];
$g = new Grow;
$g->o = [&$a];
$a[1] = $g;
$root = [&$a, new Pt];
$z = zser_unserialize(zser_serialize($root));
echo "zser: ", count($z[0]), " ", get_class($z[1]), "\n";
GrowMode::$php = true;
$p = unserialize(serialize($root));
GrowMode::$php = false;
echo "PHP: ", count($p[0]), "\n";
echo "same: ", var_export(serialize($z) === serialize($p), true), "\n";
unset($a, $g, $root, $z, $p);
echo "released\n";

// The fuzz_bin_nested findings: such cycles inside payloads that FzNest writes and reads with
// zser_serialize()/zser_unserialize() (nested, FORMAT.md 8.3), or with serialize()/unserialize()
// when FzMode::$php is set. Under serialize(), FzNest's zser_serialize() calls write whole blobs,
// which showed the uncut graph of the value read and the cut one of its round trip.
class FzPlain { public $a = 1; protected $b = 'b'; private $c = [1]; public $d; }
class FzChild extends FzPlain { private $c = 'own'; protected $e; public int $g = 3; }
class FzOld implements Serializable { public $v;
  public function serialize() { return is_scalar($this->v) ? (string)$this->v : ''; }
  public function unserialize($d) { $this->v = $d; } }
final class FzMode { public static bool $php = false; }
class FzNest implements Serializable { public $o;
  public function serialize() {
    return FzMode::$php ? serialize($this->o) : zser_serialize($this->o); }
  public function unserialize($d) {
    $this->o = FzMode::$php ? unserialize($d) : zser_unserialize($d); } }
function php_mode(callable $f) { FzMode::$php = true; try { return $f(); } finally { FzMode::$php = false; } }
$blobs = [
    'root reference' => '5a8194d147467a4368696c640544002a006541674a00467a4368696c64006341614a00467a506c61696e0063d002c713c36a2bd700d446467a4e6573749f015a8193934f767778797a6162636465666768696ad700d147467a506c61696e0244002a00624161d446467a4e6573746c5a8193d147467a4368696c640444002a006541674a00467a4368696c6400634161d002c7131a4178d7000093d446467a4e65737400c6ffffffffffffff7f4f767778797a6162636465666768696a035978797a6162636465666768696a6b6c6d6e6f70717273747576000000000000c2c603000000010000004778797a61626364c267d1600461626463a0c40201c6030000000100000067c267c60300000001000000d70767a0d445467a4f6c640148c6030000000100000067c267c2',
    'root reference, FzOld' => '5a8194d147467a4368696c640544002a006541674a00467a4368696c64006341614a00467a506c61696e0063d002c36bc36a2bd700d446467a4e6573746e5a819393c4ffff91944f767778797a6162636465666768696ad701cd046a6b6c6d6e6f707172737475767778797a6162636465666768696a6b6c6d6e6f7071727360d445467a4f6c6400d147467a506c61696e04416144002a00624a00467a506c61696e0063416490d700c2c2c2c2c6030000000100000040c24778797a61626364c201d466355a81d147467a4368696c640244002a00654161d002c7131a4163d700d60091944f767778797a6162636465666768696ad701000000',
];
function thrown(callable $f): string
{
    try {
        $f();
        return 'nothing';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}
foreach ($blobs as $name => $hex) {
    $v = zser_unserialize(hex2bin($hex), ['throw_on_error' => true]);
    if (PHP_VERSION_ID >= 80400) {
        // 8.4's serialize() no longer cuts an array met below itself: these graphs have no end
        // there, and serialize() stops at its stack limit where zser_serialize() stops at its
        // depth bound (the running PHP's semantics, not the tables'), so the line
        // says the same as on 8.2 only when both stop so
        $php = thrown(fn () => php_mode(fn () => serialize($v)));
        $zser = thrown(fn () => zser_serialize($v));
        if ($php !== 'nothing' || $zser !== 'nothing') {
            $ok = str_starts_with($php, 'Error: Maximum call stack size')
                && $zser === 'ZserException: Maximum nesting depth of 200000 exceeded' ? 'same' : "DIFFERENT ($php / $zser)";
            printf("%s: value and its copy under serialize(): %s; with serialize() inside: %s; as PHP's round trip: %s\n",
                $name, $ok, $ok, $ok);
            continue;
        }
    }
    $copy = zser_unserialize(zser_serialize($v), ['throw_on_error' => true]);
    $want = php_mode(fn () => serialize(unserialize(serialize($v))));
    printf("%s: value and its copy under serialize(): %s; with serialize() inside: %s; as PHP's round trip: %s\n",
        $name, serialize($v) === serialize($copy) ? 'same' : 'DIFFERENT',
        php_mode(fn () => serialize($v) === serialize($copy)) ? 'same' : 'DIFFERENT',
        php_mode(fn () => serialize($copy)) === $want ? 'same' : 'DIFFERENT');
}
?>
--EXPECT--
same graph: true
as after unserialize(): true
zser_serialize() too: true
round trips agree: true
both keep the object or both split it: true
object back-reference: true
__wakeup(): same, b,r,dyn
Pt destroyed
zser: 102 Pt
Pt destroyed
PHP: 102
same: true
Pt destroyed
Pt destroyed
Pt destroyed
released
root reference: value and its copy under serialize(): same; with serialize() inside: same; as PHP's round trip: same
root reference, FzOld: value and its copy under serialize(): same; with serialize() inside: same; as PHP's round trip: same
Pt destroyed
