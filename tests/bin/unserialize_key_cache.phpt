--TEST--
zser_unserialize: key strings shared between calls stay correct when a nested call (from __unserialize) thrashes the key cache, when keys collide, and across many distinct keys
--EXTENSIONS--
zser
--FILE--
<?php
class Nested
{
    public $inner;
    public function __serialize(): array
    {
        return ['x' => 1];
    }
    public function __unserialize(array $data): void
    {
        // thousands of distinct short keys while the outer call still holds its own
        $w = [];
        for ($i = 0; $i < 3000; $i++) {
            $w["k$i"] = "v$i";
        }
        $this->inner = zser_unserialize(zser_serialize($w));
    }
}

$value = [];
for ($j = 0; $j < 60; $j++) {
    $value["outer$j"] = ['aa' . $j => $j, 'obj' => new Nested(), 'cc' . $j => "outer$j", str_repeat('k', $j) . 'x' => [$j]];
}
$blob = zser_serialize($value);
$expected = serialize(unserialize(serialize($value)));
for ($k = 0; $k < 3; $k++) {
    $got = zser_unserialize($blob);
    var_dump(serialize($got) === $expected);
}
// the same keys again, now found in the cache; values must not alias each other
$a = zser_unserialize(zser_serialize(['battle_id' => 'battle_id', 'user_id' => 2]));
$b = zser_unserialize(zser_serialize(['battle_id' => 'battle_id', 'user_id' => 2]));
$a['battle_id'] .= '!';
var_dump($a, $b);
// keys of every cached length and lengths beyond it
$long = [];
for ($len = 2; $len <= 40; $len++) {
    $long[str_repeat(chr(96 + $len % 26), $len)] = $len;
    $long[str_repeat(chr(96 + $len % 26), $len - 1) . 'Z'] = -$len;
}
var_dump(zser_unserialize(zser_serialize($long)) === $long);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
array(2) {
  ["battle_id"]=>
  string(10) "battle_id!"
  ["user_id"]=>
  int(2)
}
array(2) {
  ["battle_id"]=>
  string(9) "battle_id"
  ["user_id"]=>
  int(2)
}
bool(true)
