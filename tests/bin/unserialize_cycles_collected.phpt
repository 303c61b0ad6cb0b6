--TEST--
zser_unserialize() of values with cycles: once dropped, the cycle collector frees as many as after unserialize(), and nothing stays
--EXTENSIONS--
zser
--FILE--
<?php
// The decoded value is not offered to the collector when it is returned: dropping the last
// outside reference to a cycle offers it, as for any value.
class Node
{
    public $next;
    public $data;
}

$a = new Node;
$b = new Node;
$a->next = $b;
$b->next = $a;
$a->data = range(1, 50);
$list = [1, 2];
$list[2] = &$list;
$blobs = [
    'two objects pointing at each other' => [serialize($a), zser_serialize($a)],
    'an array holding a reference to itself' => [serialize($list), zser_serialize($list)],
];
unset($a, $b, $list);
gc_collect_cycles();

/** Decodes $blob $n times, dropping each value; returns what gc_collect_cycles() then freed. */
function drop_decoded(string $fn, string $blob, int $n): int
{
    for ($i = 0; $i < $n; $i++) {
        $v = $fn($blob);
        $v = null;
    }
    return gc_collect_cycles();
}

foreach ($blobs as $label => [$phpBlob, $zserBlob]) {
    $php = drop_decoded('unserialize', $phpBlob, 300);
    $zser = drop_decoded('zser_unserialize', $zserBlob, 300);
    // a second round of the same: whatever the first one made the request keep (caches, the
    // object store's room) is there already, so nothing may be left over
    $before = memory_get_usage();
    $again = drop_decoded('zser_unserialize', $zserBlob, 300);
    printf("%s: %s, %s\n", $label,
        $php > 0 && $zser === $php && $again === $php ? 'zser frees as many as unserialize()'
            : "unserialize() frees $php, zser $zser, then $again",
        memory_get_usage() === $before ? 'nothing left' : 'left ' . (memory_get_usage() - $before) . ' bytes');
}
?>
--EXPECT--
two objects pointing at each other: zser frees as many as unserialize(), nothing left
an array holding a reference to itself: zser frees as many as unserialize(), nothing left
