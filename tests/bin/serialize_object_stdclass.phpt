--TEST--
zser round trip of stdClass objects: empty, nested, unusual property names
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$o = new stdClass;
$o->a = 1;
$o->b = ['x' => new stdClass];
$o->{''} = 'empty name';
$o->{'with space'} = true;
$o->{'12'} = 'numeric name';
$removed = new stdClass;
$removed->keep = 1;
$removed->drop = 2;
unset($removed->drop);
bin_same_all([
    'empty' => new stdClass,
    'props' => $o,
    'removed property' => $removed,
    'in array' => [new stdClass, (object)['a' => (object)['b' => 1]]],
    'cast from array' => (object)[1, 2, 'k' => 3],
    'cast with odd names' => (object)["\0" => 'nul', "\0*\0p" => 'mangled-looking', "a\0b" => 'inner nul'],
]);
?>
--EXPECT--
empty: ok
props: ok
removed property: ok
in array: ok
cast from array: ok
cast with odd names: ok
