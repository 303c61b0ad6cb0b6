--TEST--
JSOND_ALLOW_COMMENTS and JSOND_ALLOW_TRAILING_COMMAS: their values; depth, ext/json's stack limit, JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_*, JSON_THROW_ON_ERROR as without them; jsond_validate() accepts them
--EXTENSIONS--
zser
--FILE--
<?php
const F = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;
var_dump(JSOND_ALLOW_COMMENTS === 1 << 27, JSOND_ALLOW_TRAILING_COMMAS === 1 << 28);
echo "-- no other JSON_* or JSOND_* flag shares their bits\n";
$consts = get_defined_constants(true);
$checked = 0;
foreach ($consts['json'] + $consts['zser'] as $name => $value) {
    if (is_int($value) && !str_contains($name, '_ERROR_') && !in_array($name, ['JSOND_ALLOW_COMMENTS', 'JSOND_ALLOW_TRAILING_COMMAS'], true)) {
        $checked++;
        if ($value & F) {
            echo "$name shares a bit\n";
        }
    }
}
var_dump($checked >= 2 * 17);
foreach (['JSOND_ERROR_LOCATION', 'JSOND_LINES_SKIP_INVALID'] as $name) {
    var_dump((constant($name) & F) === 0);
}

// jsond_decode($jsonc, ..., F | $flags) against json_decode($json, ..., $flags): value, code, message
function cmp(string $what, string $jsonc, string $json, ?bool $assoc, int $depth, int $flags): void {
    $want = [json_decode($json, $assoc, $depth, $flags), json_last_error(), json_last_error_msg()];
    $got = [jsond_decode($jsonc, $assoc, $depth, $flags | F), jsond_last_error(), jsond_last_error_msg()];
    $ok = serialize($want) === serialize($got);
    $valid = jsond_validate($jsonc, $depth, F) === (json_decode($json, true, $depth) !== null || json_last_error() === 0);
    printf("%-44s %s code %d%s\n", $what, $ok ? 'same' : 'DIFFERENT', $got[1], $valid ? '' : ' VALIDATE DIFFERS');
}
echo "-- depth\n";
$jsonc = "[ /* 1 */ [ // 2\n [ /* 3 */ 1, ], ], ]";
$json = '[[[1]]]';
foreach ([1, 2, 3, 4] as $depth) {
    cmp("depth $depth", $jsonc, $json, true, $depth, 0);
}
cmp('depth 2, objects', '{"a":{/**/"b":{"c":1,},},}', '{"a":{"b":{"c":1}}}', false, 2, 0);
cmp('depth 3, objects', '{"a":{/**/"b":{"c":1,},},}', '{"a":{"b":{"c":1}}}', false, 3, 0);
cmp('depth 4, objects', '{"a":{/**/"b":{"c":1,},},}', '{"a":{"b":{"c":1}}}', false, 4, 0);
cmp('depth 2, empty array after a comment', '[[/**/]]', '[[]]', true, 2, 0);
cmp('depth 2, empty object after a comment', '[{//' . "\n" . '}]', '[{}]', false, 2, 0);

echo "-- ext/json's parser-stack limit, with comments and trailing commas\n";
$big = 100000;
foreach ([4998, 4999] as $n) {
    cmp("$n arrays, comments inside", str_repeat('[/**/', $n) . str_repeat(']', $n), str_repeat('[', $n) . str_repeat(']', $n), true, $big, 0);
}
foreach ([2499, 2500] as $n) {
    cmp("$n arrays [1, ..., trailing commas", str_repeat('[1,', $n) . '1' . str_repeat(',]', $n),
        str_repeat('[1,', $n) . '1' . str_repeat(']', $n), true, $big, 0);
    cmp("$n objects, trailing commas", str_repeat('{"a"/**/:', $n) . '1' . str_repeat(',}', $n),
        str_repeat('{"a":', $n) . '1' . str_repeat('}', $n), true, $big, 0);
}
cmp('2500 objects, depth 2500', str_repeat('{"a":', 2500) . '1' . str_repeat(',}', 2500),
    str_repeat('{"a":', 2500) . '1' . str_repeat('}', 2500), true, 2500, 0);
cmp('2500 objects, depth 2501', str_repeat('{"a":', 2500) . '1' . str_repeat(',}', 2500),
    str_repeat('{"a":', 2500) . '1' . str_repeat('}', 2500), true, 2501, 0);

echo "-- JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_*\n";
$jsonc = '{"n": 12345678901234567890 /* big */, "o": {"p": -98765432109876543210,},} // end';
$json = '{"n": 12345678901234567890, "o": {"p": -98765432109876543210}}';
foreach ([0, JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_BIGINT_AS_STRING | JSON_OBJECT_AS_ARRAY] as $flags) {
    foreach ([null, false, true] as $assoc) {
        cmp("bigint/assoc flags $flags, assoc " . var_export($assoc, true), $jsonc, $json, $assoc, 512, $flags);
    }
}
cmp('big integer key, BIGINT_AS_STRING', '{12345678901234567890 /**/ : 1,}', '{12345678901234567890 : 1}', true, 512, JSON_BIGINT_AS_STRING);
cmp('big integer key without it', '{12345678901234567890 /**/ : 1,}', '{12345678901234567890 : 1}', true, 512, 0);
foreach ([0, JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    cmp("invalid UTF-8, flags $flags", "[\"a\xFFb\", /* \xFF */]", "[\"a\xFFb\"]", true, 512, $flags);
}
cmp('property name "\0" after a comment', '{"a":1, /**/ "\u0000b":2,}', '{"a":1, "\u0000b":2}', false, 512, 0);
var_dump(jsond_decode('[1,]', true, 512, JSOND_ALLOW_TRAILING_COMMAS | JSON_BIGINT_AS_STRING));
var_dump(jsond_decode('{"a":{},}', null, 512, F | JSON_OBJECT_AS_ARRAY));
$o = jsond_decode('{"a":{},}', false, 512, F | JSON_OBJECT_AS_ARRAY);
var_dump(get_class($o), get_class($o->a), (array)$o->a);

echo "-- JSON_THROW_ON_ERROR\n";
foreach (['[1,,]', '[1 /* x', '[/**/[/**/[1,],],]'] as $s) {
    foreach ([0, JSOND_ERROR_LOCATION] as $loc) {
        jsond_decode('[');
        try {
            jsond_decode($s, true, 2, F | JSON_THROW_ON_ERROR | $loc);
            echo "no exception\n";
        } catch (JsonException $e) {
            echo get_class($e), ' ', $e->getCode(), ' ', $e->getMessage(), '; last error still ', jsond_last_error(), "\n";
        }
    }
}
var_dump(jsond_decode('[1, /**/]', true, 512, F | JSON_THROW_ON_ERROR));

echo "-- jsond_validate() takes both flags, with JSON_INVALID_UTF8_IGNORE and JSOND_ERROR_LOCATION too\n";
foreach ([0, JSOND_ALLOW_COMMENTS, JSOND_ALLOW_TRAILING_COMMAS, F] as $flags) {
    var_dump(jsond_validate("[1, // c\n]", 512, $flags), jsond_last_error());
}
foreach ([F, F | JSON_INVALID_UTF8_IGNORE, F | JSON_INVALID_UTF8_IGNORE | JSOND_ERROR_LOCATION] as $flags) {
    var_dump(jsond_validate("[\"\xFF\", // c\n]", 512, $flags), jsond_last_error());
}
foreach ([F | JSON_THROW_ON_ERROR, F | JSON_OBJECT_AS_ARRAY, JSOND_ALLOW_COMMENTS | JSON_INVALID_UTF8_SUBSTITUTE, 1 << 26, 1 << 30] as $flags) {
    jsond_decode('[');
    try {
        jsond_validate('[1]', 512, $flags);
        echo "accepted\n";
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), '; last error still ', jsond_last_error(), "\n";
    }
}
echo "-- json_decode() ignores the bits\n";
var_dump(json_decode('[1,]', true, 512, F), json_last_error());
?>
--EXPECT--
bool(true)
bool(true)
-- no other JSON_* or JSOND_* flag shares their bits
bool(true)
bool(true)
bool(true)
-- depth
depth 1                                      same code 1
depth 2                                      same code 1
depth 3                                      same code 1
depth 4                                      same code 0
depth 2, objects                             same code 1
depth 3, objects                             same code 1
depth 4, objects                             same code 0
depth 2, empty array after a comment         same code 1
depth 2, empty object after a comment        same code 1
-- ext/json's parser-stack limit, with comments and trailing commas
4998 arrays, comments inside                 same code 0
4999 arrays, comments inside                 same code 4
2499 arrays [1, ..., trailing commas         same code 0
2499 objects, trailing commas                same code 0
2500 arrays [1, ..., trailing commas         same code 4
2500 objects, trailing commas                same code 4
2500 objects, depth 2500                     same code 1
2500 objects, depth 2501                     same code 4
-- JSON_BIGINT_AS_STRING, JSON_OBJECT_AS_ARRAY, JSON_INVALID_UTF8_*
bigint/assoc flags 0, assoc NULL             same code 0
bigint/assoc flags 0, assoc false            same code 0
bigint/assoc flags 0, assoc true             same code 0
bigint/assoc flags 2, assoc NULL             same code 0
bigint/assoc flags 2, assoc false            same code 0
bigint/assoc flags 2, assoc true             same code 0
bigint/assoc flags 1, assoc NULL             same code 0
bigint/assoc flags 1, assoc false            same code 0
bigint/assoc flags 1, assoc true             same code 0
bigint/assoc flags 3, assoc NULL             same code 0
bigint/assoc flags 3, assoc false            same code 0
bigint/assoc flags 3, assoc true             same code 0
big integer key, BIGINT_AS_STRING            same code 0
big integer key without it                   same code 4
invalid UTF-8, flags 0                       same code 5
invalid UTF-8, flags 1048576                 same code 0
invalid UTF-8, flags 2097152                 same code 0
property name "\0" after a comment           same code 9
array(1) {
  [0]=>
  int(1)
}
array(1) {
  ["a"]=>
  array(0) {
  }
}
string(8) "stdClass"
string(8) "stdClass"
array(0) {
}
-- JSON_THROW_ON_ERROR
JsonException 4 Syntax error; last error still 4
JsonException 4 Syntax error near location 1:4; last error still 4
JsonException 4 Syntax error; last error still 4
JsonException 4 Syntax error near location 1:4; last error still 4
JsonException 1 Maximum stack depth exceeded; last error still 4
JsonException 1 Maximum stack depth exceeded near location 1:6; last error still 4
array(1) {
  [0]=>
  int(1)
}
-- jsond_validate() takes both flags, with JSON_INVALID_UTF8_IGNORE and JSOND_ERROR_LOCATION too
bool(false)
int(4)
bool(false)
int(4)
bool(false)
int(4)
bool(true)
int(0)
bool(false)
int(5)
bool(true)
int(0)
bool(true)
int(0)
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE); last error still 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE); last error still 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE); last error still 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE); last error still 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE); last error still 4
-- json_decode() ignores the bits
NULL
int(4)
