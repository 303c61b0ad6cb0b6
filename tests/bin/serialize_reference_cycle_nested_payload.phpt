--TEST--
zser round trip of an array reference whose cycle runs through a Serializable's nested payload: the same as PHP's round trip
--EXTENSIONS--
zser
--FILE--
<?php
error_reporting(E_ALL & ~E_DEPRECATED);
final class Mode { public static bool $php = false; }
class FzNest implements Serializable {
    public $o;
    public function serialize() { return Mode::$php ? serialize($this->o) : zser_serialize($this->o); }
    public function unserialize($d) { $this->o = Mode::$php ? unserialize($d) : zser_unserialize($d); }
}
class FzNestMagic {
    public $o;
    public function __serialize(): array { return ['b' => Mode::$php ? serialize($this->o) : zser_serialize($this->o)]; }
    public function __unserialize(array $d): void {
        $b = $d['b'] ?? '';
        $this->o = !is_string($b) ? null : (Mode::$php ? unserialize($b) : zser_unserialize($b));
    }
}
function php_round_trip($v) {
    Mode::$php = true;
    try { return unserialize(serialize($v)); } finally { Mode::$php = false; }
}
function shape($v): string {
    Mode::$php = true;
    try { return serialize($v); } finally { Mode::$php = false; }
}

// The value: $r = [FzNest, [&$r, 'klm', []]], the FzNest's payload naming $r's slot again.
// Read back, it is no longer what it was (the cycle is cut where an array meets itself), and
// judged by serialize() with zser_serialize() inside (a fresh state there) the two differ;
// what zser's round trip must give is what PHP's own round trip gives.
$r = zser_unserialize(hex2bin('5a8192d446467a4e657374285a8192d446467a4e657374145a01d34b467a4e657374'
    . '4d61676963d00041614093d700436b6c6d9093d700436b6c6d90'));
function dump($v): string {
    ob_start();
    var_dump($v);
    return preg_replace('/#\d+/', '#', ob_get_clean());
}
if (PHP_VERSION_ID >= 80400) {
    // PHP 8.4's serialize() guards no array against recursion: it follows this cycle until its
    // stack limit throws, and zser's walk until its depth limit throws.
    $threw = fn(callable $f, string $class) => (function () use ($f, $class) {
        try { $f(); } catch (Throwable $e) { return get_class($e) === $class ? $e->getMessage() : ''; }
        return '';
    })();
    var_dump(str_starts_with($threw(fn() => php_round_trip($r), 'Error'), 'Maximum call stack size'));
    var_dump($threw(fn() => zser_serialize($r), 'ZserException') === 'Maximum nesting depth of 200000 exceeded');
    // nothing of the failed call's state is left for the next nested one
    $a = new FzNest; $a->o = new stdClass; $a->o->back = $a;
    $b = zser_unserialize(zser_serialize($a));
    var_dump($b->o->back === $b);
    var_dump(zser_unserialize(zser_serialize([1, [2, 'x']])) === [1, [2, 'x']]);
    exit;
}
$php = php_round_trip($r);
$zser = zser_unserialize(zser_serialize($r), ['throw_on_error' => true]);
var_dump(shape($zser) === shape($php));
var_dump(dump($zser) === dump($php));
var_dump(serialize($zser) !== serialize($r));
// and from there the trip is a fixed point
var_dump(shape(zser_unserialize(zser_serialize($zser))) === shape($zser));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
