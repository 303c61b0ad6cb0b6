<?php
// zser — SPDX-License-Identifier: MIT
//
// The mutant replay behind tools/replay.sh (CI stage `replay`): valid zser blobs of object
// graphs (declared, typed, readonly, protected and private properties, defaults, references,
// shared and cyclic objects, enums, __serialize/__unserialize, __sleep/__wakeup, Serializable,
// incomplete and internal classes, destructors), and every truncation and every single-byte
// flip (each bit, and all eight at once) of each, decoded by zser_unserialize() one after
// another in one request. The mutants are numbered, so that a range of them can be replayed in one process
// and any one of them printed again. This script checks only what PHP itself can see (each
// decode ends in a value, or false with one warning, or an exception); memory errors, leaks and
// crashes are for the valgrind or ASan run around it to find.
//
//   php replay.php count              how many mutants there are
//   php replay.php run FROM TO        decodes mutants FROM..TO-1, writing "#ID" to stderr before
//                                     each one; ends with "replayed N" on stdout
//   php replay.php show ID...         each mutant as "ID blob#N kind offset: hex"

error_reporting(E_ALL);
ini_set('display_errors', 'stderr');

// ---- Classes of the corpus --------------------------------------------------------------------

class Point
{
    public $x = 1;
    protected $y = 2;
    private $z = 3;
    public $extra;
    public array $list = [1, 2];
    public static $count = 0;
}

class Typed
{
    public int $i = 0;
    public ?string $s = null;
    public array $a = [];
    public float $f = 0.5;
    public bool $b = false;
    public int|string $u = 'u';
    public ?Typed $next = null;
    public ?Point $point = null;
    public ?Suit $suit = null;
    public int $unset;
    protected iterable $it = [];
    private ?object $any = null;

    public function setAny(?object $o): void
    {
        $this->any = $o;
    }
}

final class Ro
{
    public function __construct(public readonly int $id, public readonly ?Ro $parent = null,
        protected readonly array $tags = [])
    {
    }
}

enum Suit: string
{
    case Hearts = 'H';
    case Spades = 'S';
}

enum Unit
{
    case One;
    case Two;
}

class Magic
{
    public $data;
    private $secret = 's';

    public function __serialize(): array
    {
        return ['data' => $this->data, 'secret' => $this->secret, 7 => [$this->data]];
    }

    public function __unserialize(array $a): void
    {
        $this->data = $a['data'] ?? null;
        $this->secret = $a['secret'] ?? null;
    }

    public function __destruct()
    {
        $GLOBALS['destructed'][] = 'Magic';
    }
}

class MagicList
{
    public $items = [];

    public function __serialize(): array
    {
        return $this->items;
    }

    public function __unserialize(array $a): void
    {
        $this->items = $a;
    }
}

class Sleepy
{
    public $a = 1;
    protected $b = [2];
    private $c = 'three';
    public $skipped = 'no';
    public $woke = false;

    public function __sleep(): array
    {
        return ['a', 'b', 'c', 'woke'];
    }

    public function __wakeup(): void
    {
        $this->woke = true;
        if ($this->a === 13) {
            throw new RuntimeException('unlucky');
        }
    }

    public function __destruct()
    {
        $GLOBALS['destructed'][] = 'Sleepy';
    }
}

class Dtor
{
    public $name;
    public $peer;

    public function __construct($name = null)
    {
        $this->name = $name;
    }

    public function __destruct()
    {
        // reads what the half-built object holds
        $GLOBALS['destructed'][] = is_scalar($this->name) ? (string)$this->name : gettype($this->name);
    }
}

#[AllowDynamicProperties]
class Dyn
{
    public $declared = 'd';
}

// Serializable is deprecated: declared where the deprecation is not reported.
error_reporting(E_ALL & ~E_DEPRECATED);
eval('class Blob implements Serializable {
    public $v;
    public function serialize() { return is_scalar($this->v) ? (string)$this->v : "x"; }
    public function unserialize($s) {
        if ($s === "throw") { throw new LogicException("Blob refused"); }
        $this->v = $s;
    }
    public function __destruct() { $GLOBALS["destructed"][] = "Blob"; }
}');
error_reporting(E_ALL);


// ---- The corpus -------------------------------------------------------------------------------

function corpus(): array
{
    $v = [];

    $p = new Point;
    $p->extra = new stdClass;
    $v[] = [$p, $p->extra];
    $v[] = [$p, $p, 'k' => $p];
    // an object in each property, met again after the object that holds it
    $px = new Point;
    $px->x = new stdClass;
    $px->extra = new Dtor('extra');
    $v[] = [$px, $px->x, $px->extra];
    $p2 = new Point;
    $p2->extra = [1, 'two', 3.5, null, true];
    $v[] = ['a' => $p2, 'b' => new Point, 'c' => new Point];

    $t = new Typed;
    $t->i = 42;
    $t->s = 'str';
    $t->a = ['x' => 1, 'y' => [2, 3]];
    $t->next = new Typed;
    $t->point = $p;
    $t->suit = Suit::Spades;
    $t->setAny(new stdClass);
    $v[] = $t;
    $t2 = new Typed;
    $t2->next = $t2;
    $t2->u = 7;
    $v[] = [$t2, $t2->next];

    // references, also into typed properties
    $r1 = new Typed;
    $r2 = new Typed;
    $r1->i = 5;
    $r2->i = &$r1->i;
    $r1->a = [1, 2];
    $r2->a = &$r1->a;
    $v[] = [$r1, $r2];
    $arr = [1, 2, 3];
    $arr[3] = &$arr[0];
    $arr[4] = &$arr;
    $v[] = $arr;
    $x = ['k' => 'v'];
    $v[] = ['one' => &$x, 'two' => &$x, 'obj' => new Dtor('ref')];

    $ro = new Ro(1, new Ro(2), ['t']);
    $v[] = [$ro, $ro->parent];

    $v[] = [Suit::Hearts, Unit::One, Unit::Two, Suit::Hearts, 'pt' => new Point];

    $m = new Magic;
    $m->data = [new Dtor('inside'), Suit::Hearts, new Point];
    $v[] = [$m, $m, new MagicList];
    $ml = new MagicList;
    $ml->items = [new Dtor('a'), new Dtor('b'), $m];
    $v[] = $ml;

    $s = new Sleepy;
    $v[] = [$s, new Sleepy, $s];
    $s13 = new Sleepy;
    $s13->a = 12;
    $v[] = ['before' => new Dtor('before'), 's' => $s13, 'after' => new Dtor('after')];

    $b = new Blob;
    $b->v = 'payload';
    $bt = new Blob;
    $bt->v = 'throw';
    $v[] = [new Dtor('first'), $b, $b, new Dtor('last')];
    $v[] = [new Dtor('first'), $bt];

    $d = new Dtor('cycle');
    $d->peer = $d;
    $e = new Dtor('peer');
    $e->peer = $d;
    $v[] = [$d, $e, new Dyn];
    $dyn = new Dyn;
    $dyn->added = [1, 2];
    $dyn->{'0'} = 'zero';
    $v[] = $dyn;

    $v[] = [unserialize('O:7:"Missing":2:{s:1:"a";i:1;s:1:"b";O:8:"stdClass":0:{}}'),
        unserialize('O:7:"Missing":0:{}')];

    $ao = new ArrayObject([1, 'k' => new Point]);
    $st = new SplObjectStorage;
    $st[new stdClass] = 'data';
    $v[] = [$ao, $st, new DateTime('2020-01-02 03:04:05 UTC'), new Exception('msg', 3)];

    // maps of one shape three times and more (templates), objects of one shape many times
    $rows = [];
    for ($i = 0; $i < 6; $i++) {
        $rows[] = ['id' => $i, 'name' => "n$i", 'pt' => $i % 2 ? new Point : null];
    }
    $v[] = $rows;
    $typed = [];
    for ($i = 0; $i < 4; $i++) {
        $o = new Typed;
        $o->i = $i;
        $typed[] = $o;
    }
    $typed[] = $typed[1];
    $v[] = $typed;

    // a typed array property holding a reference to itself, and objects inside __unserialize()
    // data met again outside it
    $self = new Typed;
    $self->a = [1, 2];
    $self->a[] = &$self->a;
    $inner = new Dtor('inner');
    $mu = new Magic;
    $mu->data = ['o' => $inner, 'w' => new Sleepy, 'r' => new Ro(3)];
    $v[] = [$self, $mu, $inner, $mu->data['w']];
    // typed properties of objects inside a typed array property sharing it by reference
    $outer = new Typed;
    $sharers = [new Typed, new Typed, new Typed];
    $outer->a = [1, ...$sharers];
    $outer->a[] = 'tail';
    foreach ($sharers as $s) {
        $s->a = &$outer->a;
    }
    $v[] = [$outer, new Dtor('after')];
    $v[] = ['long' => range(1, 20), 'map' => array_combine(range('a', 'l'), range(1, 12)),
        'objs' => array_fill(0, 5, new Point), 'deep' => [[[[new Dtor('deep'), [Unit::Two]]]]]];
    $sl = new Sleepy;
    $sl->a = new Dtor('in sleepy');
    $v[] = [new Dtor('x'), $sl, new MagicList, $sl->a];

    $blobs = [];
    foreach ($v as $value) {
        $blobs[] = zser_serialize($value);
    }
    return $blobs;
}

// every single-bit flip, and the byte inverted
const FLIPS = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0xFF];

// Mutant number -> [blob index, kind, offset, bytes]. Per blob of n bytes: the n - 1 truncations
// (1..n-1 bytes kept; the empty string is no data, false without a warning, as unserialize('')),
// then for each offset the nine flips.
function mutant(array $blobs, int $id): ?array
{
    foreach ($blobs as $bi => $blob) {
        $n = strlen($blob);
        $per = $n - 1 + $n * count(FLIPS);
        if ($id < $per) {
            if ($id < $n - 1) {
                return [$bi, 'truncated', $id + 1, substr($blob, 0, $id + 1)];
            }
            $k = $id - ($n - 1);
            $off = intdiv($k, count(FLIPS));
            $x = FLIPS[$k % count(FLIPS)];
            $m = $blob;
            $m[$off] = chr(ord($m[$off]) ^ $x);
            return [$bi, sprintf('xor 0x%02x', $x), $off, $m];
        }
        $id -= $per;
    }
    return null;
}

function count_mutants(array $blobs): int
{
    $n = 0;
    foreach ($blobs as $blob) {
        $n += strlen($blob) - 1 + strlen($blob) * count(FLIPS);
    }
    return $n;
}

$destructed = [];
$blobs = corpus();
// A class name a mutant makes up is looked up: for half of them the autoloader throws.
spl_autoload_register(function (string $name) {
    if (crc32($name) % 2 === 0) {
        throw new Exception("autoload $name");
    }
});
$mode = $argv[1] ?? 'count';

if ($mode === 'count') {
    echo count_mutants($blobs), "\n";
    exit(0);
}
if ($mode === 'show') {
    foreach (array_slice($argv, 2) as $id) {
        [$bi, $kind, $off, $m] = mutant($blobs, (int)$id);
        printf("%d blob#%d %s at %d: %s\n", $id, $bi, $kind, $off, bin2hex($m));
    }
    exit(0);
}

// The originals must decode, or the mutants test nothing.
foreach ($blobs as $bi => $blob) {
    try {
        zser_unserialize($blob, ['throw_on_error' => true]);
    } catch (Throwable $e) {
        if (!str_contains($e->getMessage(), 'Blob refused')) {
            fwrite(STDERR, "corpus blob $bi does not decode: " . $e->getMessage() . "\n");
            exit(1);
        }
    }
}

$from = (int)($argv[2] ?? 0);
$to = min((int)($argv[3] ?? PHP_INT_MAX), count_mutants($blobs));
$warnings = 0;
set_error_handler(function (int $no, string $msg) use (&$warnings) {
    if ($no === E_WARNING) {
        $warnings++;
    }
    return true;
});
$bad = 0;
for ($id = $from; $id < $to; $id++) {
    [, , , $m] = mutant($blobs, $id);
    fwrite(STDERR, "#$id\n");
    $warnings = 0;
    // every fifth one with throw_on_error, so that a ZserException is pending in the cleanup;
    // every seventh with only two classes allowed (the others incomplete)
    $opts = $id % 5 === 4 ? ['throw_on_error' => true] : [];
    if ($id % 7 === 3) {
        $opts['allowed_classes'] = ['Point', 'Typed'];
    }
    try {
        $r = zser_unserialize($m, $opts);
        if ($r === false && $warnings === 0) {
            fwrite(STDERR, "mutant $id: false without a warning\n");
            $bad++;
        }
    } catch (Throwable $e) {
        // ZserException, or what an autoloader, a Serializable or a __wakeup threw
    }
    unset($r);
    if ($id % 64 === 63) {
        gc_collect_cycles();
        $destructed = [];
    }
}
gc_collect_cycles();
echo "replayed ", $to - $from, "\n";
exit($bad ? 1 : 0);
