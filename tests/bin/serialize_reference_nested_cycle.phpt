--TEST--
zser round trip of an array holding, one level down, a reference to itself: the same as unserialize(serialize())
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
// serialize() meets the outer array again while inside it and writes N (its recursion guard for
// arrays passed by value); the reference path therefore loses the cycle, and zser must agree.
$c = ['inner' => ['x' => 1]];
$c['inner']['outer'] = &$c;
bin_same($c, 'cycle through a nested array');
$d = ['a' => ['b' => ['c' => 1]]];
$d['a']['b']['top'] = &$d;
bin_same($d, 'cycle two levels down');
?>
--EXPECT--
cycle through a nested array: ok
cycle two levels down: ok
