--TEST--
zser round trip of user classes with public, protected and private properties, inheritance
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Base
{
    public $pub = 'base pub';
    protected $prot = 'base prot';
    private $priv = 'base priv';
    public $changed = 0;

    public function peek(): array
    {
        return [$this->pub, $this->prot, $this->priv];
    }
}
class Child extends Base
{
    protected $childProt = 'child prot';
    private $childPriv = ['child', 'priv'];

    public function peekChild(): array
    {
        return [$this->childProt, $this->childPriv];
    }
}
$b = new Base;
$b->changed = 42;
$c = new Child;
$c->pub = 'set on child';
$c->changed = [1, 2];
bin_same_all(['base' => $b, 'child' => $c, 'both' => [$b, $c, $b]]);
$z = zser_unserialize(zser_serialize($c));
var_dump($z instanceof Child, $z->peek(), $z->peekChild());
// Properties with default values that were not changed are still written and read back.
class Defaults
{
    public $a = [1, 2, 3];
    protected $b = 1.5;
    private $c = null;
}
bin_same(new Defaults, 'defaults');
?>
--EXPECT--
base: ok
child: ok
both: ok
bool(true)
array(3) {
  [0]=>
  string(12) "set on child"
  [1]=>
  string(9) "base prot"
  [2]=>
  string(9) "base priv"
}
array(2) {
  [0]=>
  string(10) "child prot"
  [1]=>
  array(2) {
    [0]=>
    string(5) "child"
    [1]=>
    string(4) "priv"
  }
}
defaults: ok
