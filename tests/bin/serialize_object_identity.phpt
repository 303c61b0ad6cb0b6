--TEST--
zser keeps object identity: an object reached twice is one object after the round trip, cycles stay cycles
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$a = new stdClass;
$b = new stdClass;
$b2 = new stdClass;
$a->name = 'a';
$b->name = 'b';
$b2->name = 'b';
$graph = ['first' => $a, 'list' => [$a, $b, $b2], 'deep' => [[[$a]]]];
$b->a = $a;
bin_same($graph, 'shared objects');

$z = zser_unserialize(zser_serialize($graph));
var_dump($z['first'] === $z['list'][0], $z['first'] === $z['deep'][0][0][0], $z['list'][1]->a === $z['first']);
var_dump($z['list'][1] === $z['list'][2]);
// The spl_object_id relations are those of the source graph.
$ids = fn ($g) => array_map(fn ($o) => spl_object_id($o), [$g['first'], $g['list'][0], $g['list'][1], $g['list'][2], $g['deep'][0][0][0]]);
$pattern = function (array $ids) {
    $seen = [];
    return implode(',', array_map(function ($i) use (&$seen) { return $seen[$i] ??= count($seen); }, $ids));
};
echo 'source: ', $pattern($ids($graph)), "\nzser:   ", $pattern($ids($z)), "\n";

// Cycles between objects.
$x = new stdClass;
$y = new stdClass;
$x->y = $y;
$y->x = $x;
$x->self = $x;
bin_same($x, 'object cycle');
$zx = zser_unserialize(zser_serialize($x));
var_dump($zx->y->x === $zx, $zx->self === $zx);

// Many shared objects: each appears three times, in a shuffled order.
$objs = [];
for ($i = 0; $i < 2000; $i++) {
    $o = new stdClass;
    $o->i = $i;
    $objs[] = $o;
}
$list = array_merge($objs, array_reverse($objs), $objs);
bin_same($list, '2000 objects, each three times');
$zl = zser_unserialize(zser_serialize($list));
$ok = true;
for ($i = 0; $i < 2000; $i++) {
    $ok = $ok && $zl[$i] === $zl[3999 - $i] && $zl[$i] === $zl[4000 + $i] && $zl[$i]->i === $i;
}
var_dump($ok);
?>
--EXPECT--
shared objects: ok
bool(true)
bool(true)
bool(true)
bool(false)
source: 0,0,1,2,0
zser:   0,0,1,2,0
object cycle: ok
bool(true)
bool(true)
2000 objects, each three times: ok
bool(true)
