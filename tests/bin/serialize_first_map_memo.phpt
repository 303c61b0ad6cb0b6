--TEST--
zser_serialize: the keys of a value's first map, kept from an earlier call, give the same bytes as writing them again
--EXTENSIONS--
zser
--FILE--
<?php
// The encoder keeps the bytes it wrote for the first map of a call and reuses them when a
// later call's first map has the very same key strings. Every output here is compared with
// the output for a copy whose keys are new strings (which never match what is kept), and
// decoded again, across calls that hit, miss, replace and collide in what is kept.

function fresh(mixed $v): mixed
{
    if (!is_array($v)) {
        return $v;
    }
    $out = [];
    foreach ($v as $k => $x) {
        $out[is_string($k) ? substr('#' . $k, 1) : $k] = fresh($x);
    }
    return $out;
}

$checks = 0;
$failed = 0;
function same(string $what, mixed $v): void
{
    global $checks, $failed;
    $blob = zser_serialize($v);
    $ref = zser_serialize(fresh($v));
    $checks++;
    if ($blob !== $ref) {
        $failed++;
        echo "DIFFERENT BYTES: $what\n", bin2hex($blob), "\n", bin2hex($ref), "\n";
    }
    if (serialize(zser_unserialize($blob)) !== serialize($v)) {
        $failed++;
        echo "ROUND TRIP: $what\n";
    }
}

function battle(): array
{
    return ['battle_id' => 257, 'user_id' => 41248, 'user_id2' => 23989, 'player' => 41248,
        'formation' => ['41248' => 1, '23989' => 2], 'result' => 1, 'battle_type' => 1,
        'speed' => ['41248' => 0, '23989' => 0]];
}

// the same literal keys call after call
for ($i = 0; $i < 5; $i++) {
    same("battle $i", battle());
}

// keys reused by arrays built at run time, with other values and other nesting
$keys = array_keys(battle());
for ($i = 0; $i < 5; $i++) {
    $row = [];
    foreach ($keys as $j => $k) {
        $row[$k] = $i % 2 ? "v$j" : [$j, $k];
    }
    same("built $i", $row);
}

// a first map that is not the top level, after a list
same('list first', [[1, 2, 3], battle()]);
same('list first again', [[1, 2, 3], battle()]);

// integer keys, mixed keys, an empty key, a deleted first element (maps of fewer than four
// keys are written without the memo: these have four)
same('int keys', [5 => 'a', 7 => 'b', -3 => 'c', 9 => 'd']);
same('int keys again', [5 => 'a', 7 => 'b', -3 => 'c', 9 => 'd']);
same('mixed', ['a' => 1, 10 => 2, 'b' => 3, 11 => 4]);
same('mixed again', ['a' => 1, 10 => 2, 'b' => 3, 11 => 4]);
same('empty key', ['' => 1, 'a' => 2, 'b' => 3, 'c' => 4]);
same('empty key again', ['' => 1, 'a' => 2, 'b' => 3, 'c' => 4]);
$holes = battle();
unset($holes['battle_id']);
same('deleted first', $holes);
same('deleted first again', $holes);
$holes['battle_id'] = 1;
same('re-added at the end', $holes);

// the same count and the same first key string, other keys after it: other strings, the
// same strings in another order, an integer key in place of a string
same('battle', battle());
$other = [$keys[0] => 1] + array_combine(array_map(fn($k) => "$k!", array_slice($keys, 1)), range(1, 7));
same('other keys', $other);
same('battle after other keys', battle());
$swapped = [];
foreach ([0, 1, 2, 3, 4, 5, 7, 6] as $j) {
    $swapped[$keys[$j]] = $j;
}
same('swapped', $swapped);
same('battle after swapped', battle());
$intKey = [];
foreach ($keys as $j => $k) {
    $intKey[$j === 5 ? 5 : $k] = $j;
}
same('integer key', $intKey);
same('battle after integer key', battle());

// more keys and more bytes than are kept
$wide = [];
for ($i = 0; $i < 40; $i++) {
    $wide["key$i"] = $i;
}
same('40 keys', $wide);
same('40 keys again', $wide);
$long = ['k' . str_repeat('x', 300) => 1, 'l' . str_repeat('y', 300) => 2];
same('600 bytes of keys', $long);
same('600 bytes of keys again', $long);

// many shapes in turn, more than the memo has room for, each met several times
$shapes = [];
for ($s = 0; $s < 24; $s++) {
    $shape = [];
    for ($j = 0; $j <= $s % 8; $j++) {
        $shape["s{$s}k$j"] = $j;
    }
    $shapes[] = $shape;
}
mt_srand(3);
for ($i = 0; $i < 300; $i++) {
    $s = mt_rand(0, 23);
    same("shape $s (call $i)", $shapes[$s]);
}

// keys that are new strings on every call (decoded JSON), then literal ones of the same shape
for ($i = 0; $i < 4; $i++) {
    same("json $i", json_decode('{"a":1,"bb":[2,3],"ccc":{"a":4},"d":5}', true));
}
same('literal after json', ['a' => 1, 'bb' => [2, 3], 'ccc' => ['a' => 4], 'd' => 5]);

// a key whose array is gone: the kept key must not be mistaken for a new string at its address
for ($i = 0; $i < 50; $i++) {
    $t = [str_repeat('k', 1 + $i % 3) . $i => 1, 'x' => 2, 'y' => 3, 'z' => 4];
    same("temporary $i", $t);
    unset($t);
}

// the first map after userland code ran, with no string written before it: the string
// table then holds a reference to each of its strings, those from the memo too
final class SleepsBadly
{
    public function __sleep()
    {
        return null; // written as null, with a warning
    }
}
for ($i = 0; $i < 4; $i++) {
    $v = [new SleepsBadly(), battle(), $keys];
    $blob = @zser_serialize($v);
    $ref = @zser_serialize([new SleepsBadly(), fresh(battle()), $keys]);
    $checks++;
    if ($blob !== $ref || @serialize(zser_unserialize($blob)) !== @serialize([null, battle(), $keys])) {
        $failed++;
        echo "AFTER __sleep $i\n";
    }
}

// a call made from inside another
final class Wrap
{
    public function __construct(public array $data)
    {
    }

    public function __serialize(): array
    {
        return battle();
    }

    public function __unserialize(array $d): void
    {
        $this->data = $d;
    }
}
final class Inner
{
    public string $blob = '';

    public function __serialize(): array
    {
        return ['blob' => zser_serialize(battle()), 'again' => zser_serialize(battle())];
    }

    public function __unserialize(array $d): void
    {
        $this->blob = $d['blob'];
    }
}
for ($i = 0; $i < 3; $i++) {
    $w = zser_serialize(new Wrap([]));
    $checks++;
    if (serialize(zser_unserialize($w)) !== serialize(unserialize(serialize(new Wrap([]))))) {
        $failed++;
        echo "WRAP $i\n";
    }
    $n = zser_serialize([battle(), new Inner(), battle()]);
    $back = zser_unserialize($n);
    $checks++;
    if ($back[1]->blob !== zser_serialize(fresh(battle())) || $back[0] !== battle() || $back[2] !== battle()) {
        $failed++;
        echo "NESTED $i\n";
    }
}

echo "$checks checks, $failed failed\n";
?>
--EXPECT--
397 checks, 0 failed
