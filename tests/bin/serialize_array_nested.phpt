--TEST--
zser round trip of deeply nested arrays and objects below the default depth limit
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
foreach ([10, 100, 1000, 4000] as $depth) {
    $a = 'leaf';
    for ($i = 0; $i < $depth; $i++) {
        $a = [$i => $a, 'k' => $i];
    }
    if ($depth <= 1000) {
        bin_same($a, "arrays $depth deep");
    } else {
        // var_dump text grows with the square of the depth: compare serialize() texts only.
        $z = zser_unserialize(zser_serialize($a));
        echo "arrays $depth deep: ", serialize($z) === serialize(unserialize(serialize($a))) ? 'ok' : 'differs', "\n";
    }
}
$o = null;
for ($i = 0; $i < 1000; $i++) {
    $n = new stdClass;
    $n->child = $o;
    $n->list = [$i];
    $o = $n;
}
bin_same($o, 'objects 1000 deep');
?>
--EXPECT--
arrays 10 deep: ok
arrays 100 deep: ok
arrays 1000 deep: ok
arrays 4000 deep: ok
objects 1000 deep: ok
