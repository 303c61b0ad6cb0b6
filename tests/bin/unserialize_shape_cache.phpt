--TEST--
zser_unserialize: shape definitions remembered between calls give the same values, copies never share changes, and decodes run by an autoloader in the middle of a call do not disturb the shapes that call uses
--EXTENSIONS--
zser
--FILE--
<?php
final class Probe
{
    public static int $wrong = 0;
}

// Classes the blob names but nobody declares: decoding resolves each one through this
// autoloader in the middle of the outer call, which runs hundreds of decodes of distinct
// shapes, each in a call of its own, while the outer call is still using its shapes: they
// compete for the same memo entries.
spl_autoload_register(function (string $class): void {
    if (str_starts_with($class, 'Undeclared')) {
        singles(range(0, 399));
    }
});

function single(int $i): array
{
    $row = [];
    for ($k = 0; $k < 2 + $i % 40; $k++) {
        $row["f{$i}_$k"] = $k;
    }
    return $i % 2 ? [$row, $row] : [[$i => 'a', $i + 1000 => 'b'], [$i => 'c', $i + 1000 => 'd']];
}

function singles(array $order): void
{
    foreach ($order as $i) {
        $w = single($i);
        if (zser_unserialize(zser_serialize($w)) !== $w) {
            Probe::$wrong++;
        }
    }
}

// the same shape before and after each nested call, and a shape with integer keys
$value = [];
for ($j = 0; $j < 30; $j++) {
    $obj = $j % 10 == 0 ? unserialize(sprintf('O:11:"Undeclared%d":0:{}', $j / 10)) : null;
    $value[] = ['battle_id' => $j, 'user_id' => 41248, 'formation' => [41248 => 1, 23989 => 2],
        'obj' => $obj, 'speed' => [41248 => 0, 23989 => 0]];
}
$blob = zser_serialize($value);
$expected = serialize(unserialize(serialize($value)));
for ($k = 0; $k < 3; $k++) {
    var_dump(serialize(zser_unserialize($blob)) === $expected);
}
// the shapes last remembered by the nested calls, met first
singles(range(399, 0, -1));
var_dump(Probe::$wrong);

// a value changed in one result is not seen in the next
$small = zser_serialize(['alpha' => 1, 'beta' => [7 => 'x', 9 => 'y'], 'gamma' => 'g']);
$a = zser_unserialize($small);
$a['alpha'] = 'changed';
$a['beta'][7] = 'changed';
$a['delta'] = 1;
$b = zser_unserialize($small);
var_dump($b);

// the same key bytes as an object's properties and as an array: "12" is a property name,
// but as an array key it must be the integer 12
$o = new stdClass();
$o->{'12'} = 'p';
$o->{'ab'} = 'q';
$ob = zser_serialize([$o, $o]);
var_dump(serialize(zser_unserialize($ob)) === serialize(unserialize(serialize([$o, $o]))));
$arr = ['12' => 'p', 'ab' => 'q'];
var_dump(zser_unserialize(zser_serialize($arr)) === $arr);
var_dump(zser_unserialize(zser_serialize($arr)) === $arr);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
int(0)
array(3) {
  ["alpha"]=>
  int(1)
  ["beta"]=>
  array(2) {
    [7]=>
    string(1) "x"
    [9]=>
    string(1) "y"
  }
  ["gamma"]=>
  string(1) "g"
}
bool(true)
bool(true)
bool(true)
