--TEST--
jsond_decode(): $depth limits, ext/json's parser stack limit for very deep input, and 1,000,000 levels
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';
$inputs = ['1', '[]', '[1]', '[[1]]', '[[[]]]', '{}', '{"a":1}', '{"a":{"b":1}}', '[{"a":[1]}]', '[[1],[[2]]]', '[1,[2,[3]]]',
    '{"a":[]}', '{"a":[],"b":[[]]}', '[{},{}]', '"x"', '[[[[[[[[[[1]]]]]]]]]]', '[[[1}]]', '[[[1]]', '[[[1 x'];
check_all($inputs, [0, JSON_THROW_ON_ERROR], [null, true], [1, 2, 3, 4, 10]);
// ext/json's bison stack holds at most 9999 states: past that a syntax error, whatever $depth says.
$deep = [];
foreach ([4997, 4998, 4999, 5000] as $n) {
    $deep["$n empty arrays"] = str_repeat('[', $n) . str_repeat(']', $n);
    $deep["$n arrays around 1"] = str_repeat('[', $n) . '1' . str_repeat(']', $n);
    $deep["$n arrays, second element"] = str_repeat('[0,', $n) . '1' . str_repeat(']', $n);
}
foreach ([1663, 1664, 1665, 1666, 2497, 2498, 2499, 2500] as $n) {
    $deep["$n objects"] = str_repeat('{"a":', $n) . '1' . str_repeat('}', $n);
    $deep["$n objects, second member"] = str_repeat('{"a":1,"b":', $n) . '{}' . str_repeat('}', $n);
    $deep["$n objects, bad key inside"] = str_repeat('{"a":', $n) . '{"\u0000":1}' . str_repeat('}', $n);
    $deep["$n mixed"] = str_repeat('[{"k":', $n) . '[]' . str_repeat('}]', $n);
}
check_all($deep, [0], [null, true], [2147483647, 4999, 5000]);
// 1,000,000 levels, closed and unclosed: a clean error, never a crash.
$open = str_repeat('[', 1000000);
check_all(['1,000,000 arrays' => $open . str_repeat(']', 1000000), '1,000,000 unclosed' => $open,
    '1,000,000 objects' => str_repeat('{"a":', 1000000) . '1' . str_repeat('}', 1000000)], [0, JSON_THROW_ON_ERROR], [null, true], [512, 2147483647]);
var_dump(jsond_decode($open . str_repeat(']', 1000000), true, 2147483647), jsond_last_error_msg());
?>
--EXPECT--
'1': ok
'[]': ok
'[1]': ok
'[[1]]': ok
'[[[]]]': ok
'{}': ok
'{"a":1}': ok
'{"a":{"b":1}}': ok
'[{"a":[1]}]': ok
'[[1],[[2]]]': ok
'[1,[2,[3]]]': ok
'{"a":[]}': ok
'{"a":[],"b":[[]]}': ok
'[{},{}]': ok
'"x"': ok
'[[[[[[[[[[1]]]]]]]]]]': ok
'[[[1}]]': ok
'[[[1]]': ok
'[[[1 x': ok
4997 empty arrays: ok
4997 arrays around 1: ok
4997 arrays, second element: ok
4998 empty arrays: ok
4998 arrays around 1: ok
4998 arrays, second element: ok
4999 empty arrays: ok
4999 arrays around 1: ok
4999 arrays, second element: ok
5000 empty arrays: ok
5000 arrays around 1: ok
5000 arrays, second element: ok
1663 objects: ok
1663 objects, second member: ok
1663 objects, bad key inside: ok
1663 mixed: ok
1664 objects: ok
1664 objects, second member: ok
1664 objects, bad key inside: ok
1664 mixed: ok
1665 objects: ok
1665 objects, second member: ok
1665 objects, bad key inside: ok
1665 mixed: ok
1666 objects: ok
1666 objects, second member: ok
1666 objects, bad key inside: ok
1666 mixed: ok
2497 objects: ok
2497 objects, second member: ok
2497 objects, bad key inside: ok
2497 mixed: ok
2498 objects: ok
2498 objects, second member: ok
2498 objects, bad key inside: ok
2498 mixed: ok
2499 objects: ok
2499 objects, second member: ok
2499 objects, bad key inside: ok
2499 mixed: ok
2500 objects: ok
2500 objects, second member: ok
2500 objects, bad key inside: ok
2500 mixed: ok
1,000,000 arrays: ok
1,000,000 unclosed: ok
1,000,000 objects: ok
NULL
string(12) "Syntax error"
