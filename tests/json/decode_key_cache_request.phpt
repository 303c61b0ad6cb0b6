--TEST--
jsond_decode: the key cache lives for the request: names met in an earlier call are not made again, a later call with other names, colliding ones or a failed parse in between still gives json_decode()'s values, and what the cache keeps stays bounded
--EXTENSIONS--
zser
--FILE--
<?php
// Measured in a child PHP with Zend MM, which it has also when this one runs without it
// (USE_ZEND_ALLOC=0, as under valgrind, where memory_get_usage() counts nothing).
$code = <<<'PHP'
mt_srand(20261205);
function text(array $names, int $objects): string
{
    $out = [];
    for ($o = 0; $o < $objects; $o++) {
        $m = [];
        foreach ($names as $i => $n) {
            $m[$n] = $o * 100 + $i;
        }
        $out[] = $m;
    }
    return json_encode($out);
}
$same = true;
$check = function (string $t, bool $assoc) use (&$same) {
    $v = jsond_decode($t, $assoc);
    $same = $same && ($assoc ? $v === json_decode($t, true) : $v == json_decode($t));
    return $v;
};

// 60 names of 40 bytes, in 200 objects: the second call makes none of them
$names = [];
for ($i = 0; $i < 60; $i++) {
    $names[] = sprintf('%-38s%02d', 'name', $i);
}
$t = text($names, 200);
// the kept value stack and the cache itself, made by a call of the same form with 60 short
// names, are not counted
$warm = [];
for ($i = 0; $i < 60; $i++) {
    $warm[] = "w$i";
}
$check(text($warm, 200), true);
$m0 = memory_get_usage();
$v = $check($t, true);
$first = memory_get_usage() - $m0;
unset($v);
$m1 = memory_get_usage();
$v = $check($t, true);
$second = memory_get_usage() - $m1;
unset($v);
// each name is a 40-byte string in an 80-byte block (a short name pushed out of the cache
// frees 32 bytes)
$saved = $first - $second;

// calls with other names, colliding names, both modes and failures in between: each gives
// json_decode()'s value, and the first names decode as before
for ($round = 0; $round < 30; $round++) {
    $other = [];
    for ($i = 0; $i < 1 + mt_rand(0, 80); $i++) {
        $other[] = match (mt_rand(0, 3)) {
            0 => 'n' . mt_rand(0, 5000),
            1 => sprintf('%-38s%02d', 'name', mt_rand(0, 99)),
            2 => str_repeat(chr(0x61 + mt_rand(0, 25)), mt_rand(2, 60)),
            default => "ключ" . mt_rand(0, 300),
        };
    }
    $o = text(array_unique($other), mt_rand(1, 5));
    $check($o, (bool)mt_rand(0, 1));
    if (mt_rand(0, 2) === 0) {
        // a parse that fails after making keys
        $same = $same && jsond_decode(substr($o, 0, -2)) === null && jsond_last_error() === JSON_ERROR_SYNTAX;
    }
    $check($t, (bool)mt_rand(0, 1));
}

// 100,000 distinct names of 40 bytes: the cache keeps at most its 1,024 slots of them
$many = [];
for ($i = 0; $i < 100000; $i++) {
    $many[sprintf('%-34s%06d', 'k', $i)] = $i;
}
$big = json_encode($many);
// what 1,024 such names take in this build (a debug build's blocks are larger), in a list
$m2 = memory_get_usage();
$list = [];
for ($i = 0; $i < 1024; $i++) {
    $list[] = str_pad((string)$i, 40, 'z', STR_PAD_LEFT);
}
$names1024 = memory_get_usage() - $m2;
unset($list);
$m2 = memory_get_usage();
$v = $check($big, true);
unset($v);
$kept = memory_get_usage() - $m2;
echo json_encode([$same, $saved, $kept, $names1024]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=512M', '-r', $code],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$same, $saved, $kept, $names1024] = $r;
echo 'values equal json_decode(): ', var_export($same, true), "\n";
echo 'the second call makes none of the 60 names: ', $saved >= 60 * 48 ? 'yes' : "$saved bytes saved", "\n";
// 1,024 new names at most, less the names pushed out that nothing else holds (the templates
// of object shapes kept for the request hold their keys)
echo 'kept after 100,000 names: ', $kept <= $names1024 ? 'at most 1,024 names' : "$kept bytes, 1,024 names take $names1024", "\n";
?>
--EXPECT--
values equal json_decode(): true
the second call makes none of the 60 names: yes
kept after 100,000 names: at most 1,024 names
