--TEST--
zser round trip of arrays that contain themselves through references, and self-references
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$a = [1];
$a[] = &$a;
bin_same($a, 'array containing a reference to itself');

$b = ['name' => 'b'];
$b['self'] = &$b;
$b['again'] = &$b;
bin_same($b, 'two self references');

$x = ['x'];
$y = ['y'];
$x['y'] = &$y;
$y['x'] = &$x;
bin_same($x, 'two arrays referring to each other');

// The decoded cycle is a real cycle: a write at the top is seen one level down.
foreach (['reference' => unserialize(serialize($b)), 'zser' => zser_unserialize(zser_serialize($b))] as $path => $r) {
    $r['self']['name'] = 'renamed';
    echo "$path: ", $r['name'], ' ', $r['again']['name'], ' ', $r['self']['self']['again']['name'], "\n";
}

// A reference to an object property that holds the object itself.
$o = new stdClass;
$o->me = $o;
$o->alias = &$o->me;
bin_same($o, 'object property referring to the object, with an alias');
?>
--EXPECT--
array containing a reference to itself: ok
two self references: ok
two arrays referring to each other: ok
reference: b renamed renamed
zser: b renamed renamed
object property referring to the object, with an alias: ok
