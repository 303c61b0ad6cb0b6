<?php
// zser — SPDX-License-Identifier: MIT
//
// Keys made to collide in a hash cost about what ordinary keys cost, counted in instructions
// (callgrind), not timed. Each case decodes three inputs: N ordinary keys, N colliding keys of
// the same length, and N/4 colliding keys. It fails when the N colliding keys cost more than
// FACTOR times the ordinary ones, or when their instructions per key grow by more than RATIO
// from N/4 to N: a walk past every earlier key of a slot makes both grow with N, the first far
// past FACTOR and the second towards 4 (docs/INTERNALS.md §5 has the figures).
//
//   php -n -d extension=zser.so tests/linear/colliding.php           every case
//   php -n -d extension=zser.so tests/linear/colliding.php NAME...   these
//   ZSER_COLLIDING_KEYS=16384 (default): N, a multiple of 4 up to 16,384
//   ZSER_CLI=build/cli/zser (default): the tool the from-json case runs
// The inputs are made here and written to files; a child under valgrind decodes each once.
// The decoded values themselves are checked by the phpt tests named in each case's comment.

require __DIR__ . '/callgrind.inc.php';

const FACTOR = 5.0;
const RATIO = 2.0;

// Classes the blobs name, declared in this script and in its child alike.
final class CollideSrc
{
    public array $d = [];
    public function __serialize(): array
    {
        return $this->d;
    }
}
#[AllowDynamicProperties]
final class CollideDst
{
}
// declares the first colliding name
#[AllowDynamicProperties]
final class CollDecl
{
    public $FYFYFYFYFYFYFYFYFYFYFYFYFYFY = 'default';
}
final class SymTargetX
{
    public array $data = [];
    public function __unserialize(array $data): void
    {
        $this->data = $data;
    }
}
#[AllowDynamicProperties]
final class SymSourceX
{
}

// Strings of 14 "Ez" or "FY" blocks all have one PHP string hash (DJBX33A).
function php_colliding(int $n): array
{
    $keys = [];
    for ($i = 0; $i < $n; $i++) {
        $s = '';
        for ($b = 0; $b < 14; $b++) {
            $s .= ($i >> $b) & 1 ? 'Ez' : 'FY';
        }
        $keys[] = $s;
    }
    return $keys;
}

function php_plain(int $n): array
{
    return array_map(fn ($i) => sprintf('p%027d', $i), range(0, $n - 1));
}

// PHP hashes an integer key to itself: multiples of 2^20 share a slot of any table under 2^20
// slots. The ordinary ones have about as many digits.
function int_colliding(int $n): array
{
    return array_map(fn ($i) => (string)(($i + 8192) << 20), range(0, $n - 1));
}

function int_plain(int $n): array
{
    return array_map(fn ($i) => (string)($i + 8589934592), range(0, $n - 1));
}

// Keys whose FNV-1a hashes agree in their low 16 bits, which depend only on the low bits of the
// bytes: each of 14 steps appends one of two three-letter blocks taking the low 16 bits of the
// state to the same value (two-letter blocks never do).
function fnv_colliding(int $n): array
{
    static $steps = null;
    $fnv16 = function (int $h, string $s): int {
        for ($i = 0; $i < strlen($s); $i++) {
            $h = (($h ^ ord($s[$i])) * 0x1B3) & 0xFFFF; // the FNV-1a prime, low 16 bits
        }
        return $h;
    };
    if ($steps === null) {
        $letters = array_merge(range('a', 'z'), range('A', 'Z'));
        $state = 0x2325; // the FNV-1a offset basis, low 16 bits
        $steps = [];
        for ($i = 0; $i < 14; $i++) {
            $seen = [];
            foreach ($letters as $x) {
                foreach ($letters as $y) {
                    foreach ($letters as $z) {
                        $t = $fnv16($state, $x . $y . $z);
                        if (isset($seen[$t])) {
                            $steps[] = [$seen[$t], $x . $y . $z];
                            $state = $t;
                            continue 4;
                        }
                        $seen[$t] = $x . $y . $z;
                    }
                }
            }
        }
    }
    $keys = [];
    for ($i = 0; $i < $n; $i++) {
        $k = '';
        foreach ($steps as $b => $pair) {
            $k .= $pair[($i >> $b) & 1];
        }
        $keys[] = $k;
    }
    if (count(array_unique(array_map(fn ($k) => $fnv16(0x2325, $k), $keys))) !== 1) {
        fwrite(STDERR, "the from-json keys do not agree in the low 16 bits of FNV-1a\n");
        exit(2);
    }
    return $keys;
}

function fnv_plain(int $n): array
{
    return array_map(fn ($i) => sprintf('p%041d', $i), range(0, $n - 1));
}

// A JSON object of every key with its number, then the first 1/64 of the keys again with new
// values (a repeat keeps its first place and takes the last value).
function json_text(array $keys): string
{
    $parts = [];
    foreach ($keys as $i => $k) {
        $parts[] = '"' . $k . '":' . $i;
    }
    foreach (array_slice($keys, 0, intdiv(count($keys), 64)) as $i => $k) {
        $parts[] = '"' . $k . '":' . ($i + 100000);
    }
    return '{' . implode(',', $parts) . '}';
}

// Blobs are made from ordinary names and those swapped for the colliding ones of the same
// length (no table of colliding keys is built here).
function swapped(string $blob, array $plain, array $colliding): string
{
    return strtr($blob, array_combine($plain, $colliding));
}

function stdclass_blob(array $names): string
{
    $o = new stdClass();
    foreach ($names as $i => $name) {
        $o->$name = $i;
    }
    return zser_serialize($o);
}

// Each case: [what decodes it, a function of (keys, plain keys of the same count) giving the
// input, the kind of keys, options]. "json" is jsond_decode() (options: assoc), "bin"
// zser_unserialize() (options: its options), "cli" `zser from-json`.
function cases(): array
{
    $c = [];
    // tests/json/decode_colliding_keys.phpt
    foreach (['php' => 'strings', 'int' => 'integers'] as $kind => $label) {
        foreach ([true, false] as $assoc) {
            $c["json_{$label}_" . ($assoc ? 'array' : 'object')] =
                ['json', fn (array $k) => json_text($k), $kind, $assoc];
        }
    }
    // tests/bin/unserialize_colliding_properties.phpt: names of a stdClass, protected ones,
    // into __PHP_Incomplete_Class, __serialize() data read as properties, and names one of
    // which the class declares (given last, its entry ends the slot's chain)
    $c['bin_props_plain'] = ['bin', fn (array $k, array $p) => swapped(stdclass_blob($p), $p, $k),
        'php', []];
    $c['bin_props_protected'] = ['bin', function (array $k, array $p) {
        $prot = fn (array $names) => array_map(fn ($s) => "\0*\0" . $s, $names);
        $src = 'O:8:"stdClass":' . count($p) . ':{';
        foreach ($prot($p) as $i => $name) {
            $src .= serialize($name) . serialize($i);
        }
        return swapped(zser_serialize(unserialize($src . '}')), $prot($p), $prot($k));
    }, 'php', []];
    $c['bin_props_incomplete'] = ['bin', fn (array $k, array $p) =>
        swapped(stdclass_blob($p), $p, $k), 'php', ['allowed_classes' => false]];
    $c['bin_props_data'] = ['bin', function (array $k, array $p) {
        $src = new CollideSrc();
        $src->d = array_flip($p);
        return swapped(str_replace('CollideSrc', 'CollideDst', zser_serialize($src)), $p, $k);
    }, 'php', []];
    $c['bin_props_declared'] = ['bin', function (array $k, array $p) {
        $o = new stdClass();
        foreach ([...array_slice($p, 1), $p[0]] as $name) {
            $o->$name = 1;
        }
        return swapped(str_replace('stdClass', 'CollDecl', zser_serialize($o)), $p, $k);
    }, 'php', []];
    // tests/bin/unserialize_colliding_unserialize_keys.phpt: numeric property names become
    // integer keys of the __unserialize() array
    $c['bin_unserialize_keys'] = ['bin', function (array $k) {
        $o = new SymSourceX();
        foreach ($k as $i => $name) {
            $o->{$name} = $i;
        }
        return str_replace('SymSourceX', 'SymTargetX', zser_serialize($o));
    }, 'int', []];
    // zser from-json, its key, string and shape tables placed by FNV-1a
    $c['cli_from_json'] = ['cli', fn (array $k) => json_text($k), 'fnv', null];
    return $c;
}

function keys_of(string $kind, int $n, bool $colliding): array
{
    return ($kind . '_' . ($colliding ? 'colliding' : 'plain'))($n);
}

// The child: decodes each input file once, in the order given as "json|bin FILE OPTIONS".
function child(string $list): void
{
    foreach (file($list, FILE_IGNORE_NEW_LINES) as $line) {
        [$how, $file, $opts] = explode(' ', $line, 3);
        $in = file_get_contents($file);
        $opts = unserialize(base64_decode($opts));
        $v = $how === 'json' ? jsond_decode($in, $opts) : zser_unserialize($in, $opts);
        if ($v === null || $v === false) {
            fwrite(STDERR, "$file does not decode\n");
            exit(2);
        }
        unset($v);
    }
}

if (($argv[1] ?? '') === '--child') {
    child($argv[2]);
    exit(0);
}

$n = (int)(getenv('ZSER_COLLIDING_KEYS') ?: 16384);
if ($n < 64 || $n > 16384 || $n % 4) {
    fwrite(STDERR, "ZSER_COLLIDING_KEYS must be a multiple of 4 from 64 to 16384\n");
    exit(2);
}
$all = cases();
$names = array_slice($argv, 1) ?: array_keys($all);
foreach ($names as $name) {
    if (!isset($all[$name])) {
        fwrite(STDERR, "unknown case $name\n");
        exit(2);
    }
}
$cli = getenv('ZSER_CLI') ?: dirname(__DIR__, 2) . '/build/cli/zser';

// per case: the three inputs (ordinary N, colliding N, colliding N/4) and their key counts
$dir = sys_get_temp_dir() . '/zser-colliding-' . getmypid();
@mkdir($dir);
$inputs = [];
$list = [];
$sizes = [['ordinary', $n, false], ['colliding', $n, true], ['colliding', $n / 4, true]];
foreach ($names as $name) {
    [$how, $make, $kind, $opts] = $all[$name];
    foreach ($sizes as $j => [, $count, $colliding]) {
        $file = "$dir/$name.$j";
        $keys = keys_of($kind, $count, $colliding);
        file_put_contents($file, $make($keys, keys_of($kind, $count, false)));
        $inputs[$name][$j] = $file;
        if ($how !== 'cli') {
            $list[] = "$how $file " . base64_encode(serialize($opts));
        }
    }
}

// one child per decoding function, each decoding its inputs once in list order
$instr = [];
foreach (['json' => 'zif_jsond_decode', 'bin' => 'zif_zser_unserialize'] as $how => $fn) {
    $mine = array_values(array_filter($list, fn ($l) => str_starts_with($l, "$how ")));
    if (!$mine) {
        continue;
    }
    file_put_contents("$dir/list", implode("\n", $mine) . "\n");
    $cmd = callgrind_php(__FILE__, ['--child', "$dir/list"]);
    [$counts, $out, $err, $rc] = callgrind_calls($cmd, $fn);
    if ($rc !== 0 || $counts === null || count($counts) !== count($mine)) {
        fwrite(STDERR, "child failed ($rc), " . count($counts ?? []) . ' of ' . count($mine)
            . " profiles:\n$out\n$err\n");
        exit(1);
    }
    foreach ($mine as $i => $line) {
        $instr[explode(' ', $line)[1]] = $counts[$i];
    }
}

$pass = $fail = 0;
foreach ($names as $name) {
    $ok = true;
    if ($all[$name][0] === 'cli') {
        foreach ($inputs[$name] as $j => $file) {
            [$counts, $out, $err, $rc] = callgrind_calls([$cli, 'from-json'], 'cli_from_json',
                file_get_contents($file));
            // the conversion is right: the map json_decode() makes, as zser_serialize() writes it
            $want = zser_serialize(json_decode(file_get_contents($file), true));
            if ($rc !== 0 || $counts === null || count($counts) !== 1 || $out !== $want) {
                echo "FAIL $name: input $j: exit $rc, ", $out === $want ? 'same' : 'other',
                    " blob\n$err\n";
                $ok = false;
                $counts = [0];
            }
            $instr[$file] = $counts[0];
        }
    }
    [$o, $c, $q] = array_map(fn ($f) => $instr[$f], $inputs[$name]);
    $factor = $c / max(1, $o);
    $ratio = ($c / $n) / max(1, $q / ($n / 4));
    // a count of nothing measured nothing: the function was not found
    $ok = $ok && min($o, $c, $q) > 0 && $factor <= FACTOR && $ratio <= RATIO;
    $ok ? $pass++ : $fail++;
    printf("%-4s %-22s colliding/ordinary %5.2f, per key %d vs %d keys %5.2f"
        . "  (%.0f, %.0f, %.0f instr/key)\n", $ok ? 'ok' : 'FAIL', $name, $factor, $n, $n / 4, $ratio, $o / $n, $c / $n, $q / ($n / 4));
}
array_map('unlink', glob("$dir/*"));
@rmdir($dir);
echo "$pass passed, $fail failed\n";
exit($fail ? 1 : 0);
