--TEST--
zser keeps numeric-string keys as PHP keeps them: canonical ones become ints, others stay strings
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$a = [];
foreach (['0', '1', '-1', '123', '01', '-0', ' 1', '1 ', '1.5', '1e3', '0x1A', '+1',
          '9223372036854775807', '-9223372036854775808', '9223372036854775808', '-9223372036854775809',
          '00', ''] as $k) {
    $a[$k] = $k;
}
bin_same($a, 'numeric-string keys');
$z = zser_unserialize(zser_serialize($a));
$r = unserialize(serialize($a));
foreach ($r as $k => $v) {
    if (!array_key_exists($k, $z) || gettype(array_keys($z)[array_search($k, array_keys($r), true)]) !== gettype($k)) {
        echo 'key type differs for ', var_export($k, true), "\n";
    }
}
echo "key types compared\n";
// Object properties with numeric names stay properties; casting to array follows PHP's rules.
$o = new stdClass;
$o->{'123'} = 'a';
$o->{'-5'} = 'b';
$o->{'07'} = 'c';
bin_same($o, 'numeric property names');
$z = zser_unserialize(zser_serialize($o));
var_dump((array)$z === (array)unserialize(serialize($o)));
var_dump($z->{'123'}, $z->{'07'});
// An array made by casting an object with numeric property names.
bin_same((array)$o, 'cast array');
?>
--EXPECT--
numeric-string keys: ok
key types compared
numeric property names: ok
bool(true)
string(1) "a"
string(1) "c"
cast array: ok
