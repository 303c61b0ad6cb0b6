--TEST--
jsond_pointer_*: a document that does not decode is located as jsond_decode() locates it; a missing path has no location
--EXTENSIONS--
zser
--FILE--
<?php
function where(): string
{
    $l = jsond_last_error_location();
    return jsond_last_error() . ' ' . jsond_last_error_msg() . ' | '
        . ($l === null ? 'null' : "{$l['line']}:{$l['column']} @{$l['offset']}");
}
foreach (["[1,\n x]", "{\"a\":[1}", "[\"é\", \"a\x01\"]", '', '[[1]]'] as $json) {
    jsond_decode($json, true, 2);
    $dec = jsond_last_error_location();
    foreach (['', '/0', '/a'] as $ptr) {
        jsond_pointer_get($json, $ptr, true, 2, JSOND_ERROR_LOCATION);
        echo json_encode($json), " get '$ptr': ", where(), jsond_last_error_location() === $dec ? '' : ' NOT AS jsond_decode', "\n";
    }
    jsond_pointer_exists($json, '/0', 2);
    echo "  exists: ", where(), "\n";
    jsond_pointer_count($json, '/0', 2, JSOND_ERROR_LOCATION);
    echo "  count: ", where(), "\n";
}
jsond_decode('[1');
var_dump(jsond_pointer_get('{"a": 1}', '/b'));
echo "not found: ", where(), "\n";
jsond_decode('[1');
var_dump(jsond_pointer_count('1', ''));
echo "not a container: ", where(), "\n";
try {
    jsond_pointer_get("{\n\"a\": x}", '/a', true, 512, JSON_THROW_ON_ERROR | JSOND_ERROR_LOCATION);
} catch (JsonException $e) {
    echo get_class($e), ' ', $e->getCode(), ': ', $e->getMessage(), "\n";
}
?>
--EXPECT--
"[1,\n x]" get '': 4 Syntax error near location 2:2 | 2:2 @5
"[1,\n x]" get '/0': 4 Syntax error near location 2:2 | 2:2 @5
"[1,\n x]" get '/a': 4 Syntax error near location 2:2 | 2:2 @5
  exists: 4 Syntax error | 2:2 @5
  count: 4 Syntax error near location 2:2 | 2:2 @5
"{\"a\":[1}" get '': 1 Maximum stack depth exceeded near location 1:6 | 1:6 @5
"{\"a\":[1}" get '/0': 1 Maximum stack depth exceeded near location 1:6 | 1:6 @5
"{\"a\":[1}" get '/a': 1 Maximum stack depth exceeded near location 1:6 | 1:6 @5
  exists: 1 Maximum stack depth exceeded | 1:6 @5
  count: 1 Maximum stack depth exceeded near location 1:6 | 1:6 @5
"[\"\u00e9\", \"a\u0001\"]" get '': 3 Control character error, possibly incorrectly encoded near location 1:7 | 1:7 @7
"[\"\u00e9\", \"a\u0001\"]" get '/0': 3 Control character error, possibly incorrectly encoded near location 1:7 | 1:7 @7
"[\"\u00e9\", \"a\u0001\"]" get '/a': 3 Control character error, possibly incorrectly encoded near location 1:7 | 1:7 @7
  exists: 3 Control character error, possibly incorrectly encoded | 1:7 @7
  count: 3 Control character error, possibly incorrectly encoded near location 1:7 | 1:7 @7
"" get '': 4 Syntax error near location 1:1 | 1:1 @0
"" get '/0': 4 Syntax error near location 1:1 | 1:1 @0
"" get '/a': 4 Syntax error near location 1:1 | 1:1 @0
  exists: 4 Syntax error | 1:1 @0
  count: 4 Syntax error near location 1:1 | 1:1 @0
"[[1]]" get '': 1 Maximum stack depth exceeded near location 1:2 | 1:2 @1
"[[1]]" get '/0': 1 Maximum stack depth exceeded near location 1:2 | 1:2 @1
"[[1]]" get '/a': 1 Maximum stack depth exceeded near location 1:2 | 1:2 @1
  exists: 1 Maximum stack depth exceeded | 1:2 @1
  count: 1 Maximum stack depth exceeded near location 1:2 | 1:2 @1
NULL
not found: 100 JSON Pointer not found | null
int(-1)
not a container: 101 JSON Pointer value is neither an array nor an object | null
JsonException 4: Syntax error near location 2:6
