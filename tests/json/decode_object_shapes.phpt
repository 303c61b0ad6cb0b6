--TEST--
jsond_decode: objects of one shape, met again and again, interleaved with others alike, decode to what json_decode() gives, as arrays and as objects, each an independent value
--EXTENSIONS--
zser
--FILE--
<?php
// jsond_decode() copies a table of the keys of an object shape met before instead of filling
// each object key by key. Shapes here: the same keys again; the same count and first and last
// keys with others between (told apart key by key); a key named twice; integer-like keys
// (integer keys in arrays, which no shape copies), and keys all of integers (a packed array);
// one key; the most keys a shape may have and one more; names longer than the key cache takes
// (never the same string twice); shapes taking turns, so that templates are made, replaced
// and used again; and more shapes than the slots that hold them.
$shapes = [
    'row' => ['id', 'name', 'price', 'tags'],
    'row_other_middle' => ['id', 'title', 'price', 'tags'],
    'row_other_order' => ['id', 'price', 'name', 'tags'],
    'twice' => ['id', 'name', 'id'],
    'numeric' => ['1', 'name', '2'],
    'negative' => ['-3', 'x'],
    'all_numeric' => ['0', '1', '2'],
    'all_numeric_sparse' => ['5', '7'],
    'one' => ['only'],
    'many' => array_map(fn($i) => "m$i", range(1, 64)),
    'too_many' => array_map(fn($i) => "m$i", range(1, 65)),
    'long_names' => [str_repeat('a', 60) . '1', str_repeat('a', 60) . '2'],
    'nul_inside' => ["a\u{0}b", 'c'],
];
mt_srand(4242);
$values = [1, -2, 2.5, 'text', 'ünï', null, true, false, [], new stdClass(), [1, 2], ['k' => 'v']];
$parts = [];
$names = array_keys($shapes);
for ($i = 0; $i < 3000; $i++) {
    // runs of one shape, and single objects of any shape between them
    $shape = $shapes[$names[$i % 7 < 4 ? 0 : mt_rand(0, count($names) - 1)]];
    $members = [];
    foreach ($shape as $k) {
        $members[] = json_encode($k) . ':' . json_encode($values[mt_rand(0, count($values) - 1)]);
    }
    $parts[] = '{' . implode(',', $members) . '}';
}
$json = '[' . implode(',', $parts) . ']';

foreach ([true, false] as $assoc) {
    $want = json_decode($json, $assoc);
    $got = jsond_decode($json, $assoc);
    echo $assoc ? 'arrays: ' : 'objects: ', serialize($got) === serialize($want) ? 'same' : 'DIFFERENT', "\n";
}

// More shapes than the slots that hold them: 200 shapes in runs of four, so that slots fill,
// their shapes get templates, are replaced by others and come back.
$parts = [];
for ($i = 0; $i < 4000; $i++) {
    $s = intdiv($i, 4) % 200;
    $members = [];
    for ($k = 0; $k < 2 + $s % 3; $k++) {
        $members[] = json_encode("s{$s}k$k") . ':' . json_encode($values[mt_rand(0, count($values) - 1)]);
    }
    $parts[] = '{' . implode(',', $members) . '}';
}
$json = '[' . implode(',', $parts) . ']';
foreach ([true, false] as $assoc) {
    echo 'many shapes, ', $assoc ? 'arrays: ' : 'objects: ',
        serialize(jsond_decode($json, $assoc)) === serialize(json_decode($json, $assoc)) ? 'same' : 'DIFFERENT', "\n";
}

// Copies of one template are separate tables: writing one changes no other, nor the next decode.
$a = jsond_decode('[{"p":1,"q":2},{"p":3,"q":4},{"p":5,"q":6}]', true);
$a[1]['p'] = 'changed';
$a[2]['r'] = 7;
unset($a[0]['q']);
echo json_encode($a), "\n";
echo json_encode(jsond_decode('[{"p":1,"q":2},{"p":3,"q":4},{"p":5,"q":6}]', true)), "\n";
$o = jsond_decode('[{"p":1,"q":2},{"p":3,"q":4},{"p":5,"q":6}]');
$o[1]->p = 'changed';
$o[2]->r = 7;
echo json_encode($o), "\n";
var_dump(array_keys(get_object_vars($o[0])));

// A shape whose keys hold "\0" first is refused as objects, however often it came before.
try {
    jsond_decode('[{"a":1,"b":2},{"a":1,"b":2},{"a":1,"b":2},{"\u0000a":1,"b":2}]', false, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump(jsond_decode('[{"a":1,"b":2},{"a":1,"b":2},{"\u0000a":1,"b":2}]', true)[2] === ["\0a" => 1, 'b' => 2]);
?>
--EXPECT--
arrays: same
objects: same
many shapes, arrays: same
many shapes, objects: same
[{"p":1},{"p":"changed","q":4},{"p":5,"q":6,"r":7}]
[{"p":1,"q":2},{"p":3,"q":4},{"p":5,"q":6}]
[{"p":1,"q":2},{"p":"changed","q":4},{"p":5,"q":6,"r":7}]
array(2) {
  [0]=>
  string(1) "p"
  [1]=>
  string(1) "q"
}
JsonException: The decoded property name is invalid
bool(true)
