--TEST--
jsond_validate(): PHP 8.3 json_validate() semantics (verdicts, flags, depth, ValueError texts, last-error state)
--EXTENSIONS--
zser
--FILE--
<?php
// Reference: json_validate() is json_decode() in array mode (no property-name check, no values built).
function ref_validate(string $s, int $depth, int $flags): array {
    json_decode($s, true, $depth, $flags);
    return [$s !== '' && json_last_error() === 0, json_last_error(), json_last_error_msg()];
}
$inputs = ['1', '[]', '{}', '{"a":[1,2,{"b":null}]}', '{"\u0000":1}', '{"\u0000a":{"\u0000":[]}}', '[1}', '{"a":1]', '[',
    '"\ud800"', "\"\xFF\"", "[\"a\xFFb\"]", "\"\x01\"", '[1] x', "[1]\x00", '01', '1e400', '12345678901234567890',
    '[[[[1]]]]', str_repeat('[', 5000) . str_repeat(']', 5000), str_repeat('[', 4998) . str_repeat(']', 4998),
    str_repeat('[', 1000000), ' ', "\xEF\xBB\xBF{}"];
foreach ($inputs as $s) {
    foreach ([0, JSON_INVALID_UTF8_IGNORE] as $flags) {
        foreach ([512, 1, 2, 4, 2147483647] as $depth) {
            jsond_decode('[');
            json_decode('[');
            $want = ref_validate($s, $depth, $flags);
            $got = [jsond_validate($s, $depth, $flags), jsond_last_error(), jsond_last_error_msg()];
            if ($want !== $got) {
                echo "DIFF for ", var_export(substr($s, 0, 40), true), " depth=$depth flags=$flags: ", var_export([$want, $got], true), "\n";
            }
        }
    }
}
echo "verdicts compared\n";
var_dump(jsond_validate('{"a":1}'), jsond_validate('{"\u0000":1}'), jsond_validate('[1'), jsond_last_error(), jsond_last_error_msg());
// Empty input: false and a syntax error before $depth is looked at; flags are checked before that.
jsond_decode('1');
var_dump(jsond_validate('', 0), jsond_last_error());
foreach ([[0, 0], [-5, 0], [2147483648, 0], [512, JSON_INVALID_UTF8_SUBSTITUTE], [512, JSON_THROW_ON_ERROR],
        [512, JSON_INVALID_UTF8_IGNORE | JSON_THROW_ON_ERROR], [0, 1], ['', 0]] as [$depth, $flags]) {
    jsond_decode('[');
    try {
        var_dump(jsond_validate($depth === '' ? '' : '[1]', $depth === '' ? 512 : $depth, $flags));
    } catch (ValueError $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
    echo 'last error: ', jsond_last_error(), "\n";
}
// jsond_validate never touches json_last_error()
json_decode('[');
jsond_validate('[1]');
var_dump(json_last_error());
?>
--EXPECT--
verdicts compared
bool(true)
bool(true)
bool(false)
int(4)
string(12) "Syntax error"
bool(false)
int(4)
ValueError: jsond_validate(): Argument #2 ($depth) must be greater than 0
last error: 0
ValueError: jsond_validate(): Argument #2 ($depth) must be greater than 0
last error: 0
ValueError: jsond_validate(): Argument #2 ($depth) must be less than 2147483647
last error: 0
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
last error: 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
last error: 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
last error: 4
ValueError: jsond_validate(): Argument #3 ($flags) must be a valid flag (allowed flags: JSON_INVALID_UTF8_IGNORE)
last error: 4
bool(false)
last error: 4
int(4)
