--TEST--
zser shared arrays against igbinary, which also writes a copied array once: zser is never larger, and the value it reads back never takes more memory (memory_get_usage(), after a first decode of each has filled the per-request caches)
--EXTENSIONS--
zser
igbinary
--FILE--
<?php
$row = ['host' => 'db.example', 'port' => 5432, 'opts' => ['ssl' => true, 'timeout' => 30]];
$list = [1, 2, 3, 'four', 5.5];
$nested = ['row' => $row, 'list' => $list, 'again' => $row];
$cases = [
    '10,000 copies of a row' => array_fill(0, 10000, $row),
    '10,000 copies of a list' => array_fill(0, 10000, $list),
    '1,000 rows sharing two arrays' => array_map(fn ($i) => ['id' => $i, 'cfg' => $row, 'tags' => $list],
        range(1, 1000)),
    'copies holding copies' => array_fill(0, 1000, $nested),
    'copies under a map' => array_combine(array_map(fn ($i) => "k$i", range(1, 1000)),
        array_fill(0, 1000, $row)),
];
foreach ($cases as $label => $v) {
    $z = zser_serialize($v);
    $i = igbinary_serialize($v);
    zser_unserialize($z);
    igbinary_unserialize($i);
    $m0 = memory_get_usage();
    $zv = zser_unserialize($z);
    $mz = memory_get_usage() - $m0;
    $m0 = memory_get_usage();
    $iv = igbinary_unserialize($i);
    $mi = memory_get_usage() - $m0;
    printf("%s: equal %s, bytes %s, memory %s\n", $label, var_export($zv === $iv && $zv === $v, true),
        strlen($z) <= strlen($i) ? 'not larger' : sprintf('LARGER (%d > %d)', strlen($z), strlen($i)),
        $mz <= $mi ? 'not more' : sprintf('MORE (%d > %d)', $mz, $mi));
    unset($zv, $iv);
}
?>
--EXPECT--
10,000 copies of a row: equal true, bytes not larger, memory not more
10,000 copies of a list: equal true, bytes not larger, memory not more
1,000 rows sharing two arrays: equal true, bytes not larger, memory not more
copies holding copies: equal true, bytes not larger, memory not more
copies under a map: equal true, bytes not larger, memory not more
