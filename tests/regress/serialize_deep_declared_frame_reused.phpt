--TEST--
zser_serialize() of a graph of typed objects linked deeper than the recursion depth, written again and again: the frames of declared properties past 128 levels start clean (they once kept an array frame's slot and crashed)
--EXTENSIONS--
zser
--FILE--
<?php
final class Node {
    public ?Node $parent = null;
    public array $links = [];
    public int $weight = 0;
    public function __construct(public int $id, public string $label) {}
}
mt_srand(400);
$nodes = [];
for ($i = 0; $i < 400; $i++) {
    $nodes[] = new Node($i, 'node-' . $i);
}
foreach ($nodes as $i => $n) {
    if ($i > 0) {
        $n->parent = $nodes[mt_rand(0, $i - 1)];
        $n->parent->links[] = $n;
    }
    for ($k = mt_rand(0, 2); $k > 0; $k--) {
        $n->links[] = $nodes[mt_rand(0, 399)];
    }
}
$g = ['nodes' => $nodes];
$first = zser_serialize($g);
$same = 0;
for ($i = 0; $i < 5; $i++) {
    $same += zser_serialize($g) === $first;
}
echo "$same of 5 the same\n";
var_dump(serialize(zser_unserialize($first)) === serialize(unserialize(serialize($g))));
?>
--EXPECT--
5 of 5 the same
bool(true)
