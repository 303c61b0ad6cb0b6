--TEST--
jsond_encode: PHP 8.4 lazy objects (ghosts, proxies, initialised proxies, JsonSerializable ones, failing initialisers) are written and initialised as json_encode writes and initialises them
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip lazy objects need PHP 8.4'); ?>
--FILE--
<?php
class Point
{
    public $x = 1;
    public $y = 2;
    protected $z = 3;
    public $child;
}
class Ser implements JsonSerializable
{
    public $a = 1;
    public function jsonSerialize(): mixed { return ['ser' => true]; }
}
class SerThis implements JsonSerializable
{
    public $a = 1;
    public function jsonSerialize(): mixed { return $this; }
}
class HookedPoint
{
    public $x = 1;
    public int $twice {
        get => $this->x * 2;
    }
}

$log = [];
function ghost(string $class, ?callable $init = null): object
{
    return (new ReflectionClass($class))->newLazyGhost(function ($o) use ($class, $init) {
        $GLOBALS['log'][] = "init ghost $class";
        if ($init) {
            $init($o);
        }
    });
}
function proxy(string $class, ?callable $init = null): object
{
    return (new ReflectionClass($class))->newLazyProxy(function ($o) use ($class, $init) {
        $GLOBALS['log'][] = "init proxy $class";
        $real = new $class;
        if ($init) {
            $init($real);
        }
        return $real;
    });
}
function lazy_states(mixed $v): array
{
    $out = [];
    $w = is_array($v) ? $v : [$v];
    array_walk_recursive($w, function ($o) use (&$out) {
        if (is_object($o)) {
            $out[] = (new ReflectionClass($o))->isUninitializedLazyObject($o) ? 'lazy' : 'ready';
        }
    });
    return $out;
}
function outcome(string $fn, mixed $v, int $flags): array
{
    $GLOBALS['log'] = [];
    try {
        $out = $fn($v, $flags);
        $ex = null;
    } catch (Throwable $e) {
        $out = null;
        $ex = get_class($e) . ': ' . $e->getMessage();
    }
    $err = $fn === 'json_encode' ? json_last_error() : jsond_last_error();
    return [$out, $err, $ex, $GLOBALS['log'], lazy_states($v)];
}

$factories = [
    'ghost' => fn () => ghost(Point::class),
    'ghost changed by its initialiser' => fn () => ghost(Point::class, function ($o) { $o->x = 'set'; }),
    'proxy' => fn () => proxy(Point::class, function ($o) { $o->y = 'real'; }),
    'initialised proxy' => function () {
        $p = proxy(Point::class, function ($o) { $o->x = 'real'; });
        (new ReflectionClass($p))->initializeLazyObject($p);
        return $p;
    },
    'ghost with a property set before initialisation' => function () {
        $g = ghost(Point::class);
        (new ReflectionProperty(Point::class, 'x'))->setRawValueWithoutLazyInitialization($g, 'raw');
        return $g;
    },
    'ghost nested in a ghost' => fn () => ghost(Point::class, function ($o) { $o->child = ghost(Point::class); }),
    'ghosts in an array' => fn () => [ghost(Point::class), proxy(Point::class), 'k' => ghost(Point::class)],
    'JsonSerializable ghost' => fn () => ghost(Ser::class),
    'JsonSerializable proxy' => fn () => proxy(Ser::class),
    'JsonSerializable ghost returning $this' => fn () => ghost(SerThis::class),
    'ghost with a hooked property' => fn () => ghost(HookedPoint::class),
    'proxy with a hooked property' => fn () => proxy(HookedPoint::class, function ($o) { $o->x = 5; }),
    'ghost whose initialiser throws' => fn () => ghost(Point::class, function ($o) { throw new RuntimeException('no init'); }),
    'ghost whose initialiser throws, in an array' => fn () => [1, ghost(Point::class, function ($o) { throw new RuntimeException('no init'); }), 2],
];
foreach ($factories as $label => $make) {
    $bad = [];
    foreach ([0, JSON_PRETTY_PRINT, JSON_PARTIAL_OUTPUT_ON_ERROR] as $flags) {
        $ref = outcome('json_encode', $make(), $flags);
        $got = outcome('jsond_encode', $make(), $flags);
        if ($ref !== $got) {
            $bad[] = "flags $flags:\n  json_encode:  " . json_encode($ref) . "\n  jsond_encode: " . json_encode($got);
        }
    }
    echo "$label: ", $bad ? "differs\n" . implode("\n", $bad) : 'ok', "\n";
}
// what the two agree on, once
var_dump(outcome('jsond_encode', ghost(Point::class), 0));
var_dump(outcome('jsond_encode', ghost(Ser::class), 0));
?>
--EXPECT--
ghost: ok
ghost changed by its initialiser: ok
proxy: ok
initialised proxy: ok
ghost with a property set before initialisation: ok
ghost nested in a ghost: ok
ghosts in an array: ok
JsonSerializable ghost: ok
JsonSerializable proxy: ok
JsonSerializable ghost returning $this: ok
ghost with a hooked property: ok
proxy with a hooked property: ok
ghost whose initialiser throws: ok
ghost whose initialiser throws, in an array: ok
array(5) {
  [0]=>
  string(26) "{"x":1,"y":2,"child":null}"
  [1]=>
  int(0)
  [2]=>
  NULL
  [3]=>
  array(1) {
    [0]=>
    string(16) "init ghost Point"
  }
  [4]=>
  array(1) {
    [0]=>
    string(5) "ready"
  }
}
array(5) {
  [0]=>
  string(12) "{"ser":true}"
  [1]=>
  int(0)
  [2]=>
  NULL
  [3]=>
  array(0) {
  }
  [4]=>
  array(1) {
    [0]=>
    string(4) "lazy"
  }
}
