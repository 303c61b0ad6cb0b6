--TEST--
jsond_decode(): objects and arrays, keys (empty, numeric, "\0", duplicates), assoc and JSON_OBJECT_AS_ARRAY, object #ids
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';
$inputs = ['{}', '[]', '{"a":{}}', '[[],{}]', '{"":1}', '{"":1,"":2}', '{"a":1,"a":2}', '{"a":1,"b":2,"a":3}',
    '{"0":1}', '{"1":"x","0":"y"}', '{"123":1,"-5":2,"01":3,"-0":4,"1.5":5," 1":6}',
    '{"9223372036854775807":1,"9223372036854775808":2,"-9223372036854775808":3}',
    '{"\u0000":1}', '{"\u0000a":1}', '{"a\u0000":1}', '{"a":{"\u0000b":1}}', '{"\u0000":1,"b":[1,2,3]}',
    '{"a":1,"\u0000":{"x":[]}}', '[{"\u0000x":1}]', '{"x":{"y":{"z":{}}},"w":{}}',
    '{"i": 23, "array": [1, null, false, true, ["aha", "baba", 23, {"test": 23}]]}',
    '{"key":"value","list":[{"id":1},{"id":2},{"id":3}],"nested":{"a":{"b":{"c":null}}}}',
    '{"id":1,"id":{"id":[{"id":2}]},"id":3}', '{"é":1,"日本":2,"😀":3}', '[{"a":1},{"a":2},{"b":3,"a":4}]'];
check_all($inputs, [0, JSON_OBJECT_AS_ARRAY, JSON_THROW_ON_ERROR, JSON_OBJECT_AS_ARRAY | JSON_THROW_ON_ERROR]);
// Objects are created in ext/json's order (an object when its first member is complete),
// which var_dump()'s #ids show: same_decode() compares them from fresh handles.
echo same_decode('{"a":{"b":{}},"c":{},"d":[{"e":{}},{}]}'), "\n";
print_r(jsond_decode('{"1":{"":[]},"a":{}}'));
?>
--EXPECT--
'{}': ok
'[]': ok
'{"a":{}}': ok
'[[],{}]': ok
'{"":1}': ok
'{"":1,"":2}': ok
'{"a":1,"a":2}': ok
'{"a":1,"b":2,"a":3}': ok
'{"0":1}': ok
'{"1":"x","0":"y"}': ok
'{"123":1,"-5":2,"01":3,"-0":4,"1.5":5," 1":6}': ok
'{"9223372036854775807":1,"9223372036854775808":2,"-9223372036854775808":3}': ok
'{"\\u0000":1}': ok
'{"\\u0000a":1}': ok
'{"a\\u0000":1}': ok
'{"a":{"\\u0000b":1}}': ok
'{"\\u0000":1,"b":[1,2,3]}': ok
'{"a":1,"\\u0000":{"x":[]}}': ok
'[{"\\u0000x":1}]': ok
'{"x":{"y":{"z":{}}},"w":{}}': ok
'{"i": 23, "array": [1, null, false, true, ["aha", "baba", 23, {"test": 23}]]}': ok
'{"key":"value","list":[{"id":1},{"id":2},{"id":3}],"nested":{"a":{"b":{"c":null}}}}': ok
'{"id":1,"id":{"id":[{"id":2}]},"id":3}': ok
'{"é":1,"日本":2,"😀":3}': ok
'[{"a":1},{"a":2},{"b":3,"a":4}]': ok
ok
stdClass Object
(
    [1] => stdClass Object
        (
            [] => Array
                (
                )

        )

    [a] => stdClass Object
        (
        )

)
