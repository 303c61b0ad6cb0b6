--TEST--
zser_unserialize: keys and names that the engine has interned are taken from it; the values behave as unserialize()'s
--EXTENSIONS--
zser
--FILE--
<?php
// Keys written in this file are interned by the compiler; keys built at run time are not.
// The decoder takes the interned string where one exists (short keys through its key cache,
// long ones directly) and makes its own otherwise. Either way the arrays it returns must be
// the same values as unserialize() gives, and stay so when changed.
#[AllowDynamicProperties]
class Point
{
    public $x = 0;
    public $y = 0;
}

$runtime = fn(string $s) => implode('', array_reverse(str_split(strrev($s))));
$long = 'a_key_longer_than_thirty_two_bytes_written_in_the_code';
$rows = [];
for ($i = 0; $i < 300; $i++) {
    $row = [
        'id' => $i,
        'title' => "t$i",
        $runtime('made_at_run_time') => $i * 2,
        $long => 'long',
        $runtime($long . '_too') => 'long, not interned',
        'x' => null,
    ];
    if ($i % 3 === 0) {
        $p = new Point();
        $p->x = $i;
        $p->{$runtime('dyn_prop')} = 'd';
        $p->{'declared_elsewhere'} = 'e';
        $row['point'] = $p;
    }
    $rows[] = $row;
}

$bad = 0;
for ($call = 0; $call < 3; $call++) {
    $z = zser_unserialize(zser_serialize($rows));
    $u = unserialize(serialize($rows));
    if (serialize($z) !== serialize($u)) {
        $bad++;
    }
    // the same changes to both: adding, removing and renaming keys, writing through them
    foreach ([&$z, &$u] as &$v) {
        foreach ($v as $k => &$row) {
            $row['id'] += 1;
            unset($row['title']);
            $row['added_' . $k] = $k;
            $row[$long] .= '!';
            $row = ['first' => 0] + $row;
            ksort($row);
        }
        unset($row);
    }
    unset($v);
    if (serialize($z) !== serialize($u)) {
        $bad++;
    }
    if (array_keys($z[7]) !== array_keys($u[7]) || $z[9]['point']->dyn_prop !== 'd' ||
        $z[9]['point']->declared_elsewhere !== 'e') {
        $bad++;
    }
}
echo "mismatches: $bad\n";

// a map with the same keys as the code keeps working as a hash after the decode
$m = zser_unserialize(zser_serialize(['id' => 1, 'title' => 2, $long => 3]));
$m['new'] = 4;
unset($m['id']);
var_dump($m === ['title' => 2, $long => 3, 'new' => 4]);
var_dump(isset($m[$runtime('title')]), array_key_exists($long, $m));
?>
--EXPECT--
mismatches: 0
bool(true)
bool(true)
bool(true)
