<?php
// zser — SPDX-License-Identifier: MIT
//
// Work per input byte of zser_unserialize(), construct by construct. Each construct is a blob
// made of one long string (a class, enum, case, property or key name, or a plain value) and
// many short items that name it again by reference: every further use costs the input one to
// five bytes, whatever the name's length. A decoder that redoes work proportional to the name
// for each use (lowercasing, hashing, an autoloader call) is quadratic in the input. Each blob
// is made at two sizes, and the instructions spent in zif_zser_unserialize (callgrind, userland
// callbacks included) per input byte must not grow by more than RATIO from the small one to
// the large one: linear work keeps it near 1 (fixed costs make the small one slightly dearer),
// quadratic work multiplies it by the size ratio.
//
//   php -d extension=zser.so tests/linear/linear.php            measure every construct
//   php -d extension=zser.so tests/linear/linear.php NAME...    measure these
//   ZSER_LINEAR_SIZES=10000,100000 (default): the two sizes in bytes
// The script runs itself under valgrind with --child (callgrind.inc.php); the child decodes
// each blob once per size, and callgrind writes one profile per call (--dump-after).

require __DIR__ . '/callgrind.inc.php';

const RATIO = 2.0;

function varint(int $n): string
{
    $s = '';
    while ($n >= 0x80) {
        $s .= chr(($n & 0x7F) | 0x80);
        $n >>= 7;
    }
    return $s . chr($n);
}

// FORMAT.md §5: a literal makes a string table entry, a reference names one.
function lit(string $s): string
{
    $n = strlen($s);
    return $n < 32 ? chr(0x40 + $n) . $s : "\xCD" . varint($n - 32) . $s;
}

function sref(int $i): string
{
    return $i < 48 ? chr(0x60 + $i) : "\xCE" . varint($i - 48);
}

function lst(int $n): string
{
    return $n < 16 ? chr(0x90 + $n) : "\xCF" . varint($n - 16);
}

// A list whose first element is $first and whose other elements are $unit repeated, the
// whole about $size bytes; $refs sets the reference flag (FORMAT.md §2).
function repeat_list(int $size, string $first, string $unit, bool $refs = false): string
{
    $n = max(1, intdiv($size - strlen($first) - 8, strlen($unit)));
    return ($refs ? "Z\x81" : "Z\x01") . lst($n + 1) . $first . str_repeat($unit, $n);
}

// Half of each blob is the long name.
function name_len(int $size): int
{
    return intdiv($size, 2);
}

function long_name(int $size, string $letter = 'N'): string
{
    return 'Q' . str_repeat($letter, name_len($size) - 1);
}

$AUTOLOADS = 0;
$CALLBACKS = 0;

function cb_noop(string $class): void
{
    $GLOBALS['CALLBACKS']++;
}

#[AllowDynamicProperties]
class PD
{
    public $a = 1;
}

class PN
{
    public $a = 1;
}

class UD
{
    public function __unserialize(array $d): void
    {
    }
}

// Each construct: a blob of about $size bytes, the options, and what to set up first.
function constructs(): array
{
    $c = [];
    // an unknown class named by every object (one shape, one byte per further object)
    $unknown = fn (int $n) => repeat_list($n, "\xD1" . lit(long_name($n, 'U')) . "\x00", "\xA0");
    // the same with each object written out (class by string reference)
    $c['class_unknown'] = [$unknown, []];
    $c['class_unknown_sref'] = [fn (int $n) => repeat_list($n, "\xD1" . lit(long_name($n, 'U')) .
        "\x00", "\xD1\x60\x00"), []];
    $c['class_disallowed'] = [$unknown, ['allowed_classes' => false]];
    $c['class_unlisted'] = [$unknown, ['allowed_classes' => ['PD']]];
    $c['class_callback'] = [$unknown, [], fn () => ini_set('unserialize_callback_func', 'cb_noop')];
    // a declared class named in other letter case than its declaration
    $c['class_known'] = [fn (int $n) => repeat_list($n, "\xD1" . lit(strtolower(long_name($n, 'K'))) .
        "\x00", "\xD1\x60\x00"), [], fn (int $n) => eval('class ' . long_name($n, 'K') . ' {}')];
    // a Serializable blob of an unknown class
    $c['blob_unknown'] = [fn (int $n) => repeat_list($n, "\xD4" . lit(long_name($n, 'B')) . "\x00",
        "\xD4\x60\x00"), []];
    $c['enum_class'] = [fn (int $n) => repeat_list($n, "\xD5" . lit(strtolower(long_name($n, 'E'))) .
        lit('A'), "\xD5\x60\x61"), [], fn (int $n) => eval('enum ' . long_name($n, 'E') . ' { case A; }')];
    $c['enum_case'] = [fn (int $n) => repeat_list($n, "\xD5" . lit('EC' . $n) . lit(long_name($n, 'C')),
        "\xD5\x60\x61"), [], fn (int $n) => eval('enum EC' . $n . ' { case ' . long_name($n, 'C') . '; }')];
    // an undeclared property of a class that declares some (one shape, two bytes per object)
    $prop = fn (string $key) => fn (int $n) => repeat_list($n, "\xD1" . lit('PD') . "\x01" .
        lit($key . long_name($n, 'P')) . "\xC0", "\xA0\xC0");
    $c['prop_dynamic'] = [$prop(''), []];
    $c['prop_protected'] = [$prop("\0*\0"), []];
    $c['prop_private'] = [$prop("\0PD\0"), []];
    $c['prop_other_class'] = [$prop("\0" . str_repeat('O', 40) . "\0"), []];
    // the same for a class that allows no dynamic properties: a deprecation names each one
    $c['prop_deprecated'] = [fn (int $n) => repeat_list($n, "\xD1" . lit('PN') . "\x01" .
        lit(long_name($n, 'P')) . "\xC0", "\xA0\xC0"), []];
    $c['prop_stdclass'] = [fn (int $n) => repeat_list($n, "\xD1" . lit('stdClass') . "\x01" .
        lit(long_name($n, 'S')) . "\xC0", "\xA0\xC0"), []];
    // the same property defined in a new shape by each object (names by string reference)
    $c['prop_newshape'] = [fn (int $n) => repeat_list($n, "\xD1" . lit('PD') . "\x01" .
        lit(long_name($n, 'P')) . "\xC0", "\xD1\x60\x01\x61\xC0"), []];
    // a declared property with a long name, each object a new shape
    $c['prop_declared'] = [fn (int $n) => repeat_list($n, "\xD1" . lit('DL' . $n) . "\x01" .
        lit(long_name($n, 'D')) . "\xC0", "\xD1\x60\x01\x61\xC0"), [],
        fn (int $n) => eval('class DL' . $n . ' { public $' . long_name($n, 'D') . '; }')];
    // array keys: one shape used again, and a new shape for each array
    $c['map_shape'] = [fn (int $n) => repeat_list($n, "\xD0\x00" . lit(long_name($n, 'M')) . "\xC0",
        "\xA0\xC0"), []];
    $c['map_newshape'] = [fn (int $n) => repeat_list($n, "\xD0\x00" . lit(long_name($n, 'M')) .
        "\xC0", "\xD0\x00\x60\xC0"), []];
    $c['string_ref'] = [fn (int $n) => repeat_list($n, lit(long_name($n, 'R')), "\x60"), []];
    // back-references to the list's first element (slot 2)
    $c['backref_obj'] = [fn (int $n) => repeat_list($n, "\xD1" . lit(long_name($n, 'U')) . "\x00",
        "\xD6\x01", true), []];
    $c['backref_ref'] = [fn (int $n) => repeat_list($n, lit(long_name($n, 'R')), "\xD7\x01", true), []];
    // copies of an array (FORMAT.md §9.1): of one long list, each a BACKREF_ARR to it (its
    // slots are frozen by the first); and of arrays nested in each other, each level
    // [L, copy of L] for the level L below it, so that each copy's array holds the one shared
    // before (its slots are frozen already and are not walked again)
    $c['backref_arr'] = [fn (int $n) => repeat_list($n, lst(name_len($n)) . str_repeat("\x01", name_len($n)),
        "\xD9\x01", true), []];
    $c['backref_arr_nested'] = [function (int $n) {
        $d = intdiv($n, 5);
        $b = "\x91\x01";
        for ($i = 1; $i < $d; $i++) {
            // level i + 1 of d: the array below it, L_i, takes slot d - i + 1
            $b = "\x92" . $b . "\xD9" . varint($d - $i);
        }
        return "Z\x81" . $b;
    }, ['max_depth' => 0]];
    // after a property named twice (PN::$a as "a" and "\0*\0a"), each BACKREF_ARR asks whether
    // the array it copies is one still being filled: here a copy of [1] inside lists a
    // quarter of the blob deep, each copy two bytes (a search of the open containers per copy
    // was quadratic)
    $c['backref_arr_renamed'] = [fn (int $n) => "Z\x81" . lst(3) . "\xD1" . lit('PN') . "\x02" .
        lit('a') . lit("\0*\0a") . "\x90\xC0" . "\x91\x01" . str_repeat("\x91", intdiv($n, 4)) .
        lst(intdiv($n, 4)) . str_repeat("\xD9\x04", intdiv($n, 4)), ['max_depth' => 0]];
    // __unserialize() data: from __serialize() (a map shape), and from properties (OBJECT)
    $c['unserialize_data'] = [fn (int $n) => repeat_list($n, "\xD3" . lit('UD') . "\xD0\x00" .
        lit(long_name($n, 'W')) . "\xC0", "\xD3\x60\xA0\xC0"), []];
    $c['unserialize_props'] = [fn (int $n) => repeat_list($n, "\xD1" . lit('UD') . "\x01" .
        lit(long_name($n, 'W')) . "\xC0", "\xA0\xC0"), []];
    // __serialize() data read into a class without __unserialize(): the keys become properties
    $c['data_props'] = [fn (int $n) => repeat_list($n, "\xD3" . lit('PN') . "\xD0\x00" .
        lit("\0*\0" . long_name($n, 'X')) . "\xC0", "\xD3\x60\xA0\xC0"), []];
    $c['data_unknown'] = [fn (int $n) => repeat_list($n, "\xD3" . lit(long_name($n, 'U')) .
        "\x91\xC0", "\xD3\x60\x91\xC0"), []];
    return $c;
}

function child(array $names, array $sizes): void
{
    error_reporting(0);
    spl_autoload_register(function (string $class) {
        $GLOBALS['AUTOLOADS']++;
    });
    $all = constructs();
    foreach ($names as $name) {
        [$make, $opts] = $all[$name];
        $setup = $all[$name][2] ?? null;
        $counts = [];
        foreach ($sizes as $size) {
            if ($setup) {
                $setup($size);
            }
            $blob = $make($size);
            $GLOBALS['AUTOLOADS'] = $GLOBALS['CALLBACKS'] = 0;
            $v = zser_unserialize($blob, $opts);
            if ($v === false) {
                fwrite(STDERR, "$name: the $size-byte blob does not decode\n");
                exit(2);
            }
            unset($v);
            ini_set('unserialize_callback_func', '');
            $counts[] = strlen($blob) . ' ' . $GLOBALS['AUTOLOADS'] . ' ' . $GLOBALS['CALLBACKS'];
        }
        echo "$name ", implode(' ', $counts), "\n";
    }
}

$sizes = array_map('intval', explode(',', getenv('ZSER_LINEAR_SIZES') ?: '10000,100000'));
if (($argv[1] ?? '') === '--child') {
    child(array_slice($argv, 2), $sizes);
    exit(0);
}

$names = array_slice($argv, 1) ?: array_keys(constructs());
foreach ($names as $name) {
    if (!isset(constructs()[$name])) {
        fwrite(STDERR, "unknown construct $name\n");
        exit(2);
    }
}
[$instr, $out, $err, $rc] = callgrind_calls(callgrind_php(__FILE__, array_merge(['--child'], $names)),
    'zif_zser_unserialize');
if ($rc !== 0 || $instr === null) {
    fwrite(STDERR, "child failed ($rc):\n$out\n$err\n");
    exit(1);
}

$lines = array_values(array_filter(explode("\n", trim($out))));
if (count($instr) !== count($lines) * count($sizes)) {
    fwrite(STDERR, 'expected ' . count($lines) * count($sizes) . ' profiles, found ' . count($instr) . "\n");
    exit(1);
}
$pass = $fail = 0;
foreach ($lines as $k => $line) {
    $f = explode(' ', $line);
    $name = array_shift($f);
    $per = [];
    $desc = [];
    foreach ($sizes as $j => $size) {
        [$bytes, $autoloads, $callbacks] = array_slice($f, 3 * $j, 3);
        $ins = $instr[$k * count($sizes) + $j];
        $per[] = $ins / $bytes;
        $desc[] = sprintf('%d B: %.1f instr/B, %d autoload, %d callback', $bytes, $ins / $bytes,
            $autoloads, $callbacks);
    }
    $ratio = $per[count($per) - 1] / $per[0];
    // userland callbacks run once per name, however many objects name it
    $calls = fn (int $j) => array_slice($f, 3 * $j + 1, 2);
    $ok = $ratio <= RATIO && $calls(0) === $calls(count($sizes) - 1);
    $ok ? $pass++ : $fail++;
    printf("%-4s %-20s ratio %5.2f  (%s)\n", $ok ? 'ok' : 'FAIL', $name, $ratio, implode('; ', $desc));
}
echo "$pass passed, $fail failed\n";
exit($fail ? 1 : 0);
