--TEST--
zser_unserialize() of a blob with the reference flag and a million values: the slot tables grow no further than one entry per byte of the input left, so the decode's memory at its peak beyond the value it returns stays within 28 bytes per value, where growth by doubling alone took up to twice the tables; the value equals unserialize()'s, and so do those of slot counts on either side of a doubling
--EXTENSIONS--
zser
--FILE--
<?php
// Measured in a child PHP with Zend MM, which it has also when this one runs without it
// (USE_ZEND_ALLOC=0, as under valgrind, where memory_get_usage() counts nothing).
$code = <<<'PHP'
$tags = [];
for ($i = 0; $i < 50; $i++) {
    $tags[] = ['t' . $i, $i];
}
// rows of four values each (the row, an id, null and a copy of a shared list): 2^18 rows take
// 2^20 slots and a few more, which a doubling from 2^20 turns into room for 2^21
$rows = [];
for ($i = 0; $i < (1 << 18); $i++) {
    $rows[] = ['id' => $i, 'n' => null, 'tags' => $tags[$i % 50]];
}
$blob = zser_serialize($rows);
$values = 1 + 4 * count($rows) + 50 * 3;
$m0 = memory_get_usage();
memory_reset_peak_usage();
$v = zser_unserialize($blob);
$result = memory_get_usage() - $m0;
$extra = memory_get_peak_usage() - $m0 - $result;
$ok = $v === unserialize(serialize($rows));
unset($v);
// either side of the first table sizes, and of a doubling of the slot table
foreach ([15, 16, 17, 4095, 4096, 4097, 65535, 65536, 65537] as $n) {
    $part = array_slice($rows, 0, $n);
    $ok = $ok && zser_unserialize(zser_serialize($part)) === $part;
}
echo json_encode([$ok, $extra, $values, strlen($blob)]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=1G', '-r', $code],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$ok, $extra, $values, $bytes] = $r;
echo 'values equal unserialize(): ', var_export($ok, true), "\n";
// the reader's 9 bytes per slot and the decoder's 8, room for each value and each byte of the
// input left at the last growth, and the old block of the table that grows last
echo 'memory beyond the value: ', $extra <= 28 * $values ? 'within 28 bytes per value'
    : sprintf('%.1f bytes per value (%d values, %d bytes of input)', $extra / $values, $values, $bytes), "\n";
?>
--EXPECT--
values equal unserialize(): true
memory beyond the value: within 28 bytes per value
