--TEST--
zser.json_override is off by default and cannot be switched at run time
--EXTENSIONS--
zser
--FILE--
<?php
var_dump(ini_get('zser.json_override'));
var_dump(ini_set('zser.json_override', '1'));
// json_* are ext/json's: their errors never reach zser's own state.
var_dump(json_encode(NAN), json_last_error() === JSON_ERROR_INF_OR_NAN, jsond_last_error());
var_dump(json_decode('[1,'), json_last_error_msg(), jsond_last_error_msg());
var_dump((new ReflectionFunction('json_encode'))->getExtensionName());
?>
--EXPECT--
string(1) "0"
bool(false)
bool(false)
bool(true)
int(0)
NULL
string(12) "Syntax error"
string(8) "No error"
string(4) "json"
