--TEST--
zser.huge_pages=1 (the default): a decode's blocks of megabytes ask for huge pages where the system maps them on request, so the 16 MB list of a million ints read back sits in them; the value is unserialize()'s
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
$list = range(1, 1000000);
$blob = zser_serialize($list);
$before = huge_kb();
$v = zser_unserialize($blob);
echo json_encode([$v === $list, ini_get('zser.huge_pages'), $before, huge_kb()]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=512M', '-d',
    'zser.huge_pages=1', '-r', $code], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$same, $ini, $before, $after] = $r;
echo 'values equal: ', var_export($same, true), "\n";
echo 'zser.huge_pages: ', $ini, "\n";
// the list's 16 MB hold seven whole 2 MiB pages at least, wherever the block starts
echo 'in huge pages: ', $before < 0 ? 'unknown' : ($after - $before >= 7 * 2048 ? 'yes'
    : ($after === $before ? 'no' : ($after - $before) . ' kB')), "\n";
?>
--EXPECT--
values equal: true
zser.huge_pages: 1
in huge pages: yes
