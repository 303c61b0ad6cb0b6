--TEST--
jsond_decode(): strings, escapes, UTF-16 surrogates, control characters, malformed UTF-8 with JSON_INVALID_UTF8_IGNORE/SUBSTITUTE
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';
$inputs = ['""', '"a"', '"abc"', '"\"\\\\\/\b\f\n\r\t"', '"\u0041\u00e9\u20AC\uFFFF\u0000x"', '"\ud83d\ude00"', '"\uD83D\uDE00"',
    '"\ud800"', '"\udc00"', '"\ud800x"', '"\ud800\u0041"', '"\ud800\ud800"', '"\udc00\ud800"', '"\ud800\\n"', '"\ud800\udbff"',
    '"\u12"', '"\u12G4"', '"\x"', '"\a"', '"\\', '"\U0041"', '"abc', '"', "\"a\x01b\"", "\"a\x1fb\"", "\"a\tb\"", "\"a\nb\"",
    "\"a\x00b\"", "\"a\x7fb\"", "\"é日本😀\"", "\"\xC3\"", "\"\x80\"", "\"a\xFFb\"", "\"\xC0\xAF\"", "\"\xE0\x80\x80\"",
    "\"\xED\xA0\x80\"", "\"\xF4\x90\x80\x80\"", "\"\xF0\x9F\x98\"", "\"\xE2\x82\"", "\"\xF5\x80\x80\x80\"",
    "\"\xFF\\u0041\xFE\"", "\"\xFF\x01\"", "\"\xFF\\ud800\"", "[\"ok\", \"\xC3\x28\"]", "{\"\xFF\":1}", "{\"\xFF\x00\":1}",
    "\"" . str_repeat('0123456789abcdef', 20) . "\xFF" . str_repeat('x', 40) . '\n"',
    "\"" . str_repeat('é', 100) . '"', '"' . str_repeat('\u00e9', 50) . str_repeat('a', 33) . '"',
    // outside strings
    "\xFF", "[\xC3\xA9]", "[1]\xFF", "\xEF\xBB\xBF[1]", "[\x01]", "[1]\x00", "\x00", "[\"a\"\x01]"];
check_all($inputs, [0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE, JSON_INVALID_UTF8_IGNORE | JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE], [null, true]);
var_dump(jsond_decode("[\"a\xFFb\", \"\\u00e9\\ud83d\\ude00\"]", false, 512, JSON_INVALID_UTF8_SUBSTITUTE));
?>
--EXPECT--
'""': ok
'"a"': ok
'"abc"': ok
'"\\"\\\\\\/\\b\\f\\n\\r\\t"': ok
'"\\u0041\\u00e9\\u20AC\\uFFFF\\u0000x"': ok
'"\\ud83d\\ude00"': ok
'"\\uD83D\\uDE00"': ok
'"\\ud800"': ok
'"\\udc00"': ok
'"\\ud800x"': ok
'"\\ud800\\u0041"': ok
'"\\ud800\\ud800"': ok
'"\\udc00\\ud800"': ok
'"\\ud800\\n"': ok
'"\\ud800\\udbff"': ok
'"\\u12"': ok
'"\\u12G4"': ok
'"\\x"': ok
'"\\a"': ok
'"\\': ok
'"\\U0041"': ok
'"abc': ok
'"': ok
'"ab"': ok
'"ab"': ok
'"a	b"': ok
'"a
b"': ok
'"a' . "\0" . 'b"': ok
'"ab"': ok
'"é日本😀"': ok
'"�"': ok
'"�"': ok
'"a�b"': ok
'"��"': ok
'"���"': ok
'"���"': ok
'"����"': ok
'"�"': ok
'"�"': ok
'"����"': ok
'"�\\u0041�"': ok
'"�"': ok
'"�\\ud800"': ok
'["ok", "�("]': ok
'{"�":1}': ok
'{"�' . "\0" . '":1}': ok
'"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef�xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\\n"': ok
'"éééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééééé"': ok
'"\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"': ok
'�': ok
'[é]': ok
'[1]�': ok
'﻿[1]': ok
'[]': ok
'[1]' . "\0" . '': ok
'' . "\0" . '': ok
'["a"]': ok
array(2) {
  [0]=>
  string(5) "a�b"
  [1]=>
  string(6) "é😀"
}
