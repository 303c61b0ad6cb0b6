--TEST--
zser keeps & references between object properties, across objects and to array elements
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class P
{
    public $pub = 1;
    protected $prot = 2;
    private $priv = 3;
    public int $typed = 4;

    public function link(): void
    {
        $this->prot = &$this->pub;
        $this->priv = &$this->pub;
    }

    public function show(): string
    {
        return json_encode([$this->pub, $this->prot, $this->priv, $this->typed]);
    }
}
$p = new P;
$p->link();
bin_same($p, 'public, protected and private share one reference');

$q = new P;
$q->typed = 10;
$r = new stdClass;
$r->t = &$q->typed;
bin_same([$q, $r], 'typed property referenced from another object');

$s = new stdClass;
$arr = ['v' => 'in array'];
$s->p = &$arr['v'];
$s->arr = &$arr;
bin_same($s, 'property referencing an array element');

foreach (['reference' => unserialize(serialize($p)), 'zser' => zser_unserialize(zser_serialize($p))] as $path => $o) {
    $o->pub = 'set';
    echo "$path: ", $o->show(), "\n";
}
foreach (['reference' => unserialize(serialize([$q, $r])), 'zser' => zser_unserialize(zser_serialize([$q, $r]))] as $path => $o) {
    $o[0]->typed = 99;
    echo "$path: ", $o[1]->t, "\n";
    try {
        $o[1]->t = 'not an int';
    } catch (TypeError $e) {
        echo "$path: ", $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
public, protected and private share one reference: ok
typed property referenced from another object: ok
property referencing an array element: ok
reference: ["set","set","set",4]
zser: ["set","set","set",4]
reference: 99
reference: Cannot assign string to reference held by property P::$typed of type int
zser: 99
zser: Cannot assign string to reference held by property P::$typed of type int
