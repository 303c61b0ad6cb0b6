--TEST--
jsond_pointer_get/exists/count: RFC 6901 paths give what json_decode() of the whole text holds there
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/pointer_ref.inc';

$doc = '{"a":[1,{"b":"x"},3],"":{"":5},"m~n":1,"a/b":2,"c%d":3,"0":"zero","01":"lead","-":"dash",'
    . '"n":null,"f":1.0,"e":{},"l":[]}';
$ptrs = ['', '/a', '/a/0', '/a/1', '/a/1/b', '/a/2', '/a/3', '/a/-', '/a/01', '/a/+1', '/a/1/b/0', '/', '//', '/m~0n',
    '/a~1b', '/c%d', '/0', '/01', '/-', '/n', '/n/x', '/f', '/e', '/l', '/l/0', '/missing', '/a/18446744073709551616'];
foreach ($ptrs as $p) {
    foreach ([null, true, false] as $assoc) {
        ptr_check($doc, $p, $assoc);
    }
}
echo "compared\n";
foreach (['', '/a/1', '/a/1/b', '/', '//', '/m~0n', '/a~1b', '/0', '/01', '/-', '/n', '/f', '/a/-', '/a/01', '/n/x', '/missing'] as $p) {
    ptr_show($doc, $p, true);
}
echo "-- object mode\n";
ptr_show($doc, '/a/1', false);
ptr_show($doc, '/e');
var_dump(jsond_pointer_get($doc, '/a/1') == json_decode($doc)->a[1]);

echo "-- duplicate names: the last one, as decode keeps\n";
$dup = '{"k":1,"k":{"x":[10]},"k":{"x":[20,21]},"\u006b":{"x":[30,31,32]}}';
foreach (['/k', '/k/x', '/k/x/2', '/k/x/3'] as $p) {
    ptr_check($dup, $p, true);
    ptr_check($dup, $p, false);
    ptr_show($dup, $p, true);
}
var_dump(jsond_pointer_count($dup, ''), jsond_pointer_count('{"a":1,"a":2,"b":3}', ''));

echo "-- names spelled with escapes\n";
$esc = '{"\u0061\/b":1,"\"q\"":2,"\\\\":3,"\u00e9":4,"é":5,"\ud83d\ude00":6}';
foreach (['/a~1b', '/"q"', '/\\', '/é', '/😀'] as $p) {
    ptr_check($esc, $p, true);
    ptr_show($esc, $p, true);
}
var_dump(jsond_pointer_count($esc, ''));

echo "-- member names starting with \\0: refused in object mode, as decode refuses them\n";
$nul = '{"a":1,"\u0000x":2}';
foreach ([null, true, false] as $assoc) {
    ptr_check($nul, '/a', $assoc);
    ptr_check($nul, "/\0x", $assoc);
}
ptr_show($nul, '/a');
ptr_show($nul, '/a', true);
ptr_show($nul, "/\0x", true);
var_dump(jsond_pointer_exists($nul, '/a'), jsond_last_error());
var_dump(jsond_pointer_exists($nul, '/a', 512, JSON_OBJECT_AS_ARRAY), jsond_last_error());

echo "-- ill-formed UTF-8 in names under IGNORE and SUBSTITUTE\n";
$bad = "{\"a\xFF\":1,\"a\":2,\"b\xFF\":3}";
foreach ([0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $f) {
    foreach (['/a', "/a\u{FFFD}", "/a\xFF", '/b', "/b\u{FFFD}"] as $p) {
        ptr_check($bad, $p, true, 512, $f);
    }
    ptr_show($bad, '/a', true, 512, $f);
    var_dump(jsond_pointer_count($bad, '', 512, $f));
}

echo "-- big integers, as values and as bare member names (valid only under JSON_BIGINT_AS_STRING)\n";
$big = '{"n":12345678901234567890,"m":[-98765432109876543210],"o":{12345678901234567890:"bare"}}';
foreach ([0, JSON_BIGINT_AS_STRING] as $f) {
    foreach (['/n', '/m/0', '/o', '/o/12345678901234567890'] as $p) {
        ptr_check($big, $p, true, 512, $f);
        ptr_check($big, $p, null, 512, $f);
    }
    ptr_show($big, '/n', true, 512, $f);
    ptr_show($big, '/o/12345678901234567890', true, 512, $f);
}
echo "-- JSON_OBJECT_AS_ARRAY with associative null, true, false\n";
foreach ([null, true, false] as $assoc) {
    foreach ([0, JSON_OBJECT_AS_ARRAY] as $f) {
        ptr_check($doc, '/a/1', $assoc, 512, $f);
        echo gettype(jsond_pointer_get($doc, '/a/1', $assoc, 512, $f)), ' ';
    }
}
echo "\n";
?>
--EXPECT--
compared
"": {"a":[1,{"b":"x"},3],"":{"":5},"m~n":1,"a\/b":2,"c%d":3,"0":"zero","01":"lead","-":"dash","n":null,"f":1.0,"e":[],"l":[]} (0 No error)
"/a/1": {"b":"x"} (0 No error)
"/a/1/b": "x" (0 No error)
"/": {"":5} (0 No error)
"//": 5 (0 No error)
"/m~0n": 1 (0 No error)
"/a~1b": 2 (0 No error)
"/0": "zero" (0 No error)
"/01": "lead" (0 No error)
"/-": "dash" (0 No error)
"/n": null (0 No error)
"/f": 1.0 (0 No error)
"/a/-": null (100 JSON Pointer not found)
"/a/01": null (100 JSON Pointer not found)
"/n/x": null (100 JSON Pointer not found)
"/missing": null (100 JSON Pointer not found)
-- object mode
"/a/1": {"b":"x"} (0 No error)
"/e": {} (0 No error)
bool(true)
-- duplicate names: the last one, as decode keeps
"/k": {"x":[30,31,32]} (0 No error)
"/k/x": [30,31,32] (0 No error)
"/k/x/2": 32 (0 No error)
"/k/x/3": null (100 JSON Pointer not found)
int(1)
int(2)
-- names spelled with escapes
"/a~1b": 1 (0 No error)
"/\"q\"": 2 (0 No error)
"/\\": 3 (0 No error)
"/é": 5 (0 No error)
"/😀": 6 (0 No error)
int(5)
-- member names starting with \0: refused in object mode, as decode refuses them
"/a": null (9 The decoded property name is invalid)
"/a": 1 (0 No error)
"/\u0000x": 2 (0 No error)
bool(false)
int(9)
bool(true)
int(0)
-- ill-formed UTF-8 in names under IGNORE and SUBSTITUTE
"/a": null (5 Malformed UTF-8 characters, possibly incorrectly encoded)
int(-1)
"/a": 2 (0 No error)
int(2)
"/a": 2 (0 No error)
int(3)
-- big integers, as values and as bare member names (valid only under JSON_BIGINT_AS_STRING)
"/n": null (4 Syntax error)
"/o/12345678901234567890": null (4 Syntax error)
"/n": "12345678901234567890" (0 No error)
"/o/12345678901234567890": "bare" (0 No error)
-- JSON_OBJECT_AS_ARRAY with associative null, true, false
object array array array object object 
