--TEST--
fuzz_bin_roundtrip: an array written as [null] inside the array its element refers back to (serialize()'s recursion guard) is written in full when met again, not shared
--EXTENSIONS--
zser
--FILE--
<?php
// V = [1, &V[0], [&V]]: inside V, V[20] = [&V] is written [N;], the recursion guard's null;
// met again as w[2] once V is complete, it is written with V in it, as serialize() writes it
$v = unserialize('a:3:{i:0;i:1;i:21;R:2;i:20;a:1:{i:0;R:1;}}');
$w = [$v, $v, $v[20]];
echo serialize(zser_unserialize(zser_serialize($w))) === serialize(unserialize(serialize($w)))
    ? "same as unserialize()\n" : "DIFFERENT\n";
?>
--EXPECT--
same as unserialize()
