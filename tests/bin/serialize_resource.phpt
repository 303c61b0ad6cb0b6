--TEST--
zser_serialize() of resources (open and closed) gives what serialize() gives: int 0
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$open = fopen('php://memory', 'r');
$closed = fopen('php://memory', 'r');
fclose($closed);
bin_same_all([
    'open stream' => $open,
    'closed stream' => $closed,
    'in an array' => ['r' => $open, 'list' => [$open, $closed]],
    'in an object' => (object)['r' => $open],
]);
var_dump(zser_unserialize(zser_serialize($open)));
?>
--EXPECT--
open stream: ok
closed stream: ok
in an array: ok
in an object: ok
int(0)
