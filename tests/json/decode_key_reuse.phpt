--TEST--
jsond_decode: object keys reused across a parse (more names than its cache holds, interleaved, repeated in one object, sharing prefixes) decode to what json_decode() gives
--EXTENSIONS--
zser
--FILE--
<?php
// jsond_decode() shares one string among the equal keys of a parse through a cache of limited
// size, two slots per set: with 3,000 names, sets hold more names than slots, so keys are
// pushed out, moved to the second slot and made again, in orders that a seeded generator
// varies. Names sharing a prefix or differing in one byte must stay apart; a name repeated in
// one object keeps its first place and its last value; a name longer than the cache takes is
// made each time.
mt_srand(20261204);
$names = [];
for ($i = 0; $i < 3000; $i++) {
    $names[] = match ($i % 6) {
        0 => "k$i",
        1 => "k{$i}_",
        2 => str_repeat('x', 1 + $i % 60) . $i,
        3 => 'same_prefix_' . $i,
        4 => chr(0x61 + $i % 26) . chr(0x61 + intdiv($i, 26) % 26) . chr(0x61 + intdiv($i, 676) % 26),
        default => "ключ$i",
    };
}
$objects = [];
for ($o = 0; $o < 400; $o++) {
    $members = [];
    $count = mt_rand(1, 40);
    for ($m = 0; $m < $count; $m++) {
        // mostly a small pool, which the cache keeps, then any of the names
        $name = mt_rand(0, 3) ? $names[mt_rand(0, 60)] : $names[mt_rand(0, 2999)];
        $members[] = json_encode($name) . ':' . mt_rand(-5, 5);
    }
    $objects[] = '{' . implode(',', $members) . '}';
}
$json = '[' . implode(',', $objects) . ']';

$bad = 0;
foreach ([true, false] as $assoc) {
    $want = json_decode($json, $assoc);
    for ($round = 0; $round < 2; $round++) {
        $got = jsond_decode($json, $assoc);
        if (serialize($got) !== serialize($want)) {
            $bad++;
            echo "differs: assoc ", var_export($assoc, true), " round $round\n";
        }
    }
}
echo "objects: ", count($want), ", more than 4,000 members: ", var_export(substr_count($json, ':') > 4000, true), "\n";
echo "differing decodes: $bad\n";

// Two names of one length and the same first and last bytes, alternating: neither may be taken
// for the other.
$pair = [];
for ($i = 0; $i < 200; $i++) {
    $pair[] = $i % 2 ? '{"abcdefgh_1_abcdefgh":1,"abcdefgh_2_abcdefgh":2}' : '{"abcdefgh_2_abcdefgh":3}';
}
$j = '[' . implode(',', $pair) . ']';
var_dump(jsond_decode($j, true) === json_decode($j, true));
var_dump(jsond_decode($j, true)[1]);
?>
--EXPECT--
objects: 400, more than 4,000 members: true
differing decodes: 0
bool(true)
array(2) {
  ["abcdefgh_1_abcdefgh"]=>
  int(1)
  ["abcdefgh_2_abcdefgh"]=>
  int(2)
}
