--TEST--
jsond_last_error_location() and JSOND_ERROR_LOCATION: where a decode error is
--EXTENSIONS--
zser
--FILE--
<?php
function show(string $json, int $depth = 512, bool $assoc = true): void
{
    // the plain code and message are json_decode()'s; the location comes on request
    json_decode($json, $assoc, $depth);
    $php = [json_last_error(), json_last_error_msg()];
    jsond_decode($json, $assoc, $depth);
    $plain = [jsond_last_error(), jsond_last_error_msg()];
    $loc = jsond_last_error_location();
    jsond_decode($json, $assoc, $depth, JSOND_ERROR_LOCATION);
    echo json_encode($json, JSON_INVALID_UTF8_SUBSTITUTE | JSON_UNESCAPED_UNICODE), ': ',
        $plain === $php ? 'as ext/json' : 'DIFFERS ' . json_encode([$php, $plain]), ' | ',
        jsond_last_error_msg(), ' | ',
        $loc === null ? 'null' : "{$loc['line']}:{$loc['column']} @{$loc['offset']}",
        jsond_last_error_location() === $loc ? '' : ' LOCATION DIFFERS', "\n";
}

echo "-- syntax\n";
show('{"key": }');
show('{: "value"}');
show('{"a": 1, "b": 2,}');
show('[1, 2, 3,]');
show('{"num": 01}');
show('{"num": 1.2.3}');
show('{"num": 1e}');
show('{"num": --1}');
show('{"key": "\\q"}');
show('{"key": "\\u123"}');
show('{"val": tru}');
show('{"key": "val"}}');
show('[1 2 3]');
show('{"a": 1 "b": 2}');
show('[1');
show('');
show('   ');
echo "-- state mismatch\n";
show('{"key": "val"]');
show('["val"}');
show('[]}');
echo "-- control character\n";
show('{"key": "value');
show("[\"a\x01\"]");
show("[1,\x01]");
echo "-- malformed UTF-8\n";
show("[\"ab\x80\"]");
show("[1,\x80]");
echo "-- UTF-16 surrogate\n";
show('{"k": "x\ud834"}');
echo "-- depth\n";
show('[[1]]', 1);
show('[[[[[[[[[[10]]]]]]]]]]', 5);
show('{"a":{"b":{"c":{"d":{"e":{"f":1}}}}}}', 5);
show('[{"a":[{"b":[{"c":"val"}]}]}]', 3);
echo "-- invalid property name (the end of the member's value)\n";
show('{"\u0000ab": [1, 2]}', 512, false);
echo "-- lines: LF, CRLF, blank lines, a lone CR\n";
show("{\n    \"name\": \"value\n}");
show("{\n    \"key1\": \"value1\",\n    \"key2\" \"value2\"\n}");
show("{\r\n\"key\": \"value\r\n}");
show("\n\n\n{");
show("{\n}x");
show("[1,\r2,\rx]");
show("{\n  \"a\": 1,\n");
echo "-- columns count characters\n";
show('{"外":{"中":{"内":"値}}}');
show("[\"é\", \"😀\", x]");
show("[\"日本\",\n \"ü\", x]");

echo "-- no location after success, an encode error, or a pointer error\n";
jsond_decode('[1');
jsond_decode('[1]');
var_dump(jsond_last_error_location(), jsond_last_error_msg());
jsond_validate('[1');
var_dump(jsond_validate('{}', 512, JSOND_ERROR_LOCATION), jsond_last_error_location());
jsond_decode('[1', true, 512, JSOND_ERROR_LOCATION);
var_dump(jsond_encode(NAN), jsond_last_error_location(), jsond_last_error_msg());
jsond_decode('[1', true, 512, JSOND_ERROR_LOCATION);
var_dump(jsond_pointer_get('{"a": 1}', '/b'), jsond_last_error_location(), jsond_last_error_msg());

echo "-- jsond_validate\n";
var_dump(jsond_validate("[1,\n 2,,]", 512, JSOND_ERROR_LOCATION), jsond_last_error_msg(), jsond_last_error_location());
var_dump(jsond_validate("[\"a\x80\", x]", 512, JSOND_ERROR_LOCATION | JSON_INVALID_UTF8_IGNORE), jsond_last_error_msg());
var_dump(jsond_validate('', 512, JSOND_ERROR_LOCATION), jsond_last_error_msg());
try {
    jsond_validate('[]', 512, JSOND_ERROR_LOCATION | JSON_BIGINT_AS_STRING);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- JsonException\n";
jsond_decode('[1');
foreach ([JSON_THROW_ON_ERROR, JSON_THROW_ON_ERROR | JSOND_ERROR_LOCATION] as $flags) {
    foreach (["[\n 1,]", '', '[[1]]'] as $json) {
        try {
            jsond_decode($json, true, 2, $flags);
        } catch (JsonException $e) {
            echo get_class($e), ' ', $e->getCode(), ': ', $e->getMessage(), "\n";
        }
    }
}
try {
    json_decode("[\n 1,]", true, 2, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo 'ext/json: ', $e->getCode(), ': ', $e->getMessage(), "\n";
}
// under JSON_THROW_ON_ERROR the last-error state, location included, is left alone
var_dump(jsond_last_error_location(), jsond_last_error_msg());

echo "-- the flag is a bit of its own\n";
var_dump(JSOND_ERROR_LOCATION);
foreach (get_defined_constants(true)['json'] as $name => $v) {
    if (str_starts_with($name, 'JSON_') && !str_starts_with($name, 'JSON_ERROR_') && ($v & JSOND_ERROR_LOCATION)) {
        echo "clash with $name\n";
    }
}
var_dump(JSOND_ERROR_LOCATION & JSOND_LINES_SKIP_INVALID);

try {
    jsond_last_error_location(1);
} catch (ArgumentCountError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
-- syntax
"{\"key\": }": as ext/json | Syntax error near location 1:9 | 1:9 @8
"{: \"value\"}": as ext/json | Syntax error near location 1:2 | 1:2 @1
"{\"a\": 1, \"b\": 2,}": as ext/json | Syntax error near location 1:17 | 1:17 @16
"[1, 2, 3,]": as ext/json | Syntax error near location 1:10 | 1:10 @9
"{\"num\": 01}": as ext/json | Syntax error near location 1:10 | 1:10 @9
"{\"num\": 1.2.3}": as ext/json | Syntax error near location 1:12 | 1:12 @11
"{\"num\": 1e}": as ext/json | Syntax error near location 1:10 | 1:10 @9
"{\"num\": --1}": as ext/json | Syntax error near location 1:9 | 1:9 @8
"{\"key\": \"\\q\"}": as ext/json | Syntax error near location 1:9 | 1:9 @8
"{\"key\": \"\\u123\"}": as ext/json | Syntax error near location 1:9 | 1:9 @8
"{\"val\": tru}": as ext/json | Syntax error near location 1:9 | 1:9 @8
"{\"key\": \"val\"}}": as ext/json | Syntax error near location 1:15 | 1:15 @14
"[1 2 3]": as ext/json | Syntax error near location 1:4 | 1:4 @3
"{\"a\": 1 \"b\": 2}": as ext/json | Syntax error near location 1:9 | 1:9 @8
"[1": as ext/json | Syntax error near location 1:3 | 1:3 @2
"": as ext/json | Syntax error near location 1:1 | 1:1 @0
"   ": as ext/json | Syntax error near location 1:4 | 1:4 @3
-- state mismatch
"{\"key\": \"val\"]": as ext/json | State mismatch (invalid or malformed JSON) near location 1:14 | 1:14 @13
"[\"val\"}": as ext/json | State mismatch (invalid or malformed JSON) near location 1:7 | 1:7 @6
"[]}": as ext/json | Syntax error near location 1:3 | 1:3 @2
-- control character
"{\"key\": \"value": as ext/json | Control character error, possibly incorrectly encoded near location 1:9 | 1:9 @8
"[\"a\u0001\"]": as ext/json | Control character error, possibly incorrectly encoded near location 1:2 | 1:2 @1
"[1,\u0001]": as ext/json | Control character error, possibly incorrectly encoded near location 1:4 | 1:4 @3
-- malformed UTF-8
"[\"ab�\"]": as ext/json | Malformed UTF-8 characters, possibly incorrectly encoded near location 1:2 | 1:2 @1
"[1,�]": as ext/json | Malformed UTF-8 characters, possibly incorrectly encoded near location 1:4 | 1:4 @3
-- UTF-16 surrogate
"{\"k\": \"x\\ud834\"}": as ext/json | Single unpaired UTF-16 surrogate in unicode escape near location 1:7 | 1:7 @6
-- depth
"[[1]]": as ext/json | Maximum stack depth exceeded near location 1:1 | 1:1 @0
"[[[[[[[[[[10]]]]]]]]]]": as ext/json | Maximum stack depth exceeded near location 1:5 | 1:5 @4
"{\"a\":{\"b\":{\"c\":{\"d\":{\"e\":{\"f\":1}}}}}}": as ext/json | Maximum stack depth exceeded near location 1:21 | 1:21 @20
"[{\"a\":[{\"b\":[{\"c\":\"val\"}]}]}]": as ext/json | Maximum stack depth exceeded near location 1:7 | 1:7 @6
-- invalid property name (the end of the member's value)
"{\"\\u0000ab\": [1, 2]}": as ext/json | The decoded property name is invalid near location 1:20 | 1:20 @19
-- lines: LF, CRLF, blank lines, a lone CR
"{\n    \"name\": \"value\n}": as ext/json | Control character error, possibly incorrectly encoded near location 2:13 | 2:13 @14
"{\n    \"key1\": \"value1\",\n    \"key2\" \"value2\"\n}": as ext/json | Syntax error near location 3:12 | 3:12 @35
"{\r\n\"key\": \"value\r\n}": as ext/json | Control character error, possibly incorrectly encoded near location 2:8 | 2:8 @10
"\n\n\n{": as ext/json | Syntax error near location 4:2 | 4:2 @4
"{\n}x": as ext/json | Syntax error near location 2:2 | 2:2 @3
"[1,\r2,\rx]": as ext/json | Syntax error near location 1:8 | 1:8 @7
"{\n  \"a\": 1,\n": as ext/json | Syntax error near location 3:1 | 3:1 @12
-- columns count characters
"{\"外\":{\"中\":{\"内\":\"値}}}": as ext/json | Control character error, possibly incorrectly encoded near location 1:16 | 1:16 @21
"[\"é\", \"😀\", x]": as ext/json | Syntax error near location 1:12 | 1:12 @15
"[\"日本\",\n \"ü\", x]": as ext/json | Syntax error near location 2:7 | 2:7 @18
-- no location after success, an encode error, or a pointer error
NULL
string(8) "No error"
bool(true)
NULL
bool(false)
NULL
string(34) "Inf and NaN cannot be JSON encoded"
NULL
NULL
string(22) "JSON Pointer not found"
-- jsond_validate
bool(false)
string(30) "Syntax error near location 2:4"
array(3) {
  ["line"]=>
  int(2)
  ["column"]=>
  int(4)
  ["offset"]=>
  int(7)
}
bool(false)
string(30) "Syntax error near location 1:7"
bool(false)
string(30) "Syntax error near location 1:1"
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
-- JsonException
JsonException 4: Syntax error
JsonException 4: Syntax error
JsonException 1: Maximum stack depth exceeded
JsonException 4: Syntax error near location 2:4
JsonException 4: Syntax error near location 1:1
JsonException 1: Maximum stack depth exceeded near location 1:2
ext/json: 4: Syntax error
array(3) {
  ["line"]=>
  int(1)
  ["column"]=>
  int(3)
  ["offset"]=>
  int(2)
}
string(12) "Syntax error"
-- the flag is a bit of its own
int(536870912)
int(0)
ArgumentCountError: jsond_last_error_location() expects exactly 0 arguments, 1 given
