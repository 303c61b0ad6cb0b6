--TEST--
zser_unserialize() keeps the slot tables of a decode with the reference flag for the next one, at most 65,536 entries of them: memory after a decode stays within that bound, repeated decodes do not grow it, larger tables are not kept, and decodes after it (of other blobs, nested, failing) give the values unserialize() gives
--EXTENSIONS--
zser
--FILE--
<?php
// Measured in a child PHP with Zend MM, which it has also when this one runs without it
// (USE_ZEND_ALLOC=0, as under valgrind, where memory_get_usage() counts nothing).
$code = <<<'PHP'
class Box implements Serializable
{
    public $v;
    public function serialize() { return zser_serialize($this->v); }
    public function unserialize($s) { $this->v = zser_unserialize($s); }
    public function __serialize(): array { return [zser_serialize($this->v)]; }
    public function __unserialize(array $d): void { $this->v = zser_unserialize($d[0]); }
}
function rows(int $n): array
{
    $cfg = ['host' => 'db', 'port' => 5432, 'flags' => ['ssl', 'retry']];
    $rows = [];
    for ($i = 0; $i < $n; $i++) {
        $rows[] = ['id' => $i, 'cfg' => $cfg];
    }
    return $rows;
}
function same($blob, $v): bool
{
    return serialize(zser_unserialize($blob)) === serialize($v);
}
$fits = rows(15000);  // 45,001 slots: tables of 65,536 entries
$over = rows(30000);  // 90,001 slots: larger than kept
$a = [1, 2];
$shared = ['k' => 'v', 'n' => [3]];
$refs = ['x' => &$a, 'y' => &$a, 'z' => $shared, 'w' => $shared, 'b' => new Box()];
$refs['b']->v = ['p' => &$a, 'q' => $shared];
$blobFits = zser_serialize($fits);
$blobOver = zser_serialize($over);
$blobRefs = zser_serialize($refs);
$blobBad = substr($blobFits, 0, 70000);
// the request's shape and key caches, made by first decodes of the same shapes (their slot
// tables are kept too: 16 entries)
zser_unserialize(zser_serialize(rows(2)));
zser_unserialize($blobRefs);
$m0 = memory_get_usage();
$ok = same($blobFits, $fits);
$kept = memory_get_usage() - $m0;
for ($i = 0; $i < 5; $i++) {
    $ok = $ok && same($blobFits, $fits);
}
$again = memory_get_usage() - $m0;
$ok = $ok && same($blobRefs, $refs);
$beforeOver = memory_get_usage();
$ok = $ok && same($blobOver, $over);
$released = $beforeOver - memory_get_usage();
$ok = $ok && @zser_unserialize($blobBad) === false;
$ok = $ok && same($blobRefs, $refs) && same($blobFits, $fits) && same($blobRefs, $refs);
$ok = $ok && @zser_unserialize($blobBad) === false && same($blobFits, $fits);
$end = memory_get_usage() - $m0;
echo json_encode([$ok, $kept, $again, $released, $end]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=512M', '-r', $code],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$ok, $kept, $again, $released, $end] = $r;
// 65,536 entries of 1 + 4 + 4 bytes (the reader's) and of 8 (the decoder's), for each of the
// four blocks its header (in a debug build, a page more), and a page for the request's caches
$bound = 65536 * 17 + 5 * 4096;
echo 'values equal unserialize(): ', var_export($ok, true), "\n";
echo 'kept after one decode: ', $kept > 65536 * 8 && $kept <= $bound ? 'within the bound' : "$kept bytes", "\n";
echo 'five more decodes add nothing: ', var_export($again === $kept, true), "\n";
// the decode over the bound took the kept tables, grew them and let them go
echo 'tables over the bound are not kept: ', $released >= $kept - 4096 ? 'yes' : "$released of $kept bytes released", "\n";
echo 'after decodes of every kind: ', $end <= $bound ? 'within the bound' : "$end bytes", "\n";
?>
--EXPECT--
values equal unserialize(): true
kept after one decode: within the bound
five more decodes add nothing: true
tables over the bound are not kept: yes
after decodes of every kind: within the bound
