--TEST--
zser_unserialize() rejects bad allowed_classes and max_depth options with the TypeError/ValueError texts of unserialize() (the entries of an allowed_classes list: unserialize_allowed_classes_entries*.phpt)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$blob = zser_serialize([new stdClass, 1]);
$ser = serialize([new stdClass, 1]);
$bad = [
    'allowed_classes int' => ['allowed_classes' => 1],
    'allowed_classes string' => ['allowed_classes' => 'stdClass'],
    'allowed_classes null' => ['allowed_classes' => null],
    'allowed_classes float' => ['allowed_classes' => 1.0],
    'allowed_classes object' => ['allowed_classes' => new stdClass],
    'allowed_classes list with object' => ['allowed_classes' => [new stdClass]],
    'max_depth string' => ['max_depth' => '5'],
    'max_depth float' => ['max_depth' => 5.0],
    'max_depth null' => ['max_depth' => null],
    'max_depth bool' => ['max_depth' => true],
    'max_depth negative' => ['max_depth' => -1],
    'max_depth PHP_INT_MIN' => ['max_depth' => PHP_INT_MIN],
    'unknown option' => ['no_such_option' => 1],
];
foreach ($bad as $label => $opts) {
    bin_same_decode($label, $ser, $blob, $opts);
}
$r = bin_run(fn () => zser_unserialize($blob, ['allowed_classes' => 1]));
echo $r['ex'], "\n";
$r = bin_run(fn () => zser_unserialize($blob, ['max_depth' => -1]));
echo $r['ex'], "\n";
// Arguments of the wrong type.
foreach (['array data' => fn ($f) => $f([]), 'object data' => fn ($f) => $f(new stdClass), 'options not array' => fn ($f) => $f('', 5),
          'too many arguments' => fn ($f) => $f('', [], 1), 'no arguments' => fn ($f) => $f()] as $label => $call) {
    $r = bin_run(fn () => $call('unserialize'));
    $z = bin_run(fn () => $call('zser_unserialize'));
    // bin_run() has already put "unserialize()" in place of "zser_unserialize()".
    echo "$label: ", $z['ex'] === $r['ex'] ? 'same' : "differs:\n  {$r['ex']}\n  {$z['ex']}", "\n";
}
?>
--EXPECT--
allowed_classes int: ok (both threw)
allowed_classes string: ok (both threw)
allowed_classes null: ok (both threw)
allowed_classes float: ok (both threw)
allowed_classes object: ok (both threw)
allowed_classes list with object: ok (both threw)
max_depth string: ok (both threw)
max_depth float: ok (both threw)
max_depth null: ok (both threw)
max_depth bool: ok (both threw)
max_depth negative: ok (both threw)
max_depth PHP_INT_MIN: ok (both threw)
unknown option: ok
TypeError: unserialize(): Option "allowed_classes" must be of type array|bool, int given
ValueError: unserialize(): Option "max_depth" must be greater than or equal to 0
array data: same
object data: same
options not array: same
too many arguments: same
no arguments: same
