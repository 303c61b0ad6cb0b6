--TEST--
jsond_decode_stream(): where it differs from json_decode() of the whole text, as docs/JSON-POINTER.md says: a path through a name given twice, ext/json's parser-stack limit inside an element
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

echo "-- ext/json's parser stack (10,000 entries) counts from the root; an element is decoded by itself\n";
$levels = 3000;
$inner = 2000;
$text = str_repeat('[', $levels) . '[' . str_repeat('[', $inner) . str_repeat(']', $inner) . ']' . str_repeat(']', $levels);
$ptr = str_repeat('/0', $levels);
json_decode($text, true, 100000);
echo 'json_decode: ', json_last_error_msg(), "\n";
$r = sref_iterate(sref_open($text), $ptr, true, 100000);
echo 'stream: ', $r[0], ', ', count($r[1]), " element\n";
echo "-- the same text with the default depth: the depth error, as json_decode() gives it\n";
var_dump(sref_same($text, $ptr, true, 512, 0, [], 0));
echo "-- the stack limit on the way to the target is ext/json's\n";
$text = str_repeat('[', 5200) . str_repeat(']', 5200);
var_dump(sref_same($text, str_repeat('/0', 5100), true, 100000, 0, [], 0));
?>
--EXPECT--
-- a name on the path given twice: the stream goes into the first, decode keeps the last
[1,2]
[3] [3]
-- the rest of the text is still checked
[[0,1],[1,2]] Syntax error
-- ext/json's parser stack (10,000 entries) counts from the root; an element is decoded by itself
json_decode: Syntax error
stream: ok, 1 element
-- the same text with the default depth: the depth error, as json_decode() gives it
bool(true)
-- the stack limit on the way to the target is ext/json's
bool(true)
