--TEST--
The extension registers exactly its documented API: the functions, the classes, every JSON_* constant of ext/json as JSOND_* with the same value, and its own constants
--EXTENSIONS--
zser
--FILE--
<?php
$functions = get_extension_funcs('zser');
sort($functions);
echo implode("\n", $functions), "\n\n";
$classes = array_keys((new ReflectionExtension('zser'))->getClasses());
sort($classes);
echo implode("\n", $classes), "\n\n";
var_dump(interface_exists('JsondSerializable'), is_subclass_of('ZserException', 'Exception'),
    (new ReflectionClass('JsondLines'))->implementsInterface('Iterator'),
    (new ReflectionClass('JsondStream'))->implementsInterface('Iterator'));
$json = get_defined_constants(true)['json'];
$zser = get_defined_constants(true)['zser'];
$missing = 0;
foreach ($json as $name => $value) {
    $ours = 'JSOND_' . substr($name, 5);
    if (!array_key_exists($ours, $zser) || $zser[$ours] !== $value) {
        echo "missing or different: $ours\n";
        $missing++;
    }
    unset($zser[$ours]);
}
var_dump($missing);
// what is left is zser's own, and none of its bits may be one of ext/json's
ksort($zser);
$jsonBits = 0;
foreach ($json as $name => $value) {
    if (!str_starts_with($name, 'JSON_ERROR_')) {
        $jsonBits |= $value;
    }
}
foreach ($zser as $name => $value) {
    printf("%s = %d%s\n", $name, $value,
        !str_starts_with($name, 'JSOND_ERROR_') || $name === 'JSOND_ERROR_LOCATION'
            ? (($value & $jsonBits) ? ' COLLIDES with an ext/json flag' : ' (a flag bit of its own)') : '');
}
?>
--EXPECT--
jsond_decode
jsond_decode_lines
jsond_decode_stream
jsond_encode
jsond_encode_lines
jsond_encode_to_stream
jsond_last_error
jsond_last_error_location
jsond_last_error_msg
jsond_pointer_count
jsond_pointer_exists
jsond_pointer_get
jsond_validate
zser_serialize
zser_unserialize

JsondLines
JsondSerializable
JsondStream
ZserException

bool(true)
bool(true)
bool(true)
bool(true)
int(0)
JSOND_ALLOW_COMMENTS = 134217728 (a flag bit of its own)
JSOND_ALLOW_TRAILING_COMMAS = 268435456 (a flag bit of its own)
JSOND_ERROR_LOCATION = 536870912 (a flag bit of its own)
JSOND_ERROR_POINTER_NOT_CONTAINER = 101
JSOND_ERROR_POINTER_NOT_FOUND = 100
JSOND_LINES_SKIP_INVALID = 1073741824 (a flag bit of its own)
