--TEST--
zser_unserialize() that fails (format error mid-blob, Serializable::unserialize(), __wakeup() or __unserialize() throwing, an autoloader throwing, a typed property refusing a value) runs the same destructors and queued calls as unserialize(), in the same order, also after gc_collect_cycles()
--EXTENSIONS--
zser
--FILE--
<?php
// Each value ends in (or holds) the marker string "CORRUPT", which both encodings then make
// invalid at the same place: an unknown type letter in serialize()'s output, a reserved tag in
// zser's. Everything before the marker is built; nothing after it is. Each decode's events (what
// the call did, then what gc_collect_cycles() destructed) must be unserialize()'s.
$log = [];
function say(string $s): void { $GLOBALS['log'][] = $s; }
class D {
    public $n, $peer;
    function __construct($n = null) { $this->n = $n; }
    function __destruct() { say("dtor D {$this->n}"); }
}
class W {
    public $n, $in;
    function __construct($n = null, $in = null) { $this->n = $n; $this->in = $in; }
    function __wakeup() { say("wakeup W {$this->n}"); if ($this->n === 'throw') throw new RuntimeException('W threw'); }
    function __destruct() { say("dtor W {$this->n}"); }
}
class U {
    public $n, $in;
    function __construct($n = null, $in = null) { $this->n = $n; $this->in = $in; }
    function __serialize(): array { return ['n' => $this->n, 'in' => $this->in]; }
    function __unserialize(array $a): void {
        $this->n = $a['n'];
        $this->in = $a['in'];
        say("unserialize U {$this->n}");
        if ($this->n === 'throw') throw new RuntimeException('U threw');
    }
    function __destruct() { say("dtor U {$this->n}"); }
}
error_reporting(E_ALL & ~E_DEPRECATED); // Serializable
eval('class S implements Serializable {
    public $n;
    function __construct($n = null) { $this->n = $n; }
    function serialize() { return $this->n; }
    function unserialize($s) { say("unserialize S $s"); $this->n = $s; if ($s === "throw") throw new LogicException("S threw"); }
    function __destruct() { say("dtor S {$this->n}"); }
}');
error_reporting(E_ALL);
// written as TypedSrc, read as TypedDst (same length, renamed in both encodings)
class TypedSrc { public $before; public $i = 'str'; public $after; function __destruct() { say("dtor Typed"); } }
class TypedDst { public $before; public int $i = 0; public $after; function __destruct() { say("dtor Typed"); } }
$missing = unserialize('O:8:"Missing1":0:{}');
spl_autoload_register(function ($c) {
    if ($c === 'Missing1') {
        say("autoload $c");
        throw new Exception("no $c");
    }
});

function events(callable $f): array
{
    $GLOBALS['log'] = [];
    set_error_handler(function ($no, $msg) { say($no === E_WARNING || $no === E_NOTICE ? 'warning' : $msg); return true; });
    try {
        $r = $f();
        say('result ' . var_export($r, true));
    } catch (Throwable $e) {
        say(get_class($e) . ': ' . $e->getMessage());
    }
    restore_error_handler();
    unset($r, $e);
    say('-- gc_collect_cycles()');
    gc_collect_cycles();
    return $GLOBALS['log'];
}

function encodings($value, ?callable $patch): array
{
    $php = serialize($value);
    $zser = zser_serialize($value);
    if ($patch) {
        [$php, $zser] = $patch($php, $zser);
    }
    return [$php, $zser];
}

function compare(string $name, $value, ?callable $patch = null): void
{
    [$php, $zser] = encodings($value, $patch);
    $php = str_replace('s:7:"CORRUPT"', 'X:7:"CORRUPT"', $php);
    $zser = str_replace("\x47CORRUPT", "\xdaCORRUPT", $zser);
    $a = events(fn() => unserialize($php));
    $b = events(fn() => zser_unserialize($zser));
    echo "== $name: ", $a === $b ? 'same as unserialize()' : 'DIFFERENT', "\n  ", implode("\n  ", $a), "\n";
    if ($a !== $b) {
        echo "-- zser_unserialize():\n  ", implode("\n  ", $b), "\n";
    }
}

$cycle = new D('cycle');
$cycle->peer = $cycle;
compare('format error after complete objects', [new D('a'), new W('w1'), new U('u1', new D('in u1')), $cycle,
    [new W('w2', new D('in w2')), new D('b')], 'CORRUPT']);
$cycle->peer = null; // PHP does not free a cycle left at shutdown (USE_ZEND_ALLOC=0 valgrind)
compare('format error inside an object with __wakeup', [new D('a'), new W('w1', [new D('in w1'), 'CORRUPT']), new D('never')]);
compare('format error inside __unserialize() data', [new W('w0'), new U('u1', [new D('in u1'), new W('w1'), 'CORRUPT'])]);
compare('Serializable::unserialize() throws', [new D('a'), new W('w1'), new U('u1'), new S('ok'), new S('throw'), new D('never')]);
compare('__wakeup() throws', [new D('a'), new W('w1'), new W('throw', new D('in throw')), new W('w3'), new U('u4'), new D('b')]);
compare('__unserialize() throws', [new D('a'), new U('u1'), new U('throw', new D('in throw')), new W('w3'), new D('b')]);
compare('an autoloader throws', [new D('a'), new W('w1'), new U('u1'), $missing, new D('never')]);
$rename = fn($p, $z) => [str_replace('TypedSrc', 'TypedDst', $p), str_replace('TypedSrc', 'TypedDst', $z)];
compare('a typed property refuses a string', [new D('a'), new W('w1'), new TypedSrc, new D('never')], $rename);
$t = new TypedSrc;
$t->before = new W('wb');
$t->i = new D('as int');
$t->after = new D('never');
compare('a typed property refuses an object', [new D('a'), $t], $rename);

// throw_on_error: the ZserException is pending while the graph is released, so, as under
// unserialize() when an exception is pending at its failure (an autoloader's, here in place
// of the marker), destructors run but queued calls do not, and their objects are never
// destructed.
$v = [new D('a'), new W('w1'), new U('u1', new D('in u1')), [new W('w2'), new D('b')], 'CORRUPT'];
[$php, $zser] = encodings($v, null);
$php = str_replace('s:7:"CORRUPT";', serialize($missing), $php);
$zser = str_replace("\x47CORRUPT", "\xdaCORRUPT", $zser);
$a = events(fn() => unserialize($php));
$b = events(fn() => zser_unserialize($zser, ['throw_on_error' => true]));
echo "== throw_on_error\n  ", implode("\n  ", $b), "\n";
echo 'same as unserialize() with an exception pending: ',
    var_export(array_slice($a, 1, -2) === array_slice($b, 0, -2), true), "\n";
?>
--EXPECT--
== format error after complete objects: same as unserialize()
  warning
  dtor D a
  dtor D b
  wakeup W w1
  dtor W w1
  unserialize U u1
  dtor U u1
  dtor D in u1
  wakeup W w2
  dtor W w2
  dtor D in w2
  result false
  -- gc_collect_cycles()
  dtor D cycle
== format error inside an object with __wakeup: same as unserialize()
  warning
  dtor D a
  dtor D in w1
  result false
  -- gc_collect_cycles()
== format error inside __unserialize() data: same as unserialize()
  dtor D in u1
  warning
  wakeup W w0
  dtor W w0
  wakeup W w1
  dtor W w1
  result false
  -- gc_collect_cycles()
== Serializable::unserialize() throws: same as unserialize()
  unserialize S ok
  unserialize S throw
  dtor D a
  dtor S ok
  dtor S throw
  LogicException: S threw
  -- gc_collect_cycles()
== __wakeup() throws: same as unserialize()
  wakeup W w1
  wakeup W throw
  dtor D a
  dtor W w1
  dtor D in throw
  dtor D b
  RuntimeException: W threw
  -- gc_collect_cycles()
== __unserialize() throws: same as unserialize()
  unserialize U u1
  unserialize U throw
  dtor D a
  dtor U u1
  dtor D b
  RuntimeException: U threw
  dtor D in throw
  -- gc_collect_cycles()
== an autoloader throws: same as unserialize()
  autoload Missing1
  dtor D a
  Exception: no Missing1
  -- gc_collect_cycles()
== a typed property refuses a string: same as unserialize()
  dtor D a
  dtor Typed
  TypeError: Cannot assign string to property TypedDst::$i of type int
  -- gc_collect_cycles()
== a typed property refuses an object: same as unserialize()
  dtor D as int
  dtor D a
  dtor Typed
  TypeError: Cannot assign D to property TypedDst::$i of type int
  -- gc_collect_cycles()
== throw_on_error
  dtor D a
  dtor D b
  dtor D in u1
  ZserException: unknown tag at offset 57 of 65 bytes
  -- gc_collect_cycles()
same as unserialize() with an exception pending: true
