--TEST--
zser_serialize: a list is a list whatever the array's inner form (packed, hash, holes)
--EXTENSIONS--
zser
--FILE--
<?php
// Equal arrays give equal bytes (FORMAT.md: one encoding per value), whether PHP holds them
// packed or as a hash, with or without deleted slots; keys 0..n-1 in order make a list.
$packed = [0 => 'a', 1 => 'b'];
$hash = ['x' => 1];
unset($hash['x']);
$hash[0] = 'a';
$hash[1] = 'b';
$holeEnd = [0 => 'a', 1 => 'b', 2 => 'c'];
unset($holeEnd[2]);
$firstDeleted = ['k' => 1, 0 => 'a', 1 => 'b'];
unset($firstDeleted['k']);
$lastDeleted = [0 => 'a', 1 => 'b', 'k' => 1];
unset($lastDeleted['k']);
foreach (['hash' => $hash, 'hole at end' => $holeEnd, 'first deleted' => $firstDeleted,
    'last deleted' => $lastDeleted] as $name => $v) {
    var_dump($name, zser_serialize($v) === zser_serialize($packed));
}

$notLists = [];
$hole = [0 => 'a', 1 => 'b', 2 => 'c'];
unset($hole[1]);
$notLists['hole'] = $hole;
$notLists['starts at 1'] = [1 => 'a'];
$notLists['0 not first'] = [5 => 'a', 0 => 'b'];
$notLists['negative first'] = [-1 => 'a', 0 => 'b'];
$zeroThenString = ['k' => 1, 0 => 'a', 'z' => 2];
unset($zeroThenString['k']);
$notLists['0 then string'] = $zeroThenString;
foreach ($notLists as $name => $v) {
    $back = zser_unserialize(zser_serialize($v));
    var_dump($name, array_is_list($back), serialize($back) === serialize($v));
}
?>
--EXPECT--
string(4) "hash"
bool(true)
string(11) "hole at end"
bool(true)
string(13) "first deleted"
bool(true)
string(12) "last deleted"
bool(true)
string(4) "hole"
bool(false)
bool(true)
string(11) "starts at 1"
bool(false)
bool(true)
string(11) "0 not first"
bool(false)
bool(true)
string(14) "negative first"
bool(false)
bool(true)
string(13) "0 then string"
bool(false)
bool(true)
