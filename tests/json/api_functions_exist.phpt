--TEST--
jsond_* and zser_* functions, JSOND_* constants and the classes are registered
--EXTENSIONS--
zser
--FILE--
<?php
foreach (['jsond_encode', 'jsond_decode', 'jsond_validate', 'jsond_last_error',
          'jsond_last_error_msg', 'zser_serialize', 'zser_unserialize'] as $f) {
    var_dump(function_exists($f));
}
$json = get_defined_constants(true)['json'];
$zser = get_defined_constants(true)['zser'];
$missing = 0;
foreach ($json as $name => $value) {
    $ours = 'JSOND_' . substr($name, 5);
    if (!array_key_exists($ours, $zser) || $zser[$ours] !== $value) {
        echo "missing or different: $ours\n";
        $missing++;
    }
}
var_dump($missing, count($zser) >= count($json));
var_dump(interface_exists('JsondSerializable'), is_subclass_of('ZserException', 'Exception'));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
bool(true)
bool(true)
bool(true)
