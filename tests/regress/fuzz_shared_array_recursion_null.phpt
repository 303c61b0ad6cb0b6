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
function thrown(callable $f): string
{
    try {
        $f();
        return 'nothing';
    } catch (Throwable $e) {
        return get_class($e) . ': ' . $e->getMessage();
    }
}
if (PHP_VERSION_ID >= 80400) {
    // 8.4's serialize() no longer cuts an array met below itself: this graph has no end there,
    // and serialize() stops at its stack limit where zser_serialize() stops at its depth bound
    $php = thrown(fn () => serialize($w));
    $zser = thrown(fn () => zser_serialize($w));
    echo str_starts_with($php, 'Error: Maximum call stack size')
        && $zser === 'ZserException: Maximum nesting depth of 200000 exceeded'
        ? "same as unserialize()\n" : "DIFFERENT ($php / $zser)\n";
} else {
    echo serialize(zser_unserialize(zser_serialize($w))) === serialize(unserialize(serialize($w)))
        ? "same as unserialize()\n" : "DIFFERENT\n";
}
?>
--EXPECT--
same as unserialize()
