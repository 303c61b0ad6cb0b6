--TEST--
zser_unserialize() allowed_classes: true, false, lists (case-insensitive), nested and shared objects, internal classes (enums: unserialize_allowed_classes_enum.phpt)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Alpha { public $beta; public $n = 1; }
class Beta { public $v = 'b'; }
class Gamma { public function __unserialize(array $d): void { $this->d = $d; } public $d;
              public function __serialize(): array { return ['g' => 1]; } }
$a = new Alpha;
$a->beta = new Beta;
$v = ['a' => $a, 'b' => $a->beta, 'again' => $a, 'std' => (object)['x' => 1],
      'ao' => new ArrayObject([new Beta]), 'g' => new Gamma, 'dt' => new DateTimeZone('UTC')];
$lists = [
    'true' => true,
    'false' => false,
    'empty list' => [],
    'exact names' => ['Alpha', 'Beta'],
    'other case' => ['aLPHA', 'BETA'],
    'one class' => ['Beta'],
    'internal classes' => ['ArrayObject', 'stdClass', 'DateTimeZone'],
    'unknown names' => ['Nope', ''],
    'leading backslash' => ['\Alpha'],
    'keyed list' => ['x' => 'Alpha', 'y' => 'Gamma'],
];
foreach ($lists as $label => $allowed) {
    bin_same($v, $label, ['allowed_classes' => $allowed]);
}
// Objects not allowed keep their data and serialize back to the original class.
$z = zser_unserialize(zser_serialize($v), ['allowed_classes' => ['Beta']]);
var_dump(get_class($z['a']), get_class($z['b']), $z['a'] === $z['again'], serialize($z['a']) === serialize($a));
?>
--EXPECT--
true: ok
false: ok
empty list: ok
exact names: ok
other case: ok
one class: ok
internal classes: ok
unknown names: ok
leading backslash: ok
keyed list: ok
string(22) "__PHP_Incomplete_Class"
string(4) "Beta"
bool(true)
bool(true)
