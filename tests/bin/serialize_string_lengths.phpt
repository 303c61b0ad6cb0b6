--TEST--
zser round trip of strings of every length up to 300 and around each length-field boundary, up to 4 MB
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
$lens = range(0, 300);
for ($bit = 7; $bit <= 22; $bit++) {
    $p = 1 << $bit;
    array_push($lens, $p - 1, $p, $p + 1);
}
$lens = array_unique($lens);
$bad = 0;
foreach ($lens as $n) {
    $s = substr(str_repeat("ab\0\xff", intdiv($n, 4) + 1), 0, $n);
    $z = zser_unserialize(zser_serialize($s));
    if ($z !== $s || $z !== unserialize(serialize($s))) {
        echo "length $n came back as ", get_debug_type($z), is_string($z) ? ' of length ' . strlen($z) : '', "\n";
        $bad++;
    }
}
echo "lengths: $bad bad\n";
// Long strings as keys and inside structures.
$k = str_repeat('k', 70000);
$v = [$k => str_repeat('v', 70000), 'x' => [$k]];
var_dump(zser_unserialize(zser_serialize($v)) === unserialize(serialize($v)));
?>
--EXPECT--
lengths: 0 bad
bool(true)
