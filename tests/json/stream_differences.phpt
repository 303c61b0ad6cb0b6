--TEST--
jsond_decode_stream(): a path through a name given twice goes into the first occurrence (where json_decode() keeps the last); ext/json's parser-stack limit is counted from the root, in elements too
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/stream_ref.inc';

echo "-- a name on the path given twice: the stream goes into the first, decode keeps the last\n";
$text = '{"a": [1, 2], "b": 0, "a": [3]}';
echo json_encode(iterator_to_array(jsond_decode_stream(sref_open($text), '/a'))), "\n";
echo json_encode(json_decode($text)->a), ' ', json_encode(jsond_pointer_get($text, '/a')), "\n";
echo "-- the rest of the text is still checked\n";
$r = sref_iterate(sref_open('{"a": [1, 2], "a": [3, }'), '/a');
echo json_encode($r[1]), ' ', $r[3], "\n";

echo "-- ext/json's parser stack (10,000 entries) counts from the root, inside the elements too\n";
$levels = 3000;
$text = str_repeat('[', $levels) . '[' . str_repeat('[', 2000) . str_repeat(']', 2000) . ']' . str_repeat(']', $levels);
$ptr = str_repeat('/0', $levels);
json_decode($text, true, 100000);
echo 'json_decode: ', json_last_error_msg(), "\n";
var_dump(sref_same($text, $ptr, true, 100000, 0, [], 0));
var_dump(sref_same($text, $ptr, true, 512, 0, [], 0));
echo "-- at the limit: arrays and objects, first and later elements and members, scalars\n";
$ok = 0;
$cases = 0;
// what is handed out before an error: the element ending at $at when the whole text fails
// past its end (at its end, ext/json refuses to shift it)
$before = function (string $text, int $at, array $pair): array {
    jsond_decode($text, true, 100000);
    $loc = jsond_last_error_location();
    return $loc === null || $loc['offset'] > $at ? [$pair] : [];
};
foreach ([4997, 4998, 4999, 5000] as $n) {
    // $n arrays, each the first element of the one around it; the target 100 levels down
    $text = str_repeat('[', $n) . str_repeat(']', $n);
    $cases++;
    $ok += sref_same($text, str_repeat('/0', 100), true, 100000, 0, [], 0);
    // the same with the innermost one a later element holding a scalar
    $text = str_repeat('[', $n - 1) . '[0, [1]]' . str_repeat(']', $n - 1);
    $cases++;
    $ok += sref_same($text, str_repeat('/0', $n - 1), true, 100000, 0, $before($text, $n + 1, [0, 0]), 0);
}
foreach ([2497, 2498, 2499, 2500] as $n) {
    $text = str_repeat('{"a":', $n) . '1' . str_repeat('}', $n);
    $cases++;
    $ok += sref_same($text, str_repeat('/a', 10), null, 100000, 0, [], 0);
    $text = str_repeat('{"a":', $n - 1) . '{"b": 0, "a": {"c": [2]}}' . str_repeat('}', $n - 1);
    $cases++;
    $ok += sref_same($text, str_repeat('/a', $n - 1), true, 100000, 0,
        $before($text, strpos($text, '{"b"') + 7, ['b', 0]), 0);
}
echo "$ok of $cases as json_decode() gives them\n";
$text = str_repeat('[', 5200) . str_repeat(']', 5200);
var_dump(sref_same($text, str_repeat('/0', 5100), true, 100000, 0, [], 0));
?>
--EXPECT--
-- a name on the path given twice: the stream goes into the first, decode keeps the last
[1,2]
[3] [3]
-- the rest of the text is still checked
[[0,1],[1,2]] Syntax error
-- ext/json's parser stack (10,000 entries) counts from the root, inside the elements too
json_decode: Syntax error
bool(true)
bool(true)
-- at the limit: arrays and objects, first and later elements and members, scalars
16 of 16 as json_decode() gives them
bool(true)
