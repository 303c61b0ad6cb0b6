--TEST--
jsond_pointer_get/exists/count() refuse JSOND_ALLOW_COMMENTS and JSOND_ALLOW_TRAILING_COMMAS with a ValueError, before anything else, the last error left as it was
--EXTENSIONS--
zser
--FILE--
<?php
$doc = '{"a": [1, 2]}';
$calls = [
    'get' => fn(int $flags) => jsond_pointer_get($doc, '/a/0', null, 512, $flags),
    'exists' => fn(int $flags) => jsond_pointer_exists($doc, '/a/0', 512, $flags),
    'count' => fn(int $flags) => jsond_pointer_count($doc, '/a', 512, $flags),
    'get, bad pointer too' => fn(int $flags) => jsond_pointer_get('', 'a', null, 0, $flags),
    'count, bad depth too' => fn(int $flags) => jsond_pointer_count($doc, '/a', 0, $flags),
];
foreach ($calls as $name => $call) {
    foreach ([JSOND_ALLOW_COMMENTS, JSOND_ALLOW_TRAILING_COMMAS, JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS,
            JSOND_ALLOW_COMMENTS | JSON_THROW_ON_ERROR] as $flags) {
        jsond_decode('[');
        try {
            $call($flags);
            echo "$name: no error\n";
        } catch (ValueError $e) {
            echo "$name: ", $e->getMessage(), '; last error still ', jsond_last_error(), "\n";
        }
    }
}
echo "-- the other flags still work\n";
var_dump(jsond_pointer_get($doc, '/a/1', null, 512, JSON_BIGINT_AS_STRING | JSOND_ERROR_LOCATION), jsond_last_error());
?>
--EXPECT--
get: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
exists: jsond_pointer_exists(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
exists: jsond_pointer_exists(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
exists: jsond_pointer_exists(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
exists: jsond_pointer_exists(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get, bad pointer too: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get, bad pointer too: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get, bad pointer too: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
get, bad pointer too: jsond_pointer_get(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count, bad depth too: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count, bad depth too: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count, bad depth too: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
count, bad depth too: jsond_pointer_count(): Argument #4 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS; last error still 4
-- the other flags still work
int(2)
int(0)
