--TEST--
jsond_decode: object shapes and their templates live for the request: a later call, in the other mode, after a failed parse or with other shapes between, gives json_decode()'s value, each an independent value, and what is kept stays bounded
--EXTENSIONS--
zser
--FILE--
<?php
// A template made in one call is copied in the next. One made for stdClass holds a
// numeric-string key as a string, which an array holds as an integer; one made for arrays may
// hold a name starting with "\0", which stdClass refuses: neither may serve the other mode.
function same(string $json, bool $assoc): bool
{
    $want = json_decode($json, $assoc);
    $got = jsond_decode($json, $assoc);
    return serialize($got) === serialize($want);
}

$numeric = '[' . implode(',', array_fill(0, 4, '{"1":"a","name":"b","2":"c"}')) . ']';
$ok = true;
foreach ([false, false, true, true, false, true] as $assoc) {
    $ok = $ok && same($numeric, $assoc);
}
echo 'numeric-string keys, objects then arrays and back: ', $ok ? 'same' : 'DIFFERENT', "\n";
var_dump(array_keys(jsond_decode($numeric, true)[3]));

$nul = '[' . implode(',', array_fill(0, 4, '{"\u0000a":1,"b":2}')) . ']';
var_dump(jsond_decode($nul, true)[3] === ["\0a" => 1, 'b' => 2]);
var_dump(jsond_decode($nul, true)[3] === ["\0a" => 1, 'b' => 2]);
foreach (['json_decode', 'jsond_decode'] as $f) {
    try {
        $f($nul, false, 512, JSON_THROW_ON_ERROR);
    } catch (JsonException $e) {
        echo $f, ': ', get_class($e), ': ', $e->getMessage(), ' (', $e->getCode(), ")\n";
    }
}

// One object a call, as a loop over rows of JSON decodes them: from the fourth call on, each
// is a copy of the template, and each an independent value.
$rows = [];
for ($i = 0; $i < 8; $i++) {
    $rows[] = jsond_decode(json_encode(['id' => $i, 'name' => "n$i", 'tags' => ['x'], 'ok' => true]), true);
}
$rows[5]['name'] = 'changed';
$rows[6]['extra'] = 1;
unset($rows[7]['id']);
echo json_encode(array_slice($rows, 4)), "\n";
$objs = [];
for ($i = 0; $i < 6; $i++) {
    $objs[] = jsond_decode(json_encode(['id' => $i, 'name' => "n$i"]));
}
$objs[4]->name = 'changed';
$objs[5]->more = 2;
echo json_encode(array_slice($objs, 3)), "\n";

// A parse that fails after its objects were complete, then the same shapes again.
$good = '[{"p":1,"q":2},{"p":3,"q":4},{"p":5,"q":6},{"p":7,"q":8}]';
var_dump(jsond_decode(substr($good, 0, -1)), jsond_last_error() === JSON_ERROR_SYNTAX);
var_dump(same($good, true), same($good, false));

// Calls with many shapes taking turns for the kept slots, in both modes: every value equals
// json_decode()'s.
mt_srand(20261206);
$names = ['id', 'name', 'price', 'tags', 'a', 'b', 'c', '7', '-1', 'ключ', 'x y', ''];
$ok = true;
for ($call = 0; $call < 300; $call++) {
    $objects = [];
    for ($o = 0, $n = mt_rand(1, 6); $o < $n; $o++) {
        $keys = [];
        for ($k = 0, $m = mt_rand(1, 6); $k < $m; $k++) {
            $keys[] = $names[mt_rand(0, count($names) - 1)] . (mt_rand(0, 3) ? '' : mt_rand(0, 40));
        }
        $members = [];
        foreach ($keys as $k) {
            $members[] = json_encode($k) . ':' . mt_rand(0, 9);
        }
        $objects[] = '{' . implode(',', $members) . '}';
    }
    $ok = $ok && same('[' . implode(',', $objects) . ']', (bool)mt_rand(0, 1));
}
echo 'shapes taking turns over 300 calls: ', $ok ? 'same' : 'DIFFERENT', "\n";

// What the request keeps is bounded by the slots, whatever the number of shapes: measured in a
// child PHP with Zend MM (this one may run without it, USE_ZEND_ALLOC=0).
$code = <<<'PHP'
function objects(int $from, int $shapes): string
{
    $out = [];
    for ($s = $from; $s < $from + $shapes; $s++) {
        $o = [];
        for ($k = 0; $k < 8; $k++) {
            $o["s{$s}k$k"] = $k;
        }
        for ($r = 0; $r < 4; $r++) {
            $out[] = $o;
        }
    }
    return json_encode($out);
}
jsond_decode(objects(0, 200), true);
$m0 = memory_get_usage();
for ($call = 1; $call <= 50; $call++) {
    jsond_decode(objects($call * 200, 200), true);
}
echo memory_get_usage() - $m0;
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-r', $code],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_numeric($out)) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
// 10,000 shapes met after the first call: the templates of at most 64 of them stay, each a
// table of 8 keys (a 320-byte block and the 56-byte header); the key cache's own names aside
echo 'kept after 10,000 more shapes: ', (int)$out <= 64 * 376 + 1024 * 32 ? 'bounded' : "$out bytes", "\n";
?>
--EXPECT--
numeric-string keys, objects then arrays and back: same
array(3) {
  [0]=>
  int(1)
  [1]=>
  string(4) "name"
  [2]=>
  int(2)
}
bool(true)
bool(true)
json_decode: JsonException: The decoded property name is invalid (9)
jsond_decode: JsonException: The decoded property name is invalid (9)
[{"id":4,"name":"n4","tags":["x"],"ok":true},{"id":5,"name":"changed","tags":["x"],"ok":true},{"id":6,"name":"n6","tags":["x"],"ok":true,"extra":1},{"name":"n7","tags":["x"],"ok":true}]
[{"id":3,"name":"n3"},{"id":4,"name":"changed"},{"id":5,"name":"n5","more":2}]
NULL
bool(true)
bool(true)
bool(true)
shapes taking turns over 300 calls: same
kept after 10,000 more shapes: bounded
