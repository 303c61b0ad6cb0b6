--TEST--
zser round trip of null and booleans equals unserialize(serialize()), alone and inside arrays
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
bin_same_all([
    'null' => null,
    'true' => true,
    'false' => false,
    'list' => [null, true, false, null],
    'keys' => ['n' => null, 't' => true, 'f' => false],
]);
// Types are kept exactly: false is not 0, null is not "" or false.
$r = zser_unserialize(zser_serialize([false, null, true]));
var_dump($r[0] === false, $r[1] === null, $r[2] === true);
?>
--EXPECT--
null: ok
true: ok
false: ok
list: ok
keys: ok
bool(true)
bool(true)
bool(true)
