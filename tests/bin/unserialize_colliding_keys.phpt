--TEST--
zser_unserialize: a map whose keys all land on one slot of the reader's duplicate-key set decodes, and a duplicate among them is still found
--EXTENSIONS--
zser
--FILE--
<?php
// The reader checks a map's keys for duplicates in a hash set whose hash is fixed. Integer
// keys whose hashes share their low 32 bits (the hash run backwards, as in
// core/tests/test_wire.c) all land on one slot; past a bound on probing, the reader sorts
// the keys instead. The values and the error must be those of any other map.
function mul64(int $a, int $b): int
{
    // (a * b) mod 2^64 in 16-bit limbs: no product leaves PHP's int
    $r = 0;
    $carry = 0;
    for ($k = 0; $k < 4; $k++) {
        $sum = $carry;
        for ($i = 0; $i <= $k; $i++) {
            $sum += (($a >> (16 * $i)) & 0xFFFF) * (($b >> (16 * ($k - $i))) & 0xFFFF);
        }
        $r |= ($sum & 0xFFFF) << (16 * $k);
        $carry = $sum >> 16;
    }
    return $r;
}

function colliding_key(int $j): int
{
    $unshift = fn(int $h): int => $h ^ (($h >> 32) & 0xFFFFFFFF);
    $h = $unshift(mul64($unshift(($j + 1) << 32), (0xCFEE444D << 32) | 0x8B59A89B));
    return $h ^ ((0x9E3779B9 << 32) | 0x7F4A7C15);
}

$n = 5000;
$map = [];
for ($j = 0; $j < $n; $j++) {
    $map[colliding_key($j)] = $j;
}
$blob = zser_serialize($map);
var_dump(zser_unserialize($blob) === $map);

// the same map with key 4000 written as key 1000: the encodings of two keys of the same length
// (their values tell them apart), swapped in the bytes
$enc = fn(int $k): string => substr(zser_serialize($k), 2); // without the 2-byte header
$a = $enc(colliding_key(1000));
$b = $enc(colliding_key(4000));
var_dump(strlen($a) === strlen($b), substr_count($blob, $b));
$dup = str_replace($b, $a, $blob);
var_dump(zser_unserialize($dup));
try {
    zser_unserialize($dup, ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
bool(true)
bool(true)
int(1)

Warning: zser_unserialize(): duplicate key at offset 2 of %d bytes in %s on line %d
bool(false)
ZserException: duplicate key at offset 2 of %d bytes
