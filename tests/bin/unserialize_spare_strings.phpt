--TEST--
zser_unserialize() keeps the string table of a decode for the next one in the request, at most 65,536 entries of it: memory after a decode stays within that bound, repeated decodes do not grow it, a larger table is not kept, and decodes after it (of other blobs, nested, failing) give the values unserialize() gives
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
function words(int $n, string $tag): array
{
    $out = [];
    for ($i = 0; $i < $n; $i++) {
        $out[] = "$tag-$i";
    }
    return $out;
}
function same($blob, $v): bool
{
    return serialize(zser_unserialize($blob)) === serialize($v);
}
$fits = words(40000, 'w');   // 40,000 strings: a table of 65,536 entries
$over = words(70000, 'o');   // a table of 131,072: larger than kept
$nested = ['a' => new Box(), 'b' => words(20, 'n')];
$nested['a']->v = words(3000, 'x');
$blobFits = zser_serialize($fits);
$blobOver = zser_serialize($over);
$blobNested = zser_serialize($nested);
$blobBad = substr($blobFits, 0, 200000);
// the request's shape and key caches, made by a first decode
zser_unserialize(zser_serialize(['k' => 'v']));
$m0 = memory_get_usage();
$ok = same($blobFits, $fits);
$kept = memory_get_usage() - $m0;
for ($i = 0; $i < 5; $i++) {
    $ok = $ok && same($blobFits, $fits);
}
$again = memory_get_usage() - $m0;
$ok = $ok && same($blobNested, $nested);
$beforeOver = memory_get_usage();
$ok = $ok && same($blobOver, $over);
$released = $beforeOver - memory_get_usage();
$ok = $ok && @zser_unserialize($blobBad) === false;
$ok = $ok && same($blobNested, $nested) && same($blobFits, $fits) && same($blobNested, $nested);
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
// 65,536 entries of 24 bytes (offset, length and the decoder's string), the block's header
// (in a debug build, a page more), and a page for the request's caches
$bound = 65536 * 24 + 3 * 4096;
echo 'values equal unserialize(): ', var_export($ok, true), "\n";
echo 'kept after one decode: ', $kept > 32768 * 24 && $kept <= $bound ? 'within the bound' : "$kept bytes", "\n";
echo 'five more decodes add nothing: ', var_export($again === $kept, true), "\n";
// the decode over the bound took the kept table, grew it and let it go
echo 'a table over the bound is not kept: ', $released >= $kept - 4096 ? 'yes' : "$released of $kept bytes released", "\n";
echo 'after decodes of every kind: ', $end <= $bound ? 'within the bound' : "$end bytes", "\n";
?>
--EXPECT--
values equal unserialize(): true
kept after one decode: within the bound
five more decodes add nothing: true
a table over the bound is not kept: yes
after decodes of every kind: within the bound
