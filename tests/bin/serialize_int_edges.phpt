--TEST--
zser round trip of integers at every width boundary, PHP_INT_MIN and PHP_INT_MAX
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$ints = [0, 1, -1, PHP_INT_MAX, PHP_INT_MIN, PHP_INT_MAX - 1, PHP_INT_MIN + 1];
// Around each power of two (one-byte forms, varint groups, 32-bit limits, ...), both signs.
for ($bit = 0; $bit < 63; $bit++) {
    $p = 1 << $bit;
    foreach ([$p - 1, $p, $p + 1] as $x) {
        $ints[] = $x;
        $ints[] = -$x;
    }
}
for ($i = -300; $i <= 300; $i++) {
    $ints[] = $i;
}
$ints = array_values(array_unique($ints));
$bad = 0;
foreach ($ints as $i) {
    $r = zser_unserialize(zser_serialize($i));
    if ($r !== unserialize(serialize($i)) || $r !== $i) {
        echo "int $i came back as ", var_export($r, true), "\n";
        $bad++;
    }
}
echo count($ints) > 900 ? "many ints: $bad bad\n" : "too few ints\n";
// And all of them at once, as values and as keys.
bin_same($ints, 'as values');
bin_same(array_flip($ints), 'as keys');
bin_same(['min' => PHP_INT_MIN, 'max' => PHP_INT_MAX], 'named');
// Ints stay ints and floats stay floats, even when equal.
$r = zser_unserialize(zser_serialize([1, 1.0, -0, 0.0, PHP_INT_MAX, (float)PHP_INT_MAX]));
var_dump(array_map('get_debug_type', $r));
?>
--EXPECT--
many ints: 0 bad
as values: ok
as keys: ok
named: ok
array(6) {
  [0]=>
  string(3) "int"
  [1]=>
  string(5) "float"
  [2]=>
  string(3) "int"
  [3]=>
  string(5) "float"
  [4]=>
  string(3) "int"
  [5]=>
  string(5) "float"
}
