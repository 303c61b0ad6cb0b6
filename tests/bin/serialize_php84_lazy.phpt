--TEST--
zser_serialize: PHP 8.4 lazy objects are initialised and written as serialize() initialises and writes them (ghosts, proxies, initialised proxies, SKIP_INITIALIZATION_ON_SERIALIZE, __serialize, __sleep, failing initialisers)
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip lazy objects need PHP 8.4'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';

class Point
{
    public $x = 1;
    protected $y = 2;
    private $z = 3;
    public ?Point $child = null;
}
class Magic
{
    public $a = 1;
    public function __serialize(): array { return ['a' => $this->a, 'magic' => true]; }
    public function __unserialize(array $d): void { $this->a = $d; }
}
class Sleeper
{
    public $a = 1;
    public $b = 2;
    public function __sleep(): array { return ['b']; }
}

$log = [];
function ghost(string $class, ?callable $init = null, int $flags = 0): object
{
    return (new ReflectionClass($class))->newLazyGhost(function ($o) use ($class, $init) {
        $GLOBALS['log'][] = "init ghost $class";
        if ($init) {
            $init($o);
        }
    }, $flags);
}
function proxy(string $class, ?callable $init = null, int $flags = 0): object
{
    return (new ReflectionClass($class))->newLazyProxy(function ($o) use ($class, $init) {
        $GLOBALS['log'][] = "init proxy $class";
        $real = new $class;
        if ($init) {
            $init($real);
        }
        return $real;
    }, $flags);
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
// serialize() + unserialize() of one fresh value against zser_serialize() + zser_unserialize()
// of another: the decoded values, the initialisers run, what is left uninitialised, errors.
function round_trip(bool $zser, mixed $v): array
{
    $GLOBALS['log'] = [];
    $r = bin_run(fn () => $zser ? zser_serialize($v) : serialize($v));
    $log = $GLOBALS['log'];
    $states = lazy_states($v);
    $back = $r['ex'] === null ? bin_run(fn () => $zser ? zser_unserialize($r['value']) : unserialize($r['value'])) : null;
    return [$r['ex'], $r['diag'], $log, $states, $back ? bin_dump($back['value']) : null];
}

$skip = ReflectionClass::SKIP_INITIALIZATION_ON_SERIALIZE;
$factories = [
    'ghost' => fn () => ghost(Point::class),
    'ghost changed by its initialiser' => fn () => ghost(Point::class, function ($o) { $o->x = 'set'; }),
    'proxy' => fn () => proxy(Point::class, function ($o) { $o->x = 'real'; }),
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
    'ghost skipping initialisation on serialize' => fn () => ghost(Point::class, null, $skip),
    'proxy skipping initialisation on serialize' => fn () => proxy(Point::class, null, $skip),
    'ghost skipping initialisation, one property set' => function () use ($skip) {
        $g = ghost(Point::class, null, $skip);
        (new ReflectionProperty(Point::class, 'x'))->setRawValueWithoutLazyInitialization($g, 'raw');
        return $g;
    },
    'ghost nested in a ghost' => fn () => ghost(Point::class, function ($o) { $o->child = ghost(Point::class); }),
    'one ghost twice in an array' => function () {
        $g = ghost(Point::class);
        return [$g, $g, 'p' => proxy(Point::class)];
    },
    'ghost with __serialize' => fn () => ghost(Magic::class),
    'proxy with __serialize' => fn () => proxy(Magic::class),
    'ghost with __sleep' => fn () => ghost(Sleeper::class),
    'ghost whose initialiser throws' => fn () => ghost(Point::class, function ($o) { throw new RuntimeException('no init'); }),
];
foreach ($factories as $label => $make) {
    $ref = round_trip(false, $make());
    $got = round_trip(true, $make());
    if ($ref === $got) {
        echo "$label: ok\n";
    } else {
        echo "$label: differs\n  serialize(): ", var_export($ref, true), "\n  zser: ", var_export($got, true), "\n";
    }
}
?>
--EXPECT--
ghost: ok
ghost changed by its initialiser: ok
proxy: ok
initialised proxy: ok
ghost with a property set before initialisation: ok
ghost skipping initialisation on serialize: ok
proxy skipping initialisation on serialize: ok
ghost skipping initialisation, one property set: ok
ghost nested in a ghost: ok
one ghost twice in an array: ok
ghost with __serialize: ok
proxy with __serialize: ok
ghost with __sleep: ok
ghost whose initialiser throws: ok
