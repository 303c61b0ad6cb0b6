--TEST--
zser: a blob that encodes false is told apart from a failure by throw_on_error (and by the warning)
--EXTENSIONS--
zser
--FILE--
<?php
$false = zser_serialize(false);
set_error_handler(function ($no, $str) { echo "diagnostic: $str\n"; return true; });
var_dump(zser_unserialize($false));
var_dump(zser_unserialize($false, ['throw_on_error' => true]));
foreach ([[false], ['k' => false]] as $v) {
    var_dump(zser_unserialize(zser_serialize($v), ['throw_on_error' => true]) === $v);
}
restore_error_handler();
$broken = substr(zser_serialize([false, false]), 0, -1);
$warnings = 0;
set_error_handler(function ($no) use (&$warnings) { $warnings += $no === E_WARNING; return true; });
var_dump(zser_unserialize($broken), $warnings);
restore_error_handler();
try {
    zser_unserialize($broken, ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo "failure: ZserException\n";
}
// unserialize() cannot tell them apart without comparing to serialize(false):
var_dump(unserialize(serialize(false)) === @unserialize('garbage'));
?>
--EXPECT--
bool(false)
bool(false)
bool(true)
bool(true)
bool(false)
int(1)
failure: ZserException
bool(true)
