--TEST--
zser_unserialize(): "Class X has no unserializer" once per object and in order, as unserialize(); one warning in all on failure
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
require __DIR__ . '/../inc/bin_corrupt.inc';
class SerA implements Serializable
{
    public function serialize() { return 'payload'; }
    public function unserialize($s) {}
}
class SerB implements Serializable
{
    public function serialize() { return 'other'; }
    public function unserialize($s) {}
}
// Same-length names, so the blob stays well formed after the swap: NotA and NotB have no
// unserialize(), Gone and Lost do not exist (incomplete class).
class NotA { public $p = 'a'; }
class NotB { public $q = 'b'; }
class Holder { public $x; public $y; }

/** Both encodings of $v with the class names swapped, compared under the same options. */
function check(string $label, mixed $v, array $swap, array $opts = []): void
{
    $ser = strtr(serialize($v), $swap);
    $blob = strtr(zser_serialize($v), $swap);
    bin_same_decode($label, $ser, $blob, $opts);
    // the number of warnings is part of what bin_same_decode compares; show it once here
    $n = 0;
    set_error_handler(function (int $no, string $s) use (&$n) {
        $n += str_contains($s, 'has no unserializer');
        return true;
    });
    zser_unserialize($blob, $opts);
    restore_error_handler();
    echo "  $n warnings\n";
}

$h = new Holder;
$h->x = new SerA;
$h->y = [new SerB, new SerA];
$cases = [
    'three of one class' => [[new SerA, new SerA, new SerA], ['SerA' => 'NotA']],
    'two classes, interleaved' => [[new SerA, new SerB, new SerB, new SerA, 'k' => new SerB],
        ['SerA' => 'NotA', 'SerB' => 'NotB']],
    'nested in objects and arrays' => [[$h, [[new SerB]], $h], ['SerA' => 'NotA', 'SerB' => 'NotB']],
    'class name in another case' => [[new SerA, new SerB], ['SerA' => 'nota', 'SerB' => 'NOTB']],
    'unknown classes' => [[new SerA, new SerB, new SerA], ['SerA' => 'Gone', 'SerB' => 'Lost']],
    'one known, one unknown' => [[new SerB, new SerA, new SerB], ['SerA' => 'NotA', 'SerB' => 'Lost']],
];
foreach ($cases as $label => [$v, $swap]) {
    check($label, $v, $swap);
}
check('allowed_classes false', [new SerA, new SerB], ['SerA' => 'NotA', 'SerB' => 'NotB'],
    ['allowed_classes' => false]);
check('allowed_classes lists one', [new SerA, new SerB, new SerA], ['SerA' => 'NotA', 'SerB' => 'NotB'],
    ['allowed_classes' => ['NotB']]);

// A blob that fails after several such objects: false and exactly one warning, the failure's,
// none of the deferred ones.
$swap = ['SerA' => 'NotA', 'SerB' => 'NotB'];
$broken = substr(strtr(zser_serialize([new SerA, new SerB, new SerA, 'tail']), $swap), 0, -1);
$p = bin_corrupt_check($broken, true);
echo 'broken after them: ', $p ? implode('; ', $p) : 'ok', "\n";
$seen = [];
set_error_handler(function (int $no, string $s) use (&$seen) {
    $seen[] = $s;
    return true;
});
var_dump(zser_unserialize($broken));
restore_error_handler();
echo count($seen), ' warning: ', preg_replace('/ at offset.*/', '', $seen[0]), "\n";
?>
--EXPECT--
three of one class: ok
  3 warnings
two classes, interleaved: ok
  5 warnings
nested in objects and arrays: ok
  4 warnings
class name in another case: ok
  2 warnings
unknown classes: ok
  3 warnings
one known, one unknown: ok
  3 warnings
allowed_classes false: ok
  2 warnings
allowed_classes lists one: ok
  3 warnings
broken after them: ok
bool(false)
1 warning: zser_unserialize(): truncated input
