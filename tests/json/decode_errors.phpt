--TEST--
jsond_decode(): every error code, and which one wins when an input has several problems
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';
$inputs = [
    // state mismatch
    '[1}', '{"a":1]', '[}', '{]', '[[1]}', '{"a":[1}', '[1,}', '{"a":1,]', '{"a"]', '{,}', '[,]',
    // syntax
    '[', '{', '[1', '{"a"', '{"a":', '{"a":1', '[1,', 'tru', 'nul', 'fals', 'truex', '[1 2]', '{"a" 1}', '{a:1}', "{'a':1}",
    '[1,,2]', '1 2', '"a" "b"', '{"a":1}}', '[1]]', ' ', "\t\n\r ", '{1:2}', '{null:1}', '[1:2]', '{"a"::1}',
    // control characters and NUL outside strings
    "[1,\x01]", "\x01", "[1]\x00", "[1]\x00garbage", "\x001", "[\x7f]", "[1\x0b]",
    // the scanner's error comes before the parser's for the same token
    "[1 \"a\x01\"]", "[1 \"\xFF\"]", "[1 \"\\ud800\"]", "[1 \"\\x\"]", "[1 \xFF]", "{\"a\" \"b\x01\"}", "{1 \"\\udc00\"}",
    "[1}\x01", "{\"a\":1]\xFF", "{\"\\u0000\":1]", "{\"\\u0000\":1 x", "{\"\\u0000\":\"\x01\"}", "{\"\\u0000\":[1}",
    "{\"\\u0000\":{\"\\u0000\":1}}", "[1, \"ok\" \"a\\u12\"]", '{"a":1 "b\x"}',
    // errors inside keys and values
    "{\"a\x01\":1}", "{\"\\ud800\":1}", "{\"a\":\"\\udc00\"}", "{\"\xFF\":\"\\ud800\"}"];
check_all($inputs, [0, JSON_INVALID_UTF8_IGNORE, JSON_THROW_ON_ERROR, JSON_BIGINT_AS_STRING], [null, true], [512, 1]);
?>
--EXPECT--
'[1}': ok
'{"a":1]': ok
'[}': ok
'{]': ok
'[[1]}': ok
'{"a":[1}': ok
'[1,}': ok
'{"a":1,]': ok
'{"a"]': ok
'{,}': ok
'[,]': ok
'[': ok
'{': ok
'[1': ok
'{"a"': ok
'{"a":': ok
'{"a":1': ok
'[1,': ok
'tru': ok
'nul': ok
'fals': ok
'truex': ok
'[1 2]': ok
'{"a" 1}': ok
'{a:1}': ok
'{\'a\':1}': ok
'[1,,2]': ok
'1 2': ok
'"a" "b"': ok
'{"a":1}}': ok
'[1]]': ok
' ': ok
'	
 ': ok
'{1:2}': ok
'{null:1}': ok
'[1:2]': ok
'{"a"::1}': ok
'[1,]': ok
'': ok
'[1]' . "\0" . '': ok
'[1]' . "\0" . 'garbage': ok
'' . "\0" . '1': ok
'[]': ok
'[1]': ok
'[1 "a"]': ok
'[1 "ÿ"]': ok
'[1 "\\ud800"]': ok
'[1 "\\x"]': ok
'[1 ÿ]': ok
'{"a" "b"}': ok
'{1 "\\udc00"}': ok
'[1}': ok
'{"a":1]ÿ': ok
'{"\\u0000":1]': ok
'{"\\u0000":1 x': ok
'{"\\u0000":""}': ok
'{"\\u0000":[1}': ok
'{"\\u0000":{"\\u0000":1}}': ok
'[1, "ok" "a\\u12"]': ok
'{"a":1 "b\\x"}': ok
'{"a":1}': ok
'{"\\ud800":1}': ok
'{"a":"\\udc00"}': ok
'{"ÿ":"\\ud800"}': ok
