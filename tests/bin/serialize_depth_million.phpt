--TEST--
zser_serialize() of a 1,000,000-deep nested array or object chain throws ZserException, it does not crash
--EXTENSIONS--
zser
--INI--
memory_limit=1G
--FILE--
<?php
// Built and released without recursion: PHP's own destructor recurses on nested arrays. The
// cycle collector is off while building: it would walk the growing chain again and again.
gc_disable();
class Chain
{
    public $c;
}
function deep_array(int $n): array
{
    $a = [];
    for ($i = 0; $i < $n; $i++) {
        $a = [$a];
    }
    return $a;
}
function release_array(mixed &$a): void
{
    while (is_array($a) && $a) {
        $a = $a[0];
    }
}
function try_serialize(string $label, mixed $v): void
{
    try {
        $s = zser_serialize($v);
        echo "$label: serialized, ", strlen($s) > 0 ? 'non-empty' : 'empty', "\n";
    } catch (Throwable $e) {
        echo "$label: ", get_class($e), ', mentions depth: ', var_export(stripos($e->getMessage(), 'depth') !== false, true), "\n";
    }
}
$a = deep_array(1000000);
try_serialize('array 1000000 deep', $a);
try_serialize('inside an array', ['x' => 1, 'deep' => $a]);
release_array($a);
// An object chain.
$o = null;
for ($i = 0; $i < 1000000; $i++) {
    $n = new Chain;
    $n->c = $o;
    $o = $n;
}
try_serialize('object chain 1000000 deep', $o);
while ($o !== null) {
    $n = $o->c;
    $o->c = null;
    $o = $n;
}
// The next call works.
var_dump(zser_unserialize(zser_serialize([[1]])) === [[1]]);
?>
--EXPECT--
array 1000000 deep: ZserException, mentions depth: true
inside an array: ZserException, mentions depth: true
object chain 1000000 deep: ZserException, mentions depth: true
bool(true)
