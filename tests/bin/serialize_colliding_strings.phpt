--TEST--
zser_serialize: strings, keys and shapes made to collide in PHP's string hash are written in linear time, and read back the same
--EXTENSIONS--
zser
--FILE--
<?php
// Strings of "Ez" and "FY" blocks all have one PHP hash. The writer finds earlier strings and
// shapes through indexes placed by that hash; a probe gives up after passing 64 entries, so
// the 65th colliding string on is written again in full instead of by reference (FORMAT.md
// §5, §7), and no lookup walks all the strings before it.
function colliding(int $n): array
{
    $k = (int)ceil(log($n, 2));
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        $s = '';
        for ($b = 0; $b < $k; $b++) {
            $s .= ($i >> $b) & 1 ? 'Ez' : 'FY';
        }
        $out[] = $s;
    }
    return $out;
}

$f = colliding(8192);
var_dump(count(array_unique($f)));

$o = new stdClass();
foreach ($f as $s) {
    $o->$s = 1;
}
$values = [
    'each string twice' => array_merge($f, $f),
    'one-key maps, each key twice' => array_merge(array_map(fn($s) => [$s => 1], $f),
        array_map(fn($s) => [$s => 2], $f)),
    'one object, twice' => [$o, $o],
    'rows' => array_map(fn($s) => ['id' => $s, 'n' => 1], $f),
];
foreach ($values as $what => $v) {
    $z = zser_serialize($v);
    printf("%s: read back %s, same bytes again %s\n", $what,
        serialize(zser_unserialize($z)) === serialize($v) ? 'the same' : 'DIFFERENT',
        zser_serialize($v) === $z ? 'yes' : 'no');
}

// the first 64 colliding strings are found again, later ones are written twice
$z = zser_serialize(array_merge($f, $f));
foreach ([0, 63, 64, 8191] as $i) {
    printf("string %d written %d time(s)\n", $i, substr_count($z, $f[$i]));
}
// ordinary strings are all found again: each written once
$plain = array_map(fn($i) => sprintf('value %05d', $i), range(0, 8191));
$z = zser_serialize(array_merge($plain, $plain));
$once = 0;
foreach ($plain as $s) {
    $once += substr_count($z, $s) === 1 ? 1 : 0;
}
var_dump($once);
?>
--EXPECT--
int(8192)
each string twice: read back the same, same bytes again yes
one-key maps, each key twice: read back the same, same bytes again yes
one object, twice: read back the same, same bytes again yes
rows: read back the same, same bytes again yes
string 0 written 1 time(s)
string 63 written 1 time(s)
string 64 written 2 time(s)
string 8191 written 2 time(s)
int(8192)
