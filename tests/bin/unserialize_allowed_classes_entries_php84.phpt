--TEST--
zser_unserialize(): entries of an allowed_classes list on PHP 8.4 are strings or objects and valid class names, with the TypeError/ValueError of unserialize()
--EXTENSIONS--
zser
--SKIPIF--
<?php if (PHP_VERSION_ID < 80400) die('skip before PHP 8.4 (unserialize_allowed_classes_entries.phpt)'); ?>
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Named
{
    public $name = 'stdClass';
    public function __toString(): string { return $this->name; }
}
$blob = zser_serialize([new stdClass, 1]);
$ser = serialize([new stdClass, 1]);
$bad = new Named;
$bad->name = 'not a name';
$lists = [
    'int' => [1],
    'float' => [1.5],
    'true' => [true],
    'null' => [null],
    'array' => [['stdClass']],
    'object without __toString' => [new ArrayObject([])],
    'Stringable object' => [new Named],
    'Stringable object giving a bad name' => [$bad],
    'empty name' => [''],
    'name with a space' => ['std Class'],
    'name with a dash' => ['std-Class'],
    'name with NUL' => ["std\0Class"],
    'leading digit' => ['1stdClass'],
    'leading backslash' => ['\\stdClass'],
    'namespaced' => ['Foo\\Bar'],
    'non-ASCII' => ["Caf\u{e9}"],
    'valid names' => ['stdClass', 'Named'],
];
foreach ($lists as $label => $list) {
    bin_same_decode($label, $ser, $blob, ['allowed_classes' => $list]);
}
?>
--EXPECT--
int: ok (both threw)
float: ok (both threw)
true: ok (both threw)
null: ok (both threw)
array: ok (both threw)
object without __toString: ok (both threw)
Stringable object: ok
Stringable object giving a bad name: ok (both threw)
empty name: ok
name with a space: ok (both threw)
name with a dash: ok (both threw)
name with NUL: ok (both threw)
leading digit: ok
leading backslash: ok
namespaced: ok
non-ASCII: ok
valid names: ok
