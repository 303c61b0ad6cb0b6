<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential test: random PHP values encoded by json_encode() and jsond_encode() under
// random flag sets, depths and serialize_precision values. Output bytes (or false), the
// last-error code and message, and any exception (class, message, code) must all be
// equal. Seeded: ZSER_SEED=<n> replays a run; a failure prints the seed, the case, the
// flags and the value. ZSER_CASES=<n> changes the number of cases (default 300000).

#[AllowDynamicProperties]
class DiffPlain
{
    public $a = 1;
    public ?string $b = null;
    public int $typed;          // left uninitialized in some cases
    protected $prot = 'p';
    private $priv = 'q';
    public $last = [];
}

class DiffSerializable implements JsonSerializable
{
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return $this->v; }
}

class DiffThis implements JsonSerializable
{
    public $x = 1;
    protected $y = 2;
    private $z = 3;
    public $w;
    public function __construct(mixed $w = null) { $this->w = $w; }
    public function jsonSerialize(): mixed { return $this; }
}

class DiffThrows implements JsonSerializable
{
    public function __construct(public int $code) {}
    public function jsonSerialize(): mixed { throw new RuntimeException("thrown $this->code", $this->code); }
}

// Calls the encoder under test from inside jsonSerialize(): the outer walk must survive.
class DiffNested implements JsonSerializable
{
    public function __construct(public mixed $v, public int $flags, public int $depth) {}
    public function jsonSerialize(): mixed
    {
        $inner = ($GLOBALS['diff_encoder'])($this->v, $this->flags, $this->depth);
        return ['inner' => $inner, 'v' => $this->v];
    }
}

// Both interfaces at once: json_encode honours one, jsond_encode either.
class DiffJsond implements JsonSerializable, JsondSerializable
{
    public function __construct(public mixed $v) {}
    public function jsonSerialize(): mixed { return ['jsond' => $this->v]; }
}

enum DiffInt: int { case One = 1; case Big = PHP_INT_MAX; }
enum DiffStr: string { case A = "a/\u{2028}<>"; case B = "\u{e9}"; }
enum DiffUnit { case U; }

const DIFF_FLAGS = [JSON_HEX_TAG, JSON_HEX_AMP, JSON_HEX_APOS, JSON_HEX_QUOT, JSON_FORCE_OBJECT,
    JSON_NUMERIC_CHECK, JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT, JSON_UNESCAPED_UNICODE,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRESERVE_ZERO_FRACTION, JSON_UNESCAPED_LINE_TERMINATORS,
    JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR];

const DIFF_PIECES = ['a', 'Z', ' ', '/', '\\', '"', "'", '<', '>', '&', "\n", "\t", "\r", "\x08",
    "\x0c", "\x00", "\x01", "\x1f", "\x7f", "\u{e9}", "\u{20ac}", "\u{1f600}", "\u{2028}", "\u{2029}",
    "\u{ffff}", "\u{10ffff}", "\xff", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xc3", "\xe2\x82",
    "\xf0\x9f\x98", "\x80", "\xf5\x80\x80\x80", "\xf4\x90\x80\x80", "\xc2\xc0", "\xe0\x80\xc0",
    'hello world', '0', '1', '-', '.', 'e', '+', '9'];

const DIFF_NUMERIC = ['123', '-0', '0.0', '1e3', '1E-7', ' 12', '12 ', "\n5", '0x1A', '1.5e400',
    '-1e400', '.5', '5.', '9223372036854775807', '9223372036854775808', '-9223372036854775809',
    '1e-400', '00012', '+7', '12abc', 'abc', '1_000', ' ', '0.1', '100000000000000000000'];

function diff_rand_float(): float
{
    switch (mt_rand(0, 9)) {
        case 0: return (float) mt_rand(-1000000, 1000000);
        case 1: return mt_rand(-99999999, 99999999) / 10 ** mt_rand(0, 12);
        case 2: return mt_rand(1, 9) * 10.0 ** mt_rand(-330, 310);
        case 3: return [0.0, -0.0, INF, -INF, NAN, 5e-324, -5e-324, 2.2250738585072014e-308,
            1.7976931348623157e308, 0.1, 1e15, 1e16, 1e17, 1e18, 1e-4, 1e-5, 0.00012345,
            123456789012345678.0, 9007199254740993.0][mt_rand(0, 18)];
        case 4: return mt_rand() / mt_getrandmax() * 10 ** mt_rand(-20, 20);
        default:
            // Random bit pattern (NaN/INF included once in a while).
            $d = unpack('e', pack('VV', mt_rand(0, 0x7fffffff) * 2 + mt_rand(0, 1),
                mt_rand(0, 0xffffffff) & 0xffffffff))[1];
            return $d;
    }
}

// A URL or path: several slashes a 16-byte block among plain bytes, which the escaper writes
// block by block, now and then another special among them.
function diff_rand_url(): string
{
    $s = ['https://', 'http://api.example.com', '/', ''][mt_rand(0, 3)];
    for ($n = mt_rand(1, 12); $n > 0; $n--) {
        $s .= substr('abcdefghijklmnopqrstuvwxyz0123456789', mt_rand(0, 30), mt_rand(0, 9)) . '/';
        if (mt_rand(0, 9) === 0) {
            $s .= ['"', '\\', '<', '&', "\u{e9}", "\n", '//', "\x00"][mt_rand(0, 7)];
        }
    }
    return mt_rand(0, 1) ? $s : substr($s, 0, -1);
}

function diff_rand_string(): string
{
    if (mt_rand(0, 5) === 0) {
        return DIFF_NUMERIC[mt_rand(0, count(DIFF_NUMERIC) - 1)];
    }
    if (mt_rand(0, 5) === 0) {
        return diff_rand_url();
    }
    $n = mt_rand(0, 3) === 0 ? mt_rand(0, 60) : mt_rand(0, 8);
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= mt_rand(0, 2) === 0 ? DIFF_PIECES[mt_rand(0, count(DIFF_PIECES) - 1)]
            : chr(mt_rand(0x20, 0x7e));
    }
    return $s;
}

function diff_rand_key(): int|string
{
    switch (mt_rand(0, 5)) {
        case 0: return mt_rand(-3, 20);
        case 1: return (string) mt_rand(0, 9);       // becomes an int key
        case 2: return '0' . mt_rand(0, 9);          // stays a string key
        case 3: return [PHP_INT_MAX, PHP_INT_MIN, '', "\0x", "\0*\0p"][mt_rand(0, 4)];
        default: return diff_rand_string();
    }
}

function diff_rand_value(int $depth): mixed
{
    $top = $depth <= 0 ? 9 : 17;
    switch (mt_rand(0, $top)) {
        case 0: return null;
        case 1: return (bool) mt_rand(0, 1);
        case 2: return [0, 1, -1, PHP_INT_MAX, PHP_INT_MIN, mt_rand(), -mt_rand()][mt_rand(0, 6)];
        case 3: case 4: return diff_rand_float();
        case 5: case 6: case 7: return diff_rand_string();
        case 8: return [DiffInt::One, DiffInt::Big, DiffStr::A, DiffStr::B, DiffUnit::U][mt_rand(0, mt_rand(0, 9) ? 3 : 4)];
        case 9: return mt_rand(0, 3) ? [] : new stdClass();
        case 10: case 11: // list, sometimes with holes
            $a = [];
            $n = mt_rand(0, 5);
            for ($i = 0; $i < $n; $i++) {
                $a[] = diff_rand_value($depth - 1);
            }
            if ($n > 1 && mt_rand(0, 3) === 0) {
                unset($a[mt_rand(0, $n - 1)]);
            }
            return $a;
        case 12: // map
            $a = [];
            $n = mt_rand(0, 5);
            for ($i = 0; $i < $n; $i++) {
                $a[diff_rand_key()] = diff_rand_value($depth - 1);
            }
            return $a;
        case 13: // stdClass
            // Built by a cast, so that mangled and integer-like names occur too.
            $a = [];
            $n = mt_rand(0, 4);
            for ($i = 0; $i < $n; $i++) {
                $a[diff_rand_key()] = diff_rand_value($depth - 1);
            }
            return (object) $a;
        case 14:
            if (PHP_VERSION_ID >= 80400 && mt_rand(0, 1)) {
                return diff84_value(fn () => diff_rand_value($depth - 1), true);
            }
            $o = new DiffPlain();
            if (mt_rand(0, 1)) {
                $o->typed = mt_rand();
            }
            if (mt_rand(0, 2) === 0) {
                $o->dyn = diff_rand_value($depth - 1);
            }
            if (mt_rand(0, 3) === 0) {
                unset($o->a);
            }
            $o->last = diff_rand_value($depth - 1);
            return $o;
        case 15:
            switch (mt_rand(0, 5)) {
                case 0: return new DiffSerializable(diff_rand_value($depth - 1));
                case 1: return new DiffThis(diff_rand_value($depth - 1));
                case 2: return mt_rand(0, 5) ? new DiffJsond(diff_rand_value($depth - 1)) : new DiffThrows(mt_rand(1, 9));
                case 3: return new DiffNested(diff_rand_value($depth - 1), diff_rand_flags(), mt_rand(0, 3) ? 512 : mt_rand(0, 4));
                case 4: return new ArrayObject(['k' => diff_rand_value($depth - 1), 3 => 4]);
                default: return SplFixedArray::fromArray([1, diff_rand_value($depth - 1)]);
            }
        case 16: // recursion and references
            switch (mt_rand(0, 4)) {
                case 0: $a = [1, 2]; $a[] = &$a; return $a;
                case 1: $o = new stdClass(); $o->self = $o; $o->x = diff_rand_value(0); return $o;
                case 2: $v = diff_rand_value($depth - 1); return [&$v, $v];
                case 3: $o = new stdClass(); $o->a = 1; return [$o, $o, [$o]];
                default: $s = new DiffSerializable(null); $s->v = [$s]; return $s;
            }
        default:
            return mt_rand(0, 1) ? function () {} : $GLOBALS['diff_resource'];
    }
}

function diff_rand_flags(): int
{
    if (mt_rand(0, 7) === 0) {
        return 0;
    }
    $f = 0;
    foreach (DIFF_FLAGS as $flag) {
        if (mt_rand(0, 3) === 0) {
            $f |= $flag;
        }
    }
    return $f;
}

// ZSER_JSON_DIFF_MODE: rerun through json_* with zser.json_override=1 (stage diff-override).
require __DIR__ . '/../inc/json_diff_ref.php';
if (PHP_VERSION_ID >= 80400) {
    // hooked, asymmetric-visibility, readonly-class and lazy objects
    require __DIR__ . '/../inc/diff_php84.php';
}

function diff_run(string $fn, mixed $v, int $flags, int $depth): array
{
    $GLOBALS['diff_encoder'] = $fn;
    $last = $fn === 'json_encode' ? 'json_last_error' : 'jsond_last_error';
    $lastMsg = $fn === 'json_encode' ? 'json_last_error_msg' : 'jsond_last_error_msg';
    try {
        $out = $fn($v, $flags, $depth);
        $ex = null;
    } catch (Throwable $e) {
        $out = null;
        $ex = [get_class($e), $e->getMessage(), $e->getCode(),
            $e->getPrevious() ? get_class($e->getPrevious()) : null];
    }
    return [$out, $last(), $lastMsg(), $ex];
}

function diff_show(mixed $v): string
{
    $s = @var_export($v, true);
    try {
        $s .= "\nserialize: " . serialize($v);
    } catch (Throwable $e) {
        $s .= "\n(serialize failed: " . $e->getMessage() . ")";
    }
    return $s;
}

$seed = getenv('ZSER_SEED');
$seed = ($seed !== false && $seed !== '') ? (int) $seed : random_int(1, PHP_INT_MAX);
$cases = (int) (getenv('ZSER_CASES') ?: 300000);
mt_srand($seed);
$GLOBALS['diff_resource'] = fopen('php://memory', 'r');
$precisions = [-1, -1, -1, 17, 14, 1, 0, 20, 5, 100];
$done = 0;
$failed = 0;
$start = microtime(true);
$stats = ['string' => 0, 'false' => 0, 'exception' => 0];

while ($done < $cases) {
    $precision = $precisions[mt_rand(0, count($precisions) - 1)];
    ini_set('serialize_precision', (string) $precision);
    $vdepth = mt_rand(0, 4);
    $vseed = mt_rand();
    mt_srand($vseed);
    $v = diff_rand_value($vdepth);
    // a lazy object is initialised by the first encoder: each encoder gets a value of its own
    $lazy = PHP_VERSION_ID >= 80400 && diff84_made_lazy();
    $fresh = function () use ($lazy, $vseed, $vdepth, &$v) {
        if (!$lazy) {
            return $v;
        }
        $state = mt_rand();
        mt_srand($vseed);
        $copy = diff_rand_value($vdepth);
        mt_srand($state);
        return $copy;
    };
    for ($k = 0; $k < 8 && $done < $cases; $k++, $done++) {
        $flags = diff_rand_flags();
        $depth = mt_rand(0, 4) ? 512 : [0, 1, 2, 3, -1, 2147483647, PHP_INT_MAX][mt_rand(0, 6)];
        $vr = $fresh();
        $vz = $fresh();
        $ref = jdiff_reference("$done $flags $depth $precision", fn() => diff_run('json_encode', $vr, $flags, $depth));
        $got = diff_run(jdiff_zser('jsond_encode'), $vz, $flags, $depth);
        $stats[$ref[3] !== null ? 'exception' : ($ref[0] === false ? 'false' : 'string')]++;
        $stats['code' . $ref[1]] = ($stats['code' . $ref[1]] ?? 0) + 1;
        if ($ref !== $got) {
            $failed++;
            if ($failed <= 5) {
                echo "FAIL seed=$seed case=$done flags=$flags depth=$depth serialize_precision=$precision\n";
                echo "value: ", diff_show($v), "\n";
                echo "json_encode:  ", var_export($ref, true), "\n";
                echo "jsond_encode: ", var_export($got, true), "\n";
            }
        }
    }
}

ksort($stats);
printf("json_encode diff: %d cases, %d failed, seed %d, %.1fs (%s)\n", $done, $failed, $seed,
    microtime(true) - $start, http_build_query($stats, '', ' '));
exit($failed ? 1 : 0);
