--TEST--
A typed array property given a & reference to the array still being read (the root, from inside it) decodes to the cycle unserialize() builds, and written and read again it has the fate serialize() and unserialize() give it
--EXTENSIONS--
zser
--FILE--
<?php
// fuzz_bin_struct's blob (fuzz/regress/fuzz_bin_struct/typed_array_ref_to_root_being_read):
// &#1 [ FzTyped { s, l: &#1, f, t, ro, a }, [], [] ]; "a" is a dynamic property
error_reporting(E_ALL & ~E_DEPRECATED);
class FzTyped { public int $i = 0; public ?string $s = null; public array $l = [];
  public ?FzTyped $next = null; protected float $f = 1.5; private bool $t = false;
  public readonly int $ro; protected readonly array $ra; }
$blob = hex2bin('5a8193d147467a5479706564064173416c44002a00664a00467a5479706564007442726f4161cd06'
    . '6162636465666768696a6b6c6d6e6f707172737475767778797a6162636465666768696a6b6cd700cb00000080c200909090');
$php = 'a:3:{i:0;O:7:"FzTyped":6:{s:1:"s";s:38:"abcdefghijklmnopqrstuvwxyzabcdefghijkl";s:1:"l";R:1;'
    . "s:4:\"\0*\0f\";d:-0;s:10:\"\0FzTyped\0t\";b:1;s:2:\"ro\";i:0;s:1:\"a\";a:0:{}}i:1;a:0:{}i:2;a:0:{}}";
$mine = zser_unserialize($blob);
$theirs = unserialize($php);
var_dump(serialize($mine) === serialize($theirs));
// a cycle: the property holds the array that holds its object
var_dump($mine[0]->l[0] === $mine[0], $theirs[0]->l[0] === $theirs[0]);
// Written and read again, each value has the fate PHP's own functions give it. PHP 8.2's
// serialize() writes N for the array it is already inside, which the typed property then
// refuses; PHP 8.4 writes the cycle, which reads back.
$outcome = function (callable $again): string {
    try {
        return 'read back: ' . serialize($again());
    } catch (TypeError $e) {
        return 'TypeError: ' . $e->getMessage();
    }
};
$a = $outcome(fn() => zser_unserialize(zser_serialize($mine)));
$b = $outcome(fn() => unserialize(serialize($theirs)));
var_dump($a === $b);
echo PHP_VERSION_ID < 80400 ? $a === 'TypeError: Cannot assign null to property FzTyped::$l of type array'
    : str_starts_with($a, 'read back: '), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
1
