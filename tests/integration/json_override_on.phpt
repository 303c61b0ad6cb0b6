--TEST--
zser.json_override=1: json_encode, json_decode, json_last_error(_msg) run zser and share its error state
--EXTENSIONS--
zser
--SKIPIF--
<?php
try {
    jsond_encode(1);
    jsond_decode('1');
} catch (Throwable $e) {
    die('skip jsond_encode/jsond_decode not implemented yet: ' . $e->getMessage());
}
?>
--INI--
zser.json_override=1
--FILE--
<?php
var_dump(ini_get('zser.json_override'));
// Names, arginfo and reflection stay ext/json's.
$rf = new ReflectionFunction('json_decode');
var_dump($rf->getExtensionName(), $rf->getNumberOfParameters(), $rf->getParameters()[1]->getName());

// An error raised through json_* is zser's: jsond_last_error() sees it, and back.
var_dump(json_encode(NAN), json_last_error() === JSON_ERROR_INF_OR_NAN, jsond_last_error() === JSON_ERROR_INF_OR_NAN);
var_dump(jsond_decode('[1,'), json_last_error() === JSON_ERROR_SYNTAX, json_last_error_msg());
var_dump(json_decode('{"a":{"b":[1,2.5,"x"]}}', true, flags: JSON_BIGINT_AS_STRING));
var_dump(json_last_error(), json_last_error_msg());
try {
    json_decode('[', flags: JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    var_dump($e->getMessage(), $e->getCode());
}
var_dump(json_encode(['a' => 1, 'b' => [true, null]], JSON_PRETTY_PRINT) === "{\n    \"a\": 1,\n    \"b\": [\n        true,\n        null\n    ]\n}");
if (function_exists('json_validate')) {
    var_dump(json_validate('[1]') && !json_validate('[1'));
} else {
    var_dump(true);
}
?>
--EXPECT--
string(1) "1"
string(4) "json"
int(4)
string(11) "associative"
bool(false)
bool(true)
bool(true)
NULL
bool(true)
string(12) "Syntax error"
array(1) {
  ["a"]=>
  array(1) {
    ["b"]=>
    array(3) {
      [0]=>
      int(1)
      [1]=>
      float(2.5)
      [2]=>
      string(1) "x"
    }
  }
}
int(0)
string(8) "No error"
string(12) "Syntax error"
int(4)
bool(true)
bool(true)
