--TEST--
zser_unserialize: the __unserialize() array of an object written with its properties, numeric names made to collide in PHP's hash, holds every name as its integer; an object shape naming a property twice (the integer 5 and the name "5") is a duplicate key
--EXTENSIONS--
zser
--FILE--
<?php
// An object written from its properties (OBJECT) whose class, when read, has __unserialize()
// gets them as an array, names PHP reads as numbers turned into integer keys, as
// unserialize() does. Integer keys that are multiples of 2^20 all land in one slot of PHP's
// table: adding each after a lookup walks all those before it (unserialize() takes quadratic
// time). The blob comes from an object of a class without __unserialize(), its name swapped
// for one of the same length that has it. The linear CI stage (tests/linear/colliding.php)
// counts the decode's instructions against ordinary numbers.
final class SymTargetX
{
    public array $data = [];
    public int $calls = 0;

    public function __unserialize(array $data): void
    {
        $this->data = $data;
        $this->calls++;
    }
}
#[AllowDynamicProperties]
final class SymSourceX
{
}

function blob_of(array $names, bool $pair = false): string
{
    $o = new SymSourceX();
    foreach ($names as $i => $name) {
        $o->{$name} = $i;
    }
    $b = zser_serialize($pair ? [$o, clone $o] : $o);
    return str_replace('SymSourceX', 'SymTargetX', $b);
}

$n = 32768;
$colliding = [];
$ordinary = [];
for ($i = 0; $i < $n; $i++) {
    $colliding[] = (string)(($i + 8192) << 20);
    $ordinary[] = (string)($i + 8589934592);
}

// the array holds every name as its integer, in order, with its value
function check(array $data, array $names): bool
{
    if (count($data) !== count($names)) {
        return false;
    }
    $i = 0;
    foreach ($data as $k => $v) {
        if ($k !== (int)$names[$i] || $v !== $i) {
            return false;
        }
        $i++;
    }
    return true;
}
$b = blob_of($colliding);
$back = zser_unserialize($b);
var_dump($back instanceof SymTargetX, $back->calls, check($back->data, $colliding));

// two objects of one shape: its keys are made once and serve both
$pair = zser_unserialize(blob_of(array_slice($colliding, 0, 100), true));
var_dump(check($pair[0]->data, array_slice($colliding, 0, 100)),
    check($pair[1]->data, array_slice($colliding, 0, 100)), $pair[0] !== $pair[1]);

// Hand-made OBJECT blobs with two or more keys: the integer 5 and the name "5" name one
// property (one key of the __unserialize() array), so the shape is a duplicate key at its
// definition, whether the class has __unserialize() or takes the properties; nothing is built.
#[AllowDynamicProperties]
final class SymPlainXX
{
}
foreach (['SymTargetX', 'SymPlainXX'] as $class) {
    $cls = "\x4A" . $class;
    $cases = [
        'integer, then name' => "\x5A\x01\xD1" . $cls . "\x02\x05\x415\x01\x02",
        'name, then integer' => "\x5A\x01\xD1" . $cls . "\x02\x415\x05\x01\x02",
        'negative' => "\x5A\x01\xD1" . $cls . "\x02\xFF\x42-1\x01\x02",
        'PHP_INT_MIN' => "\x5A\x01\xD1" . $cls . "\x02\xCA\xFF\xFF\xFF\xFF\xFF\xFF\xFF\x7F"
            . "\x54-9223372036854775808\x01\x02",
        'third of three' => "\x5A\x01\xD1" . $cls . "\x03\x07\x41x\x417\x01\x02\x03",
        'distinct' => "\x5A\x01\xD1" . $cls . "\x04\x05\x416\x41x\x4205\x01\x02\x03\x04",
    ];
    echo "== $class\n";
    foreach ($cases as $name => $blob) {
        echo "$name: ";
        $v = @zser_unserialize($blob);
        if ($v !== false) {
            var_dump($class === 'SymTargetX' ? [$v->calls, $v->data] : (array)$v);
            continue;
        }
        try {
            zser_unserialize($blob, ['throw_on_error' => true]);
        } catch (ZserException $e) {
            echo get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
?>
--EXPECTF--
bool(true)
int(1)
bool(true)
bool(true)
bool(true)
bool(true)
== SymTargetX
integer, then name: ZserException: duplicate key at offset 2 of 20 bytes
name, then integer: ZserException: duplicate key at offset 2 of 20 bytes
negative: ZserException: duplicate key at offset 2 of 21 bytes
PHP_INT_MIN: ZserException: duplicate key at offset 2 of 47 bytes
third of three: ZserException: duplicate key at offset 2 of 23 bytes
distinct: array(2) {
  [0]=>
  int(1)
  [1]=>
  array(4) {
    [5]=>
    int(1)
    [6]=>
    int(2)
    ["x"]=>
    int(3)
    ["05"]=>
    int(4)
  }
}
== SymPlainXX
integer, then name: ZserException: duplicate key at offset 2 of 20 bytes
name, then integer: ZserException: duplicate key at offset 2 of 20 bytes
negative: ZserException: duplicate key at offset 2 of 21 bytes
PHP_INT_MIN: ZserException: duplicate key at offset 2 of 47 bytes
third of three: ZserException: duplicate key at offset 2 of 23 bytes
distinct: array(4) {
  [5]=>
  int(1)
  [6]=>
  int(2)
  ["x"]=>
  int(3)
  ["05"]=>
  int(4)
}
