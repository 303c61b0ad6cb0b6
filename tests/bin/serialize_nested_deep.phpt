--TEST--
zser_serialize() inside Serializable::serialize() at any depth of the outer value: the nested call walks its own containers within the recursion its outer call leaves, and the round trip equals serialize()/unserialize()'s
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
class NestDeep implements Serializable
{
    public $o;
    public function __construct($o = null) { $this->o = $o; }
    public function serialize() { return zser_serialize($this->o); }
    public function unserialize($d) { $this->o = zser_unserialize($d, ['max_depth' => 0]); }
}
function deep(int $n, $leaf): array
{
    $a = $leaf;
    for ($i = 0; $i < $n; $i++) {
        $a = [$a, $i];
    }
    return $a;
}
// outer depths below, at and past the levels written by recursion, each with a nested value
// shallow and deep, sharing an object with the outer value
foreach ([[5, 5], [127, 3], [128, 128], [130, 300], [300, 2], [1000, 1000]] as [$outer, $inner]) {
    $sh = new stdClass;
    $v = deep($outer, [new NestDeep(deep($inner, [$sh, 'leaf'])), $sh]);
    $z = zser_unserialize(zser_serialize($v), ['max_depth' => 0]);
    $p = unserialize(serialize($v), ['max_depth' => 0]);
    echo "$outer/$inner: ", serialize($z) === serialize($p) ? 'same' : 'DIFFERENT', "\n";
}
?>
--EXPECT--
5/5: same
127/3: same
128/128: same
130/300: same
300/2: same
1000/1000: same
