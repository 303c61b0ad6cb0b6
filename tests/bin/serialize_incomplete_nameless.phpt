--TEST--
zser_serialize(): an __PHP_Incomplete_Class object with no string class name round-trips as through serialize() and unserialize(), which count one property fewer than they write
--EXTENSIONS--
zser
--FILE--
<?php
$cases = [
    'a lone property' => 'O:22:"__PHP_Incomplete_Class":1:{s:1:"e";i:1;}',
    'a non-string class-name member and one more' => 'O:22:"__PHP_Incomplete_Class":2:{s:1:"e";O:8:"stdClass":0:{}s:27:"__PHP_Incomplete_Class_Name";i:5;}',
    // serialize() writes a count below the properties it writes: unserialize() refuses that
    // text, zser keeps both
    'two properties' => 'O:22:"__PHP_Incomplete_Class":2:{s:1:"a";i:0;s:1:"b";i:1;}',
    // an empty class-name member: written with the class name "" (O:0:""), which both
    // readers refuse
    'an empty class name' => 'O:22:"__PHP_Incomplete_Class":2:{s:27:"__PHP_Incomplete_Class_Name";s:0:"";s:1:"a";b:0;}',
];
foreach ($cases as $what => $text) {
    $v = unserialize($text);
    $php = @unserialize(serialize($v));
    $zser = @zser_unserialize(zser_serialize($v));
    echo "-- $what\n";
    echo 'serialize():              ', serialize($v), "\n";
    echo 'unserialize(serialize()): ', var_export(get_object_vars_of($php), true), "\n";
    echo 'zser round trip:          ', var_export(get_object_vars_of($zser), true), "\n";
}
// the properties an incomplete object holds (get_object_vars() sees none of them)
function get_object_vars_of(mixed $o): mixed
{
    return is_object($o) ? array_map(fn($x) => is_object($x) ? get_class($x) : $x, (array)$o) : $o;
}
?>
--EXPECT--
-- a lone property
serialize():              O:22:"__PHP_Incomplete_Class":0:{}
unserialize(serialize()): array (
)
zser round trip:          array (
)
-- a non-string class-name member and one more
serialize():              O:22:"__PHP_Incomplete_Class":1:{s:1:"e";O:8:"stdClass":0:{}}
unserialize(serialize()): array (
  'e' => 'stdClass',
)
zser round trip:          array (
  'e' => 'stdClass',
)
-- two properties
serialize():              O:22:"__PHP_Incomplete_Class":1:{s:1:"a";i:0;s:1:"b";i:1;}
unserialize(serialize()): false
zser round trip:          array (
  'a' => 0,
  'b' => 1,
)
-- an empty class name
serialize():              O:0:"":1:{s:1:"a";b:0;}
unserialize(serialize()): false
zser round trip:          false
