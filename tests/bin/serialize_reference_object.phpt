--TEST--
zser distinguishes a & reference to an object from two handles to the same object
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$o = new stdClass;
$o->v = 1;
$same = [$o, $o];
$ref = [$o];
$ref[1] = &$ref[0];
bin_same($same, 'two handles');
bin_same($ref, 'reference to an object');
bin_same(['a' => $same, 'b' => $ref], 'both in one graph');

foreach (['reference' => 'unserialize', 'zser' => 'zser_unserialize'] as $path => $un) {
    $ser = $path === 'zser' ? 'zser_serialize' : 'serialize';
    $s = $un($ser($same));
    $s[1] = 'replaced';
    $r = $un($ser($ref));
    $r[1] = 'replaced';
    echo "$path: handles ", get_debug_type($s[0]), ", reference ", get_debug_type($r[0]), "\n";
}

// An object held by reference in a property and by value elsewhere.
$holder = new stdClass;
$target = new stdClass;
$holder->a = $target;
$holder->b = &$holder->a;
$holder->c = $target;
bin_same($holder, 'property reference plus a plain handle');
?>
--EXPECT--
two handles: ok
reference to an object: ok
both in one graph: ok
reference: handles stdClass, reference string
zser: handles stdClass, reference string
property reference plus a plain handle: ok
