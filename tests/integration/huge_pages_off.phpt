--TEST--
zser.huge_pages=0: the blocks of megabytes zser fills are mapped in small pages, so the list of two million ints zser_unserialize() reads back, the blob zser_serialize() writes and the text jsond_encode() writes take no huge page; each equals what unserialize() and json_encode() give
--EXTENSIONS--
zser
--SKIPIF--
<?php
$thp = @file_get_contents('/sys/kernel/mm/transparent_hugepage/enabled');
if (PHP_OS_FAMILY !== 'Linux' || !is_readable('/proc/self/smaps_rollup') || $thp === false
    || str_contains($thp, '[never]')) {
    die('skip needs Linux with transparent huge pages on request (always or madvise)');
}
?>
--FILE--
<?php
// In a child PHP, so that nothing of this one (a run under valgrind) shares its mappings.
$code = <<<'PHP'
function huge_kb(): int
{
    $s = (string)file_get_contents('/proc/self/smaps_rollup');
    return preg_match('/^AnonHugePages:\s+(\d+) kB/m', $s, $m) ? (int)$m[1] : -1;
}
$list = range(1, 2000000);
$same = true;
$grew = [];
$before = huge_kb();
$blob = zser_serialize($list);
$grew[] = huge_kb() - $before;
$before = huge_kb();
$v = zser_unserialize($blob);
$grew[] = huge_kb() - $before;
$same = $same && $v === $list;
unset($v);
$before = huge_kb();
$text = jsond_encode($list);
$grew[] = huge_kb() - $before;
$same = $same && $text === json_encode($list);
echo json_encode([$same, ini_get('zser.huge_pages'), strlen($blob), strlen($text), $grew]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=1G', '-d',
    'zser.huge_pages=0', '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$same, $ini, $blobBytes, $textBytes, $grew] = $r;
echo 'values equal: ', var_export($same, true), "\n";
echo 'zser.huge_pages: ', $ini, "\n";
// a block of n MB holds floor(n / 2) - 1 whole 2 MiB pages at least, wherever it starts
foreach (['the blob' => $blobBytes, 'the list read back' => 16 * 2000000, 'the JSON text' => $textBytes] as $what => $bytes) {
    $kb = array_shift($grew);
    $whole = intdiv($bytes, 2 << 20) - 1;
    echo "$what in huge pages: ", $kb >= $whole * 2048 && $whole > 0 ? 'yes' : ($kb === 0 ? 'no' : "$kb kB"), "\n";
}
?>
--EXPECT--
values equal: true
zser.huge_pages: 0
the blob in huge pages: no
the list read back in huge pages: no
the JSON text in huge pages: no
