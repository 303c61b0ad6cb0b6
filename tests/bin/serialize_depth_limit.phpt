--TEST--
zser_serialize() refuses exactly the nestings that unserialize() would refuse at the default depth limit
--EXTENSIONS--
zser
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
// Around the default depth limit zser writes exactly what unserialize() (default
// unserialize_max_depth) would read back, and reads it back to the same value.
foreach ([4094, 4095, 4096, 4097] as $d) {
    $a = deep_array($d);
    $ref = @unserialize(serialize($a));
    try {
        $back = zser_unserialize(zser_serialize($a));
        $same = $ref !== false && serialize($back) === serialize($ref);
        release_array($back);
    } catch (ZserException $e) {
        $same = $ref === false;
    }
    echo "array $d deep: same verdict as unserialize(serialize()): ", var_export($same, true), "\n";
    release_array($ref);
    release_array($a);
}
// Deeper through objects and __serialize data.
class Wrap
{
    public $c;
    public function __serialize(): array { return [$this->c]; }
    public function __unserialize(array $d): void { $this->c = $d[0]; }
}
foreach ([4094, 4095, 4096, 4097] as $d) {
    $o = 1;
    for ($i = 0; $i < $d; $i++) {
        $w = $i % 2 ? new Chain : new Wrap;
        $w->c = $o;
        $o = $w;
    }
    $ref = @unserialize(serialize($o));
    try {
        $back = zser_unserialize(zser_serialize($o));
        $same = $ref !== false && serialize($back) === serialize($ref);
    } catch (ZserException $e) {
        $same = $ref === false;
    }
    echo "objects $d deep: same verdict as unserialize(serialize()): ", var_export($same, true), "\n";
}
?>
--EXPECT--
array 4094 deep: same verdict as unserialize(serialize()): true
array 4095 deep: same verdict as unserialize(serialize()): true
array 4096 deep: same verdict as unserialize(serialize()): true
array 4097 deep: same verdict as unserialize(serialize()): true
objects 4094 deep: same verdict as unserialize(serialize()): true
objects 4095 deep: same verdict as unserialize(serialize()): true
objects 4096 deep: same verdict as unserialize(serialize()): true
objects 4097 deep: same verdict as unserialize(serialize()): true
