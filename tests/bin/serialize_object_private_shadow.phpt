--TEST--
zser keeps same-named private properties of a parent and a child apart
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class GrandParentC
{
    private $x = 'grandparent x';
    protected $y = 'grandparent y';

    public function gx() { return $this->x; }
}
class ParentC extends GrandParentC
{
    private $x = 'parent x';

    public function px() { return $this->x; }
    public function setPx($v) { $this->x = $v; }
}
class ChildC extends ParentC
{
    private $x = 'child x';
    public $y = 'child y (public now)';

    public function cx() { return $this->x; }
}
$c = new ChildC;
$c->setPx('parent x changed');
bin_same($c, 'three private $x and a redeclared $y');
$z = zser_unserialize(zser_serialize($c));
var_dump($z->gx(), $z->px(), $z->cx(), $z->y);
// A dynamic public property with the same name as a parent's private one.
#[AllowDynamicProperties]
class OnlyParentPrivate extends ParentC {}
$d = new OnlyParentPrivate;
$d->x = 'dynamic public x';
bin_same($d, 'dynamic public beside an inherited private');
// What methods of each class see afterwards is the same on both paths.
$probe = fn ($z) => bin_run(fn () => [$z->px(), $z->gx(), $z->x]);
$r = $probe(unserialize(serialize($d)));
$z = $probe(zser_unserialize(zser_serialize($d)));
var_dump($r === $z);
?>
--EXPECT--
three private $x and a redeclared $y: ok
string(13) "grandparent x"
string(16) "parent x changed"
string(7) "child x"
string(20) "child y (public now)"
dynamic public beside an inherited private: ok
bool(true)
