<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential suite for the binary format: random value graphs (nested arrays, strings,
// numbers, & references, shared and cyclic objects of classes using every magic method,
// Serializable classes whose payloads come from nested calls of the serializer under test,
// enums, internal classes, incomplete classes) must satisfy
//   serialize(zser_unserialize(zser_serialize($v))) === serialize(unserialize(serialize($v)))
// with identical logs of magic-method calls and warnings. Then every blob is truncated
// (must fail: false + one warning, the partial graph released as unserialize() releases it, so
// the __wakeup/__unserialize of objects complete before the cut may run, and throw after the
// warning; with throw_on_error a ZserException and no such call) and byte-flipped (a value, or
// false + one warning, or a PHP exception as unserialize() would throw).
// Replay: ZSER_SEED=<seed> [ZSER_FROM=case ZSER_CASES=case+1] php -d extension=... tests/diff/bin_roundtrip.php

error_reporting(E_ALL & ~E_DEPRECATED);
if (PHP_VERSION_ID >= 80400) {
    // hooked, asymmetric-visibility, readonly-class and lazy objects
    require __DIR__ . '/../inc/diff_php84.php';
}
ini_set('unserialize_callback_func', '');

$LOG = [];
function zlog(string $s): void
{
    $GLOBALS['LOG'][] = $s;
}

class Plain
{
    public $pub = 1;
    protected $prot = 'p';
    private $priv = [1, 2];
    public int $typed = 5;
    public ?string $nullable = null;
    public int $uninit;
    public $dyn;
}

class Ro
{
    public function __construct(public readonly int $id, public readonly mixed $payload)
    {
    }
}

class Sleeper
{
    public $a = 1;
    protected $b = 2;
    private $c = 3;
    public $d = 4;
    public $names = ['a', 'b', 'c'];
    public function __sleep()
    {
        zlog('sleep ' . json_encode($this->names));
        return $this->names;
    }
    public function __wakeup()
    {
        zlog('wakeup Sleeper ' . $this->a);
    }
}

class Waker
{
    public $tag;
    public $child;
    public function __wakeup()
    {
        zlog('wakeup Waker ' . (is_scalar($this->tag) ? $this->tag : gettype($this->tag)));
    }
}

class Magic
{
    public $data;
    public $k;
    public function __serialize(): array
    {
        zlog('__serialize ' . $this->k);
        return ['k' => $this->k, 'data' => $this->data, 7 => 'seven'];
    }
    public function __unserialize(array $a): void
    {
        zlog('__unserialize ' . $a['k'] . ' ' . count($a));
        $this->k = $a['k'];
        $this->data = $a['data'];
    }
    public function __sleep()
    {
        zlog('never: __serialize wins');
        return [];
    }
}

class ListMagic
{
    public $items = [];
    public function __serialize(): array
    {
        zlog('__serialize ListMagic');
        return $this->items;
    }
    public function __unserialize(array $a): void
    {
        zlog('__unserialize ListMagic ' . count($a));
        $this->items = $a;
    }
}

class Destructible
{
    public $n;
    public function __destruct()
    {
        zlog('destruct ' . $this->n);
    }
}

eval('class OldStyle implements Serializable {
    public $v;
    public function serialize() { zlog("serialize OldStyle"); return serialize($this->v); }
    public function unserialize($s) { zlog("unserialize OldStyle"); $this->v = unserialize($s); }
}');

// Serializable classes whose payload comes from a nested call of the serializer under test:
// zser_serialize() inside zser_serialize(), serialize() inside serialize(). Both share the
// outer call's slots, so identity and & references cross the payload (FORMAT.md §8.3).
$NESTED_ZSER = false;
function nser(mixed $v): string
{
    return $GLOBALS['NESTED_ZSER'] ? zser_serialize($v) : serialize($v);
}
// A blob read back (its payloads' nested blobs too), then written as serialize() text: two
// blobs that differ only in what they share give the same text.
function plain_text(string $blob): mixed
{
    return capture(function () use ($blob) {
        $v = zser_unserialize($blob);
        $GLOBALS['NESTED_ZSER'] = false;
        $t = serialize($v);
        $GLOBALS['NESTED_ZSER'] = true;
        return $t;
    })[0];
}
function nunser(string $s): mixed
{
    return $GLOBALS['NESTED_ZSER'] ? zser_unserialize($s) : unserialize($s);
}
eval('class NestedOne implements Serializable {
    public $v;
    public function serialize() { zlog("serialize NestedOne"); return nser($this->v); }
    public function unserialize($s) { zlog("unserialize NestedOne"); $this->v = nunser($s); }
}');
eval('class NestedTwo implements Serializable {
    public $a;
    public $b;
    public function serialize() {
        zlog("serialize NestedTwo");
        $x = nser($this->a);
        return strlen($x) . ":" . $x . nser($this->b);
    }
    public function unserialize($s) {
        zlog("unserialize NestedTwo");
        $n = (int) $s;
        $p = strlen((string) $n) + 1;
        $this->a = nunser(substr($s, $p, $n));
        $this->b = nunser(substr($s, $p + $n));
    }
}');

enum Suit
{
    case Hearts;
    case Spades;
}

enum Code: string
{
    case Ok = 'ok';
    case Bad = 'bad';
}

final class Gen
{
    private array $objs = [];
    private array $vars = [];
    // arrays handed out again as copies of one array (FORMAT.md §9.1)
    private array $arrs = [];

    public function __construct(private int $maxNodes)
    {
    }

    private function str(): string
    {
        switch (mt_rand(0, 6)) {
            case 0:
                return '';
            case 1:
                return (string) mt_rand(-1000, 100000);
            case 2:
                // from mt_rand(), so that a seed gives the same bytes again
                $s = '';
                for ($n = mt_rand(1, 40); $n > 0; $n--) {
                    $s .= chr(mt_rand(0, 255));
                }
                return $s;
            case 3:
                return str_repeat(chr(mt_rand(97, 122)), mt_rand(1, 300));
            case 4:
                return "\0*\0x";
            default:
                return ['id', 'name', 'value', 'a', 'b', 'é', 'key'][mt_rand(0, 6)];
        }
    }

    private function scalar(): mixed
    {
        switch (mt_rand(0, 9)) {
            case 0:
                return null;
            case 1:
                return (bool) mt_rand(0, 1);
            case 2:
                return mt_rand(-100, 100);
            case 3:
                return [PHP_INT_MAX, PHP_INT_MIN, 64, 255, 256, 65535, 65536, -17, -257, 4294967296][mt_rand(0, 9)];
            case 4:
                return mt_rand() * (mt_rand(0, 1) ? 1 : -1) * mt_rand(1, 1 << 20);
            case 5:
                return [0.0, -0.0, 1.5, 0.1, NAN, INF, -INF, 5e-324, 1e300, mt_rand() / 7][mt_rand(0, 9)];
            case 6:
                return [Suit::Hearts, Suit::Spades, Code::Ok, Code::Bad][mt_rand(0, 3)];
            default:
                return $this->str();
        }
    }

    private function key(): int|string
    {
        return mt_rand(0, 2) ? $this->str() : mt_rand(-5, 50);
    }

    public function value(int $depth, int &$budget): mixed
    {
        if ($depth > 6 || $budget <= 0 || mt_rand(0, 3) === 0) {
            $budget--;
            return $this->scalar();
        }
        $budget--;
        switch (mt_rand(0, 14)) {
            case 13:
            case 14:
                // a copy of an array made before (one array held twice: BACKREF_ARR when it
                // holds no object or reference), or a new one kept for later copies
                if ($this->arrs && mt_rand(0, 2)) {
                    return $this->arrs[array_rand($this->arrs)];
                }
                $a = mt_rand(0, 1) ? [$this->value($depth + 1, $budget), $this->scalar()]
                                   : ['k' => $this->scalar(), 'v' => $this->value($depth + 1, $budget)];
                $this->arrs[] = $a;
                return $a;
            case 0:
            case 1:
                $n = mt_rand(0, 6);
                $a = [];
                for ($i = 0; $i < $n; $i++) {
                    $a[] = $this->value($depth + 1, $budget);
                }
                return $a;
            case 2:
            case 3:
                $n = mt_rand(1, 5);
                $a = [];
                for ($i = 0; $i < $n; $i++) {
                    $a[$this->key()] = $this->value($depth + 1, $budget);
                }
                return $a;
            case 4:
                // rows with a common shape, whose maps a later call copies from a template;
                // a key may be made at run time (up to 300 bytes), and a name may be one of
                // the keys (written as a reference to the key's string, shared with it)
                $rows = [];
                $keys = ['id', mt_rand(0, 1) ? 'name' : $this->str() . 'n', 'score'];
                for ($i = mt_rand(1, 5); $i > 0; $i--) {
                    $name = mt_rand(0, 2) ? $this->str() : $keys[mt_rand(0, 2)];
                    $rows[] = array_combine($keys, [$i, $name, $this->scalar()]);
                }
                return $rows;
            case 5:
                // & references to shared variables
                $a = [];
                $this->vars[] = $this->value($depth + 1, $budget);
                $k = count($this->vars) - 1;
                $a[] = &$this->vars[$k];
                $a['again'] = &$this->vars[mt_rand(0, $k)];
                $a['copy'] = $this->vars[$k];
                return $a;
            case 6:
                if ($this->objs && mt_rand(0, 1)) {
                    return $this->objs[array_rand($this->objs)];
                }
                return $this->object($depth, $budget);
            case 7:
                $a = ['x' => 1];
                $a['self'] = &$a;
                return $a;
            case 12:
                // an object held by this array alone, reaching the array through a & reference:
                // met again inside itself, it is written again or by back-reference depending
                // on its refcount and magic methods (php_add_var_hash())
                $a = [];
                switch (mt_rand(0, 3)) {
                    case 0:
                        $o = new Magic();
                        $o->k = mt_rand(0, 99);
                        $o->data = &$a;
                        break;
                    case 1:
                        $o = new Sleeper();
                        $o->a = &$a;
                        $o->names = [['a'], ['a', 'd']][mt_rand(0, 1)];
                        break;
                    case 2:
                        $o = new Plain();
                        $o->pub = &$a;
                        break;
                    default:
                        $o = new ArrayObject();
                        $o->exchangeArray([&$a]);
                        break;
                }
                $a[] = $o;
                $a[] = $this->scalar();
                unset($o);
                return $a;
            default:
                return $this->object($depth, $budget);
        }
    }

    private function object(int $depth, int &$budget): object
    {
        if (PHP_VERSION_ID >= 80400 && mt_rand(0, 5) === 0) {
            return diff84_value(fn () => $this->value($depth + 1, $budget));
        }
        switch (mt_rand(0, 19)) {
            case 0:
                $o = new Plain();
                $o->pub = $this->value($depth + 1, $budget);
                if (mt_rand(0, 1)) {
                    $o->typed = mt_rand();
                }
                // the property table built from the slots (as foreach, var_dump() or another
                // serializer builds it), before or after the rest is set
                if (mt_rand(0, 3) === 0) {
                    foreach ($o as $_) {
                    }
                }
                if (mt_rand(0, 1)) {
                    $o->uninit = 3;
                }
                if (mt_rand(0, 2) === 0) {
                    unset($o->dyn);
                }
                if (mt_rand(0, 3) === 0) {
                    foreach ($o as $_) {
                    }
                }
                break;
            case 1:
                $o = new stdClass();
                $o->a = $this->value($depth + 1, $budget);
                $o->{'1'} = 'numeric name';
                if (mt_rand(0, 1)) {
                    $o->{'p' . $this->str()} = $this->scalar();
                }
                break;
            case 2:
                $o = new Sleeper();
                $o->a = $this->value($depth + 1, $budget);
                $o->names = [['a', 'b', 'c'], ['a', 'd'], ['a', 'missing'], ['c', 'b', 'a', 'd'], ['a', 'a']][mt_rand(0, 4)];
                break;
            case 3:
                $o = new Waker();
                $o->tag = mt_rand(0, 99);
                $o->child = $this->value($depth + 1, $budget);
                if ($this->objs && mt_rand(0, 1)) {
                    $o->child = $this->objs[array_rand($this->objs)];
                }
                break;
            case 4:
                $o = new Magic();
                $o->k = mt_rand(0, 99);
                $o->data = $this->value($depth + 1, $budget);
                break;
            case 5:
                $o = new ListMagic();
                $o->items = [$this->value($depth + 1, $budget), $this->scalar()];
                break;
            case 6:
                $o = new OldStyle();
                // scalars only: serialize() inside serialize() continues the outer graph's
                // numbering, inside zser_serialize() it starts afresh (NestedOne and NestedTwo
                // nest each serializer in itself, FORMAT.md §8.3)
                $o->v = [mt_rand(), $this->str()];
                break;
            case 7:
                $o = new Ro(mt_rand(), $this->value($depth + 1, $budget));
                break;
            case 8:
                $o = new ArrayObject([$this->scalar(), 'k' => $this->value($depth + 1, $budget)]);
                break;
            case 9:
                $o = new SplObjectStorage();
                $o[new stdClass()] = $this->scalar();
                if ($this->objs) {
                    $o[$this->objs[array_rand($this->objs)]] = 1;
                }
                break;
            case 10:
                $o = [new DateTime('@' . mt_rand(0, 2000000000)), new DateTimeImmutable('2020-02-29 12:00:00', new DateTimeZone('Europe/Paris')),
                    new DateInterval('P1DT2H'), new DateTimeZone('America/New_York')][mt_rand(0, 3)];
                break;
            case 11:
                $o = SplFixedArray::fromArray([$this->scalar(), $this->scalar()]);
                if (mt_rand(0, 1)) {
                    $o = new SplDoublyLinkedList();
                    $o->push($this->scalar());
                    $o->push($this->scalar());
                }
                break;
            case 12:
                $o = unserialize('O:9:"Missing' . mt_rand(10, 99) . '":2:{s:1:"a";i:1;s:4:"' . "\0*\0b" . '";a:1:{i:0;i:2;}}');
                break;
            case 14:
            case 15:
            case 17:
                // any value in the payload: shared objects, & references, itself
                $o = new NestedOne();
                $o->v = [$this->value($depth + 1, $budget)];
                if (mt_rand(0, 3) === 0) {
                    $o->v[] = $o;
                }
                if ($this->objs && mt_rand(0, 1)) {
                    $o->v[] = $this->objs[array_rand($this->objs)];
                }
                break;
            case 16:
            case 18:
                $o = new NestedTwo();
                $o->a = $this->value($depth + 1, $budget);
                $o->b = $this->objs && mt_rand(0, 1) ? $this->objs[array_rand($this->objs)] : $this->value($depth + 1, $budget);
                break;
            default:
                $o = new Waker();
                $o->tag = 'cycle';
                $o->child = [$o, mt_rand(0, 1) ? $this->value($depth + 1, $budget) : null];
                break;
        }
        $this->objs[] = $o;
        return $o;
    }
}

// Runs $fn capturing warnings and the magic-call log; returns [result, log, warnings, exception].
// What a value shares: debug_zval_dump() shows each string interned or with its refcount, and
// each array's refcount. How many hold a shared one depends on what else is alive (a class's
// default array, an enum case, the cycles of earlier cases until they are collected), so only
// whether it is shared is kept; an object's number and refcount are left out.
function sharing(mixed $v): string
{
    ob_start();
    debug_zval_dump($v);
    $d = preg_replace('/^(\s*object\([^)]*\))#\d+ (\(\d+\)) refcount\(\d+\)/m', '$1 $2', ob_get_clean());
    // A string of 2 to 32 bytes may be held by the decoder's key cache too, depending on which
    // names of the call took its slots first, which a later call that copies maps from
    // templates changes: its count says nothing of the value. Longer ones are never cached.
    $d = preg_replace('/^(\s*string\(([2-9]|[12]\d|3[0-2])\) .*") refcount\(\d+\)$/m', '$1 cacheable', $d);
    return preg_replace('/refcount\((?!1\))\d+\)/', 'shared', $d);
}

function capture(callable $fn): array
{
    $GLOBALS['LOG'] = [];
    $warn = [];
    set_error_handler(function ($no, $str) use (&$warn) {
        $warn[] = $str;
        return true;
    });
    $res = null;
    $ex = null;
    try {
        $res = $fn();
    } catch (Throwable $e) {
        $ex = get_class($e) . ': ' . $e->getMessage();
    }
    restore_error_handler();
    return [$res, $GLOBALS['LOG'], $warn, $ex];
}

// Warnings without the emitting function's name, for comparing zser_* with PHP's own.
function bare(array $warn): array
{
    return array_map(fn($w) => preg_replace('/^[a-z_]+\(\): /', '', $w), $warn);
}

// The one warning zser_unserialize() gives for malformed input.
function ours(array $warn): array
{
    return array_values(array_filter($warn, fn($w) => preg_match('/^zser_unserialize\(\): .* at offset \d+ of \d+ bytes$/s', $w)));
}

function fail(int $seed, int $case, string $what, ...$info): never
{
    echo "FAIL bin_roundtrip seed=$seed case=$case: $what\n";
    foreach ($info as $i) {
        echo is_string($i) ? $i : var_export($i, true), "\n";
    }
    exit(1);
}

$seed = getenv('ZSER_SEED') !== false ? (int) getenv('ZSER_SEED') : random_int(1, PHP_INT_MAX >> 1);
$cases = (int) (getenv('ZSER_CASES') ?: 10000);
// ZSER_FROM=n: generate but skip the cases before n, to replay one failure quickly
$from = (int) (getenv('ZSER_FROM') ?: 0);
mt_srand($seed);
$stats = ['graphs' => 0, 'sharing' => 0, 'truncations' => 0, 'flips' => 0, 'flip_values' => 0, 'flip_errors' => 0, 'flip_exceptions' => 0];
$zs = $ps = 0;

for ($case = 0; $case < $cases; $case++) {
    $budget = mt_rand(1, 40);
    $gen = new Gen($budget);
    // A lazy object here is initialised by zser_serialize(), which runs first, and serialize()
    // then reads it initialised: both encode the same state (whether each initialises it is
    // tests/bin/serialize_php84_lazy.phpt's part).
    $v = $gen->value(0, $budget);
    if ($case < $from) {
        continue;
    }

    $NESTED_ZSER = true;
    [$blob, $logA1, $warnA1, $exA1] = capture(fn() => zser_serialize($v));
    $NESTED_ZSER = false;
    [$ser, $logB1, $warnB1, $exB1] = capture(fn() => serialize($v));
    if ($exA1 !== $exB1 || $logA1 !== $logB1 || bare($warnA1) !== bare($warnB1)) {
        fail($seed, $case, 'serialize side differs', [$exA1, $exB1], [$logA1, $logB1], [$warnA1, $warnB1], $ser);
    }
    if ($exA1 !== null) {
        continue;
    }
    $zs += strlen($blob);
    $ps += strlen($ser);
    $NESTED_ZSER = true;
    [$valA, $logA2, $warnA2, $exA2] = capture(fn() => zser_unserialize($blob));
    $NESTED_ZSER = false;
    // (taken before unserialize() makes a second value that may hold the same enum cases)
    $sharing = $case % 8 === 1 ? sharing($valA) : null;
    [$valB, $logB2, $warnB2, $exB2] = capture(fn() => unserialize($ser));
    if ($exA2 !== $exB2 || $logA2 !== $logB2 || bare($warnA2) !== bare($warnB2)) {
        fail($seed, $case, 'unserialize side differs', [$exA2, $exB2], [$logA2, $logB2], [$warnA2, $warnB2], $ser, bin2hex($blob));
    }
    [$outA] = capture(fn() => serialize($valA));
    [$outB] = capture(fn() => serialize($valB));
    if ($outA !== $outB) {
        fail($seed, $case, 'round trip differs', $ser, $outA, $outB, bin2hex($blob));
    }
    // determinism: equal inputs give equal bytes; the value zser_unserialize() made shares the
    // arrays the blob shares, the one unserialize() made none, so their bytes may differ only
    // by BACKREF_ARR, and read back as one value
    $NESTED_ZSER = true;
    $reA = capture(fn() => zser_serialize($valA))[0];
    $reB = capture(fn() => zser_serialize($valB))[0];
    if ($reA !== $reB && (!is_string($reA) || !is_string($reB) || plain_text($reA) !== plain_text($reB))) {
        fail($seed, $case, 're-encoding differs', $ser, bin2hex((string)$reA), bin2hex((string)$reB));
    }
    $stats['graphs']++;
    unset($valA, $valB);
    if ($sharing !== null) {
        // a later call, which finds the blob's shapes remembered from this one, gives a value
        // that shares its strings and arrays as the first call's did
        $NESTED_ZSER = true;
        [$valC] = capture(fn() => zser_unserialize($blob));
        $NESTED_ZSER = false;
        $again = sharing($valC);
        unset($valC);
        if ($again !== $sharing) {
            fail($seed, $case, 'a later call shares differently', $sharing, $again, bin2hex($blob));
        }
        $stats['sharing']++;
    }

    if ($case % 4 !== 0) {
        continue;
    }
    // every non-empty truncation fails cleanly (the order of what the release runs is held to
    // unserialize()'s by tests/bin/unserialize_failure_destructors.phpt)
    $n = strlen($blob);
    for ($cut = 1; $cut < $n; $cut += max(1, intdiv($n, 24))) {
        [$r, $log, $warn, $ex] = capture(fn() => zser_unserialize(substr($blob, 0, $cut)));
        gc_collect_cycles();
        if (($ex === null ? $r !== false : str_starts_with($ex, 'ZserException')) || count(ours($warn)) !== 1
                || !str_contains(ours($warn)[0], ' at offset ')) {
            fail($seed, $case, "truncation at $cut", $r, $ex, $warn, $log, bin2hex($blob));
        }
        // with the ZserException pending no queued call runs; Serializable::unserialize()
        // runs inline, as in unserialize(), and destructors run
        [$r, $log, $warn, $ex] = capture(fn() => zser_unserialize(substr($blob, 0, $cut), ['throw_on_error' => true]));
        gc_collect_cycles();
        $log = array_values(array_filter(array_merge($log, $GLOBALS['LOG']),
            fn($l) => !preg_match('/^unserialize (OldStyle|NestedOne|NestedTwo)$/', $l) && !str_starts_with($l, 'destruct ')));
        if ($ex === null || !str_starts_with($ex, 'ZserException') || ours($warn) || $log) {
            fail($seed, $case, "truncation at $cut with throw_on_error", $r, $ex, $warn, $log, bin2hex($blob));
        }
        $stats['truncations']++;
    }
    // flipped bytes: a value, or false + one warning, or a PHP exception; never a crash
    for ($k = 0; $k < 8; $k++) {
        $bad = $blob;
        $pos = mt_rand(0, $n - 1);
        $bad[$pos] = chr(mt_rand(0, 1) ? mt_rand(0, 255) : ord($bad[$pos]) ^ (1 << mt_rand(0, 7)));
        [$r, $log, $warn, $ex] = capture(fn() => zser_unserialize($bad));
        $stats['flips']++;
        if ($ex !== null) {
            if (str_starts_with($ex, 'ZserException')) {
                fail($seed, $case, 'ZserException without throw_on_error', $ex, bin2hex($bad));
            }
            $stats['flip_exceptions']++;
        } elseif ($r === false && count(ours($warn)) >= 1) {
            // one warning; a nested call that failed in a payload gave its own before it
            $stats['flip_errors']++;
        } elseif ($r === false && $bad === zser_serialize(false)) {
            $stats['flip_values']++;
        } elseif ($r !== false) {
            $stats['flip_values']++;
        } else {
            fail($seed, $case, 'flip gave false without a warning', $warn, bin2hex($bad));
        }
        // throw_on_error turns the warning into ZserException
        [$r2, , $warn2, $ex2] = capture(fn() => zser_unserialize($bad, ['throw_on_error' => true]));
        // (the warnings of nested calls in payloads stay warnings)
        if ($r === false && $ex === null && !($ex2 !== null && str_starts_with($ex2, 'ZserException: ') && count(ours($warn2)) === count(ours($warn)) - 1) && $bad !== zser_serialize(false)) {
            fail($seed, $case, 'throw_on_error', $ex2, $warn2, bin2hex($bad));
        }
        unset($r, $r2);
    }
    unset($v, $gen);
}

// FORMAT.md §12: decoded memory <= 256 x input bytes (+ class defaults), on the densest
// inputs: one-key maps by shape reference, one-element lists, objects by shape reference.
function varint(int $v): string
{
    $o = '';
    while ($v >= 0x80) {
        $o .= chr(($v & 0x7F) | 0x80);
        $v >>= 7;
    }
    return $o . chr($v);
}
$n = 50000;
$dense = [
    'maps' => "Z\x01\xCF" . varint($n - 16) . "\xD0\x00\x41k\x00" . str_repeat("\xA0\x00", $n - 1),
    'lists' => "Z\x01\xCF" . varint($n - 16) . str_repeat("\x91\x00", $n),
    'objects' => "Z\x01\xCF" . varint($n - 16) . "\xD1\x48stdClass\x00" . str_repeat("\xA0", $n - 1),
];
foreach ($dense as $what => $blob) {
    $m0 = memory_get_usage();
    $x = zser_unserialize($blob);
    $used = memory_get_usage() - $m0;
    if (!is_array($x) || count($x) !== $n || $used > 256 * strlen($blob) + 65536) {
        fail($seed, -1, "memory bound: $what", $used, strlen($blob));
    }
    unset($x);
}

printf("bin_roundtrip: %d graphs (%d decoded again), %d truncations, %d flips (%d values, %d errors, %d exceptions), bytes zser/serialize %.3f, seed %d\n",
    $stats['graphs'], $stats['sharing'], $stats['truncations'], $stats['flips'], $stats['flip_values'], $stats['flip_errors'], $stats['flip_exceptions'], $zs / max(1, $ps), $seed);
exit(0);
