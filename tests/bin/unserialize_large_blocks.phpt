--TEST--
zser_unserialize: arrays and strings of megabytes (their pages mapped ahead of the writes) decode to the same values
--EXTENSIONS--
zser
--INI--
memory_limit=1G
--FILE--
<?php
// Each value below needs a block of 2 MiB or more, the size from which the decoder maps the
// block's pages before writing it: a packed array, a map, the copies of a map's template
// (third use of one key sequence on), the array handed to __unserialize(), a long string.
final class Bag
{
    public array $data = [];

    public function __serialize(): array
    {
        return $this->data;
    }

    public function __unserialize(array $data): void
    {
        $this->data = $data;
    }
}

function same(string $what, mixed $v): void
{
    $z = zser_serialize($v);
    $back = zser_unserialize($z);
    printf("%s: %s\n", $what, serialize($back) === serialize($v) ? 'same' : 'DIFFERENT');
}

same('list of 140,000 ints', range(0, 139999));
same('list of 140,000 floats', array_fill(0, 140000, 1.5));

$map = [];
for ($i = 0; $i < 70000; $i++) {
    $map["k$i"] = $i;
}
same('map of 70,000 string keys', $map);

$ints = [];
for ($i = 0; $i < 70000; $i++) {
    $ints[$i * 3] = "v$i";
}
same('map of 70,000 sparse int keys', $ints);

// four maps with one key sequence: the third and fourth are copies of its template
$rows = [];
for ($r = 0; $r < 4; $r++) {
    $row = [];
    for ($i = 0; $i < 70000; $i++) {
        $row["col$i"] = $r * $i;
    }
    $rows[] = $row;
}
same('4 maps of 70,000 equal keys', $rows);

$bag = new Bag();
$bag->data = range(1, 140000);
same('__unserialize() list of 140,000', $bag);
$bag->data = $map;
same('__unserialize() map of 70,000', $bag);

same('one 2.5 MB string', str_repeat('0123456789', 250000));
same('exactly 2 MiB string', str_repeat('x', 2 << 20));
same('2 MiB less one byte', str_repeat('y', (2 << 20) - 1));
$parts = [];
for ($i = 0; $i < 3; $i++) {
    $parts[] = str_repeat(chr(65 + $i), 2200000 + $i);
}
same('three 2.2 MB strings', $parts);

// a blob cut short after a large list was set up: false and a warning, nothing leaks
$z = zser_serialize(range(0, 199999));
var_dump(@zser_unserialize(substr($z, 0, intdiv(strlen($z), 2))));
echo error_get_last()['message'] !== '' ? "warned\n" : "silent\n";
?>
--EXPECT--
list of 140,000 ints: same
list of 140,000 floats: same
map of 70,000 string keys: same
map of 70,000 sparse int keys: same
4 maps of 70,000 equal keys: same
__unserialize() list of 140,000: same
__unserialize() map of 70,000: same
one 2.5 MB string: same
exactly 2 MiB string: same
2 MiB less one byte: same
three 2.2 MB strings: same
bool(false)
warned
