<?php
// zser — SPDX-License-Identifier: MIT
//
// Differential suite for the bytes zser_serialize() writes: a second encoder, written in PHP
// from docs/FORMAT.md alone (string table §5, lists §6, maps and shapes §7, objects §8.1,
// smallest integer and float forms §4), must produce exactly the same blob. FORMAT.md makes
// the encoding canonical, so any difference is a bug in one of the two. Inputs: the datasets
// of the binary benchmark that hold no & references or shared objects, then random values
// (scalars, strings that repeat as values and keys, lists, maps with repeated shapes, plain
// and typed objects with unset properties). References, shared objects, shared arrays and magic
// methods are left to bin_roundtrip.php.
// Replay: ZSER_SEED=<seed> [ZSER_CASES=n] php -d extension=... tests/diff/bin_canonical.php

$top = dirname(__DIR__, 2);
require $top . '/bench/lib/common.php';
require $top . '/bench/lib/datasets.php';

final class RefEncoder
{
    private array $strs = [];
    private array $shapes = [];

    public static function encode(mixed $v): string
    {
        return "Z\x01" . (new self())->value($v);
    }

    private static function varint(int $v): string
    {
        $o = '';
        while ($v >= 0x80) {
            $o .= chr(($v & 0x7F) | 0x80);
            $v >>= 7;
        }
        return $o . chr($v);
    }

    private function int(int $v): string
    {
        if ($v >= 0 && $v < 64) {
            return chr($v);
        }
        if ($v < 0 && $v >= -16) {
            return chr(0x100 + $v);
        }
        [$u, $base] = $v >= 0 ? [$v, 0xC3] : [-($v + 1), 0xC7];
        if ($u <= 0xFF) {
            return chr($base) . chr($u);
        }
        if ($u <= 0xFFFF) {
            return chr($base + 1) . pack('v', $u);
        }
        if ($u <= 0xFFFFFFFF) {
            return chr($base + 2) . pack('V', $u);
        }
        return chr($base + 3) . pack('P', $u);
    }

    private function float(float $d): string
    {
        $f32 = pack('g', $d);
        if (pack('e', unpack('g', $f32)[1]) === pack('e', $d)) {
            return "\xCB" . $f32;
        }
        return "\xCC" . pack('e', $d);
    }

    private function str(string $s): string
    {
        $n = strlen($s);
        if ($n === 0) {
            return "\x40";
        }
        if (isset($this->strs[$s])) {
            $i = $this->strs[$s];
            return $i < 48 ? chr(0x60 + $i) : "\xCE" . self::varint($i - 48);
        }
        $this->strs[$s] = count($this->strs);
        return ($n < 32 ? chr(0x40 + $n) : "\xCD" . self::varint($n - 32)) . $s;
    }

    /** Shape reference, or null after registering a new shape. */
    private function shape(string $key): ?string
    {
        if (isset($this->shapes[$key])) {
            $i = $this->shapes[$key];
            return $i < 32 ? chr(0xA0 + $i) : "\xD2" . self::varint($i - 32);
        }
        $this->shapes[$key] = count($this->shapes);
        return null;
    }

    private function value(mixed $v): string
    {
        return match (true) {
            $v === null => "\xC0",
            $v === false => "\xC1",
            $v === true => "\xC2",
            is_int($v) => $this->int($v),
            is_float($v) => $this->float($v),
            is_string($v) => $this->str($v),
            is_array($v) => $this->arr($v),
            default => $this->obj($v),
        };
    }

    private function arr(array $a): string
    {
        $n = count($a);
        if (array_is_list($a)) {
            $o = $n < 16 ? chr(0x90 + $n) : "\xCF" . self::varint($n - 16);
        } else {
            $o = $this->shape('a' . serialize(array_keys($a)));
            if ($o === null) {
                $o = "\xD0" . self::varint($n - 1);
                foreach ($a as $k => $_) {
                    $o .= is_int($k) ? $this->int($k) : $this->str($k);
                }
            }
        }
        foreach ($a as $x) {
            $o .= $this->value($x);
        }
        return $o;
    }

    private function obj(object $x): string
    {
        // property names as serialize() writes them (mangled, uninitialized ones left out)
        $props = get_mangled_object_vars($x);
        $class = get_class($x);
        $o = $this->shape('o' . serialize([$class, array_keys($props)]));
        if ($o === null) {
            $o = "\xD1" . $this->str($class) . self::varint(count($props));
            foreach ($props as $k => $_) {
                $o .= $this->str((string) $k);
            }
        }
        foreach ($props as $p) {
            $o .= $this->value($p);
        }
        return $o;
    }
}

class CanonPoint
{
    public int $x = 0;
    public ?string $label = null;
    protected $hidden = 'h';
    private array $tags = [];
    public float $weight;

    public function __construct(int $x, bool $weigh)
    {
        $this->x = $x;
        if ($weigh) {
            $this->weight = $x / 4;
        }
    }
}

final class CanonGen
{
    private const WORDS = ['id', 'name', 'x', 'label', 'hidden', 'CanonPoint', 'stdClass', '',
        'a', 'é', 'value', 'a longer string that is well past thirty-two bytes long'];

    public function str(): string
    {
        return match (mt_rand(0, 5)) {
            0 => '',
            1 => (string) mt_rand(-50, 50) . 'k',
            2 => str_repeat(chr(mt_rand(97, 99)), mt_rand(1, 70)),
            default => self::WORDS[mt_rand(0, count(self::WORDS) - 1)],
        };
    }

    public function key(): int|string
    {
        return mt_rand(0, 2) ? $this->str() : [0, 1, 5, -1, -17, 63, 64, 300, 70000, PHP_INT_MAX, PHP_INT_MIN][mt_rand(0, 10)];
    }

    public function scalar(): mixed
    {
        return match (mt_rand(0, 7)) {
            0 => null,
            1 => (bool) mt_rand(0, 1),
            2 => [0, 63, 64, -16, -17, 255, 256, 65535, 65536, 4294967295, 4294967296, PHP_INT_MAX, PHP_INT_MIN, -257][mt_rand(0, 13)],
            3 => mt_rand(-100000, 100000) * mt_rand(1, 1 << 20),
            4 => [0.0, -0.0, 1.5, 0.1, INF, -INF, NAN, 5e-324, 1e300, 3.4028234663852886e38, 16777217.0, mt_rand() / 7][mt_rand(0, 11)],
            default => $this->str(),
        };
    }

    public function value(int $depth, int &$budget): mixed
    {
        $budget--;
        if ($depth > 5 || $budget <= 0 || mt_rand(0, 3) === 0) {
            return $this->scalar();
        }
        switch (mt_rand(0, 5)) {
            case 0:
                $a = [];
                for ($n = mt_rand(0, 20); $n > 0; $n--) {
                    $a[] = $this->value($depth + 1, $budget);
                }
                return $a;
            case 1:
                $a = [];
                for ($n = mt_rand(1, 6); $n > 0; $n--) {
                    $a[$this->key()] = $this->value($depth + 1, $budget);
                }
                return $a;
            case 2:
                // rows of one shape, and a row whose keys come in another order
                $keys = [$this->str() . 'r', 'id', $this->key()];
                $rows = [];
                for ($n = mt_rand(1, 40); $n > 0; $n--) {
                    $row = [];
                    foreach ($keys as $k) {
                        $row[$k] = $this->scalar();
                    }
                    $rows[] = mt_rand(0, 9) ? $row : array_reverse($row, true);
                }
                return $rows;
            case 3:
                $o = new stdClass();
                for ($n = mt_rand(0, 4); $n > 0; $n--) {
                    $o->{$this->str() . 'p'} = $this->value($depth + 1, $budget);
                }
                return $o;
            case 4:
                $o = new CanonPoint(mt_rand(-100, 100), (bool) mt_rand(0, 1));
                if (mt_rand(0, 1)) {
                    $o->label = $this->str();
                }
                return $o;
            default:
                // a list with holes or starting past 0 is a map with integer keys
                $a = [];
                for ($n = mt_rand(1, 20); $n > 0; $n--) {
                    $a[] = $this->scalar();
                }
                unset($a[mt_rand(0, count($a) - 1)]);
                return $a;
        }
    }
}

function check(string $what, mixed $v, int $seed): void
{
    // PHP code cannot tell which arrays are one array (copy on write), so this encoder writes
    // no BACKREF_ARR (FORMAT.md §9.1): it gets the value unserialize() builds, which shares no
    // array, and for which zser writes every array in full too
    $v = unserialize(serialize($v));
    $got = zser_serialize($v);
    $want = RefEncoder::encode($v);
    if ($got !== $want) {
        $at = strspn($got ^ $want, "\0");
        printf("FAIL bin_canonical: %s (seed %d): blobs differ at byte %d\nzser: %s\nref:  %s\n", $what, $seed,
            $at, bin2hex(substr($got, max(0, $at - 16), 48)), bin2hex(substr($want, max(0, $at - 16), 48)));
        var_export($v);
        echo "\n";
        exit(1);
    }
}

$seed = getenv('ZSER_SEED') !== false ? (int) getenv('ZSER_SEED') : random_int(1, PHP_INT_MAX >> 1);
$cases = (int) (getenv('ZSER_CASES') ?: 5000);
$sets = 0;
foreach (bench_binary_datasets() as $name => [$make]) {
    if (str_starts_with($name, 'graph')) {
        continue; // & references and shared objects
    }
    $v = $make();
    check($name, $v, $seed);
    // a second call finds PHP's cached string hashes: the bytes must not change
    check("$name, again", $v, $seed);
    unset($v);
    $sets++;
}
mt_srand($seed);
$gen = new CanonGen();
for ($case = 0; $case < $cases; $case++) {
    $budget = mt_rand(1, 80);
    check("case $case", $gen->value(0, $budget), $seed);
}
// more distinct strings and shapes than any table starts with, in a value's first map too
$big = [];
for ($i = 0; $i < 3000; $i++) {
    $big['k' . $i] = ['s' . ($i % 700) => $i, 'n' . ($i % 90) => 's' . ($i % 1300)];
}
check('large tables', $big, $seed);
check('large tables, nested', [$big, array_keys($big), array_flip(array_keys($big))], $seed);
printf("bin_canonical: %d datasets, %d random values, 2 large tables: bytes equal the reference encoder, seed %d\n",
    $sets, $cases, $seed);
exit(0);
