--TEST--
jsond_pointer_*: invalid text anywhere (error codes of jsond_decode/json_decode), depth counted from the root, JSON_THROW_ON_ERROR, argument errors
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/pointer_ref.inc';

echo "-- invalid text outside the path: the whole text is validated\n";
$texts = ['{"a":1,"b":[1,2', '{"a":1,"b":[1,2}', '{"a":1,"b":"\x01"}', "{\"a\":1,\"b\":\"\xFF\"}", '{"a":1,"b":"\ud800"}',
    '{"a":1} x', '{"a":1,}', '{"a":01}', '', ' ', '{"a":1,"b":tru}', '[1,2,3', "{\"a\":1}\x00", '{"a":1,"b":{"\u0000":2}}'];
foreach ($texts as $t) {
    foreach (['', '/a', '/b', '/zz'] as $p) {
        foreach ([0, JSON_THROW_ON_ERROR, JSON_INVALID_UTF8_IGNORE, JSON_OBJECT_AS_ARRAY] as $f) {
            ptr_check($t, $p, null, 512, $f);
        }
    }
    ptr_show($t, '/a');
}

echo "-- depth counted from the root, as jsond_decode counts it\n";
$deep = '{"a":{"b":{"c":[1,[2]]}},"z":0}';
foreach (['', '/z', '/a', '/a/b', '/a/b/c', '/a/b/c/0', '/a/b/c/1', '/a/b/c/1/0'] as $p) {
    foreach ([1, 2, 3, 4, 5, 6] as $d) {
        ptr_check($deep, $p, true, $d);
        ptr_check($deep, $p, false, $d);
    }
}
ptr_show($deep, '/z', true, 5);
ptr_show($deep, '/z', true, 6);
ptr_show($deep, '/a/b/c/1/0', true, 6);
ptr_show('[[[1]]]', '/0/0/0', true, 4);
ptr_show('[[[1]]]', '/0/0/0', true, 3);
// nesting ext/json's parser stack refuses (a syntax error, not a depth error)
$n = 6000;
ptr_check(str_repeat('[', $n) . str_repeat(']', $n), '/0', true, 100000);
ptr_show(str_repeat('[', $n) . str_repeat(']', $n), '/0', true, 100000);

echo "-- not found is not null\n";
$j = '{"n":null}';
ptr_show($j, '/n');
ptr_show($j, '/m');
var_dump(jsond_pointer_exists($j, '/n'), jsond_pointer_exists($j, '/m'), jsond_last_error());
var_dump(jsond_pointer_count($j, '/n'), jsond_last_error(), jsond_last_error_msg());
var_dump(jsond_pointer_count($j, '/m'), jsond_last_error(), jsond_last_error_msg());
var_dump(JSOND_ERROR_POINTER_NOT_FOUND, JSOND_ERROR_POINTER_NOT_CONTAINER);

echo "-- JSON_THROW_ON_ERROR: JsonException, the last-error state untouched\n";
jsond_decode('[');
foreach ([fn() => jsond_pointer_get($j, '/m', null, 512, JSON_THROW_ON_ERROR),
          fn() => jsond_pointer_count($j, '/n', 512, JSON_THROW_ON_ERROR),
          fn() => jsond_pointer_count($j, '/m', 512, JSON_THROW_ON_ERROR),
          fn() => jsond_pointer_exists('[', '/m', 512, JSON_THROW_ON_ERROR),
          fn() => jsond_pointer_get('', '', null, 512, JSON_THROW_ON_ERROR)] as $call) {
    try {
        $call();
        echo "no exception\n";
    } catch (JsonException $e) {
        echo $e->getCode(), ' ', $e->getMessage(), "\n";
    }
}
var_dump(jsond_pointer_exists($j, '/m', 512, JSON_THROW_ON_ERROR), jsond_pointer_get($j, '/n', null, 512, JSON_THROW_ON_ERROR));
var_dump(jsond_last_error());
echo "-- a call without the flag resets the state\n";
var_dump(jsond_pointer_get($j, '/n'), jsond_last_error());

echo "-- argument errors\n";
foreach ([
    fn() => jsond_pointer_get('{}', 'a'),
    fn() => jsond_pointer_get('{}', '#/a'),
    fn() => jsond_pointer_get('{}', '/a~'),
    fn() => jsond_pointer_get('{}', '/a~2'),
    fn() => jsond_pointer_exists('{}', 'x'),
    fn() => jsond_pointer_count('{}', '/~x'),
    fn() => jsond_pointer_get('{}', '', null, 0),
    fn() => jsond_pointer_get('{}', '', null, -1),
    fn() => jsond_pointer_get('{}', '', null, PHP_INT_MAX),
    fn() => jsond_pointer_exists('{}', '', 0),
    fn() => jsond_pointer_count('{}', '', PHP_INT_MAX),
    fn() => jsond_pointer_get([], ''),
    fn() => jsond_pointer_count('{}'),
    // empty text before the depth check, as jsond_decode() orders them
    fn() => jsond_pointer_get('', '', null, 0),
    fn() => jsond_pointer_get('', 'bad'),
] as $call) {
    try {
        var_dump($call());
        echo jsond_last_error(), "\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
var_dump(jsond_decode('', null, 0), jsond_last_error());
?>
--EXPECT--
-- invalid text outside the path: the whole text is validated
"/a": null (4 Syntax error)
"/a": null (2 State mismatch (invalid or malformed JSON))
"/a": null (4 Syntax error)
"/a": null (5 Malformed UTF-8 characters, possibly incorrectly encoded)
"/a": null (10 Single unpaired UTF-16 surrogate in unicode escape)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (4 Syntax error)
"/a": null (3 Control character error, possibly incorrectly encoded)
"/a": null (9 The decoded property name is invalid)
-- depth counted from the root, as jsond_decode counts it
"/z": null (1 Maximum stack depth exceeded)
"/z": 0 (0 No error)
"/a/b/c/1/0": 2 (0 No error)
"/0/0/0": 1 (0 No error)
"/0/0/0": null (1 Maximum stack depth exceeded)
"/0": null (4 Syntax error)
-- not found is not null
"/n": null (0 No error)
"/m": null (100 JSON Pointer not found)
bool(true)
bool(false)
int(0)
int(-1)
int(101)
string(52) "JSON Pointer value is neither an array nor an object"
int(-1)
int(100)
string(22) "JSON Pointer not found"
int(100)
int(101)
-- JSON_THROW_ON_ERROR: JsonException, the last-error state untouched
100 JSON Pointer not found
101 JSON Pointer value is neither an array nor an object
100 JSON Pointer not found
4 Syntax error
4 Syntax error
bool(false)
NULL
int(4)
-- a call without the flag resets the state
NULL
int(0)
-- argument errors
ValueError: jsond_pointer_get(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_get(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_get(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_get(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_exists(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_count(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
ValueError: jsond_pointer_get(): Argument #4 ($depth) must be greater than 0
ValueError: jsond_pointer_get(): Argument #4 ($depth) must be greater than 0
ValueError: jsond_pointer_get(): Argument #4 ($depth) must be less than 2147483647
ValueError: jsond_pointer_exists(): Argument #3 ($depth) must be greater than 0
ValueError: jsond_pointer_count(): Argument #3 ($depth) must be less than 2147483647
TypeError: jsond_pointer_get(): Argument #1 ($json) must be of type string, array given
ArgumentCountError: jsond_pointer_count() expects at least 2 arguments, 1 given
NULL
4
ValueError: jsond_pointer_get(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
NULL
int(4)
