--TEST--
zser makes every magic call that serialize()/unserialize() make, in the same order, on a large mixed graph
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
class LogSerializable implements Serializable
{
    public $id;
    public function __construct($id = null) { $this->id = $id; }
    public function serialize() { bin_log("Serializable::serialize $this->id"); return (string)$this->id; }
    public function unserialize($s) { bin_log("Serializable::unserialize $s"); $this->id = $s; }
    public function __destruct() { bin_log("destruct LogSerializable $this->id"); }
}
function graph(int $seed): array
{
    mt_srand($seed);
    $pool = [];
    for ($i = 0; $i < 40; $i++) {
        $pool[] = match (mt_rand(0, 4)) {
            0 => new MagicWakeup("w$i", mt_rand()),
            1 => new MagicSerialize("s$i", [mt_rand()]),
            2 => new MagicBoth("b$i"),
            3 => new MagicPlain("p$i"),
            4 => new LogSerializable("l$i"),
        };
    }
    // Link objects to each other (shared and cyclic), through properties and data.
    foreach ($pool as $i => $o) {
        $t = $pool[mt_rand(0, 39)];
        if ($o instanceof MagicWakeup) {
            $o->pub = $t;
            $o->__construct($o->id, $t, [$pool[mt_rand(0, 39)]], $i);
        } elseif ($o instanceof MagicSerialize || $o instanceof MagicBoth) {
            $o->data = [$t, $pool[mt_rand(0, 39)]];
        } elseif ($o instanceof MagicPlain) {
            $o->ref = $t;
        }
    }
    $root = [];
    for ($i = 0; $i < 30; $i++) {
        $root[] = $pool[mt_rand(0, 39)];
    }
    return $root;
}
foreach ([1, 2, 3, 4, 5] as $seed) {
    bin_magic_compare("random graph $seed", fn () => graph($seed));
}
?>
--EXPECT--
random graph 1: ok
random graph 2: ok
random graph 3: ok
random graph 4: ok
random graph 5: ok
