--TEST--
jsond_decode_stream(): errors before, inside and after the target, truncated text, not found, not a container: JsonException with json_decode()'s code and message, jsond_decode()'s place, what came before kept
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/stream_ref.inc';

function show(string $text, string $ptr = '', ...$args): void {
    $r = sref_iterate(sref_open($text), $ptr, ...$args);
    echo '  yielded ', json_encode(array_column($r[1], 1)), $r[0] === 'ok' ? '' : " then {$r[2]}: {$r[3]}, at " . json_encode($r[5]), "\n";
}
// every read size: the error, its place, and what was yielded before it, as expected
function same(string $text, string $ptr, array $before, ...$args): void {
    $args += [null, 512, 0];
    var_dump(sref_same($text, $ptr, $args[0], $args[1], $args[2], $before));
}

echo "-- not found, not a container: codes 100 and 101, no place\n";
show('{"a": {"b": [1]}}', '/a/c');
show('{"a": {"b": [1]}}', '/a/b/1');
show('{"a": {"b": [1]}}', '/a/b/0');
show('[{"a": 1}]', '/00');
show('[{"a": 1}]', '/-');
show('"text"');
var_dump(jsond_last_error(), jsond_last_error_msg());
same('{"a": {"b": [1]}}', '/a/c', []);
same('{"a": {"b": [1]}}', '/a/b/0', []);
echo "-- the whole text is checked first, as jsond_pointer_get() does: a bad text wins over not found\n";
show('{"a": 1, "b": [1, }', '/zz');
show('{"a": 1, "b": [1, }', '/a');

echo "-- errors before the target: nothing yielded\n";
show('{"x": [1, }, "a": [1, 2]}', '/a');
show("{\"x\": \"\x01\", \"a\": [1]}", '/a');
show("{\"x\xFF\": 0, \"a\": [1]}", '/a');
show('{"x": [[[1]]], "a": [1]}', '/a', null, 3);
same('{"x": [1, }, "a": [1, 2]}', '/a', []);
same("{\"x\xFF\": 0, \"a\": [1]}", '/a', []);
same('{"x": [[[1]]], "a": [1]}', '/a', [], null, 3);

echo "-- errors inside the target: the elements before it are yielded\n";
show('[1, 2, [3, }, 4]');
show("[1, \"a\x01\", 3]");
show("[1, \"\xFF\"]");
show('[1, "\ud800"]');
show('[1, [[2]], 3]', '', null, 3);
show('[1, 2 3]');
show('[1, tru]');
show('[1, 2,]');
show('{"a": 1, "b" 2}');
same('[1, 2, [3, }, 4]', '', [[0, 1], [1, 2]]);
same("[1, \"a\x01\", 3]", '', [[0, 1]]);
same('[1, "\ud800"]', '', [[0, 1]]);
same('[1, [[2]], 3]', '', [[0, 1]], null, 3);
same('[1, 2 3]', '', [[0, 1], [1, 2]]);
same('{"a": 1, "b" 2}', '', [['a', 1]]);

echo "-- errors after the target: all elements yielded, then the error\n";
show('{"a": [1, 2], "b": tru}', '/a');
show('{"a": [1, 2]} x', '/a');
show('{"a": [1, 2]}, 3', '/a');
same('{"a": [1, 2], "b": tru}', '/a', [[0, 1], [1, 2]]);
same('{"a": [1, 2]} x', '/a', [[0, 1], [1, 2]]);

echo "-- a member name refused in object mode: after its value, not in assoc mode\n";
show('{"a": [1], "\u0000x": 2}', '/a');
show('{"\u0000x": [1], "b": 2}');
show('{"a": 1, "\u0000x": tru}');
show('{"a": 1, "\u0000x": 0.}');
show('{"a": 1, "\u0000x": 2}', '', true);
same('{"a": [1], "\u0000x": 2}', '/a', [[0, 1]]);
same('{"a": 1, "\u0000x": 0.}', '', [['a', 1]]);
same('{"\u0000x": 1, "b": [2]}', '/b', [], true);

echo "-- a truncated text: a syntax (or string) error at its end\n";
foreach (['', ' ', '[', '[1, 2', '[1, 2,', '{"a": [1', '{"a": [1]', '[1, "ab', '[1, {"a": [2', '[1, 1e', '{"a', '{"a": '] as $t) {
    echo json_encode($t), "\n";
    show($t, ($t !== '' && $t[0] === '{') ? '/a' : '');
}
same('[1, 2', '', [[0, 1], [1, 2]]);
same('[1, 1e', '', [[0, 1]]);
same('[1, "ab', '', [[0, 1]]);
same('[1, {"a": [2', '', [[0, 1]]);
same('{"a": [1', '/a', [[0, 1]]);
same('{"a": [1, 2]', '/a', [[0, 1], [1, 2]]);

echo "-- a big integer name (JSON_BIGINT_AS_STRING) is refused at its start only when a fraction or an\n";
echo "   exponent goes on from it; a '.', 'e' or 'E' with no digit fails after it, as the next token\n";
foreach (['e', 'ez', 'E-', 'e+x', '.', '.x', '.5', 'e5', 'E+5', 'x'] as $after) {
    $text = '{1079769323372036855471' . $after . ': 1}';
    show($text, '/0', true, 512, JSON_BIGINT_AS_STRING);
    same($text, '/0', [], true, 512, JSON_BIGINT_AS_STRING);
}
echo "-- lines and columns count from where the stream stood\n";
show("[\n  1,\n  \"é\", }\n]");
$f = fopen('php://memory', 'w+');
fwrite($f, "skip\n[1,\n2 x]");
fseek($f, 5);
var_dump(sref_iterate($f)[5]);

echo "-- JSOND_ERROR_LOCATION adds the place to the message; JSON_THROW_ON_ERROR changes nothing\n";
show("[\n  1,\n  \"é\", }\n]", '', null, 512, JSOND_ERROR_LOCATION);
var_dump(jsond_last_error_msg());
show('[1, }', '', null, 512, JSON_THROW_ON_ERROR);
var_dump(jsond_last_error());
show('[1, 2]', '/0', null, 512, JSON_THROW_ON_ERROR | JSOND_ERROR_LOCATION);
var_dump(jsond_last_error_msg());
echo "-- a new call starts with no error\n";
$it = jsond_decode_stream(sref_open('[1]'));
var_dump(jsond_last_error(), jsond_last_error_location());
?>
--EXPECT--
-- not found, not a container: codes 100 and 101, no place
  yielded [] then 100: JSON Pointer not found, at null
  yielded [] then 100: JSON Pointer not found, at null
  yielded [] then 101: JSON Pointer value is neither an array nor an object, at null
  yielded [] then 100: JSON Pointer not found, at null
  yielded [] then 100: JSON Pointer not found, at null
  yielded [] then 101: JSON Pointer value is neither an array nor an object, at null
int(101)
string(52) "JSON Pointer value is neither an array nor an object"
bool(true)
bool(true)
-- the whole text is checked first, as jsond_pointer_get() does: a bad text wins over not found
  yielded [] then 4: Syntax error, at {"line":1,"column":19,"offset":18}
  yielded [] then 4: Syntax error, at {"line":1,"column":19,"offset":18}
-- errors before the target: nothing yielded
  yielded [] then 4: Syntax error, at {"line":1,"column":11,"offset":10}
  yielded [] then 3: Control character error, possibly incorrectly encoded, at {"line":1,"column":7,"offset":6}
  yielded [] then 5: Malformed UTF-8 characters, possibly incorrectly encoded, at {"line":1,"column":2,"offset":1}
  yielded [] then 1: Maximum stack depth exceeded, at {"line":1,"column":8,"offset":7}
bool(true)
bool(true)
bool(true)
-- errors inside the target: the elements before it are yielded
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":12,"offset":11}
  yielded [1] then 3: Control character error, possibly incorrectly encoded, at {"line":1,"column":5,"offset":4}
  yielded [1] then 5: Malformed UTF-8 characters, possibly incorrectly encoded, at {"line":1,"column":5,"offset":4}
  yielded [1] then 10: Single unpaired UTF-16 surrogate in unicode escape, at {"line":1,"column":5,"offset":4}
  yielded [1] then 1: Maximum stack depth exceeded, at {"line":1,"column":6,"offset":5}
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":7,"offset":6}
  yielded [1] then 4: Syntax error, at {"line":1,"column":5,"offset":4}
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":7,"offset":6}
  yielded [1] then 4: Syntax error, at {"line":1,"column":14,"offset":13}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- errors after the target: all elements yielded, then the error
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":20,"offset":19}
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":15,"offset":14}
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":14,"offset":13}
bool(true)
bool(true)
-- a member name refused in object mode: after its value, not in assoc mode
  yielded [1] then 9: The decoded property name is invalid, at {"line":1,"column":24,"offset":23}
  yielded [] then 9: The decoded property name is invalid, at {"line":1,"column":16,"offset":15}
  yielded [1] then 4: Syntax error, at {"line":1,"column":21,"offset":20}
  yielded [1] then 9: The decoded property name is invalid, at {"line":1,"column":22,"offset":21}
  yielded [1,2]
bool(true)
bool(true)
bool(true)
-- a truncated text: a syntax (or string) error at its end
""
  yielded [] then 4: Syntax error, at {"line":1,"column":1,"offset":0}
" "
  yielded [] then 4: Syntax error, at {"line":1,"column":2,"offset":1}
"["
  yielded [] then 4: Syntax error, at {"line":1,"column":2,"offset":1}
"[1, 2"
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":6,"offset":5}
"[1, 2,"
  yielded [1,2] then 4: Syntax error, at {"line":1,"column":7,"offset":6}
"{\"a\": [1"
  yielded [1] then 4: Syntax error, at {"line":1,"column":9,"offset":8}
"{\"a\": [1]"
  yielded [1] then 4: Syntax error, at {"line":1,"column":10,"offset":9}
"[1, \"ab"
  yielded [1] then 3: Control character error, possibly incorrectly encoded, at {"line":1,"column":5,"offset":4}
"[1, {\"a\": [2"
  yielded [1] then 4: Syntax error, at {"line":1,"column":13,"offset":12}
"[1, 1e"
  yielded [1] then 4: Syntax error, at {"line":1,"column":6,"offset":5}
"{\"a"
  yielded [] then 3: Control character error, possibly incorrectly encoded, at {"line":1,"column":2,"offset":1}
"{\"a\": "
  yielded [] then 4: Syntax error, at {"line":1,"column":7,"offset":6}
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
-- a big integer name (JSON_BIGINT_AS_STRING) is refused at its start only when a fraction or an
   exponent goes on from it; a '.', 'e' or 'E' with no digit fails after it, as the next token
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":2,"offset":1}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":2,"offset":1}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":2,"offset":1}
bool(true)
  yielded [] then 4: Syntax error, at {"line":1,"column":24,"offset":23}
bool(true)
-- lines and columns count from where the stream stood
  yielded [1,"\u00e9"] then 4: Syntax error, at {"line":3,"column":8,"offset":15}
array(3) {
  ["line"]=>
  int(2)
  ["column"]=>
  int(3)
  ["offset"]=>
  int(6)
}
-- JSOND_ERROR_LOCATION adds the place to the message; JSON_THROW_ON_ERROR changes nothing
  yielded [1,"\u00e9"] then 4: Syntax error near location 3:8, at {"line":3,"column":8,"offset":15}
string(30) "Syntax error near location 3:8"
  yielded [1] then 4: Syntax error, at {"line":1,"column":5,"offset":4}
int(4)
  yielded [] then 101: JSON Pointer value is neither an array nor an object, at null
string(52) "JSON Pointer value is neither an array nor an object"
-- a new call starts with no error
int(0)
NULL
