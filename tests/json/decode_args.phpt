--TEST--
jsond_decode(): argument errors (ValueError), empty input, JSON_THROW_ON_ERROR (JsonException) and the last-error state rules
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/decode_compare.inc';
foreach ([0, -1, PHP_INT_MIN, 2147483647, 2147483648, PHP_INT_MAX] as $depth) {
    foreach (['[1]', ''] as $s) {
        foreach ([0, JSON_THROW_ON_ERROR] as $flags) {
            foreach (['[', '1'] as $prior) {
                echo "depth=$depth input=", var_export($s, true), " flags=$flags prior=$prior: ", same_decode($s, null, $depth, $flags, $prior), "\n";
            }
        }
    }
}
try {
    jsond_decode('[1]', null, 0);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
try {
    jsond_decode('[1]', null, 2147483648);
} catch (ValueError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
// JSON_THROW_ON_ERROR: JsonException with the code and message, last-error state untouched.
jsond_decode('[');
try {
    jsond_decode('{"a":1]', false, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo get_class($e), ' ', $e->getCode(), ': ', $e->getMessage(), "\n";
}
var_dump(jsond_last_error(), jsond_last_error_msg());
try {
    jsond_decode('', false, 512, JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    echo get_class($e), ' ', $e->getCode(), ': ', $e->getMessage(), "\n";
}
// success without the flag resets the state; with it, leaves it alone
jsond_decode('[1', true);
jsond_decode('[1]', true, 512, JSON_THROW_ON_ERROR);
var_dump(jsond_last_error());
jsond_decode('[1]', true);
var_dump(jsond_last_error());
// jsond_* never touch json_last_error() and the other way round
json_decode('{');
jsond_decode('[1]');
var_dump(json_last_error(), jsond_last_error());
json_decode('1');
jsond_decode('"\ud800"');
var_dump(json_last_error(), jsond_last_error(), jsond_last_error_msg());
// $assoc overrides JSON_OBJECT_AS_ARRAY only when it is not null
foreach ([null, true, false] as $assoc) {
    foreach ([0, JSON_OBJECT_AS_ARRAY] as $flags) {
        echo var_export($assoc, true), " $flags: ", same_decode('{"a":{"b":[]}}', $assoc, 512, $flags), "\n";
    }
}
// type juggling of the arguments is the same as json_decode()'s
echo same_decode('123'), ' ', same_decode('{"a":1}', null, 512, JSON_OBJECT_AS_ARRAY | JSON_BIGINT_AS_STRING), "\n";
var_dump(jsond_decode(123), jsond_decode('5', 1, '3'));
?>
--EXPECT--
depth=0 input='[1]' flags=0 prior=[: ok
depth=0 input='[1]' flags=0 prior=1: ok
depth=0 input='[1]' flags=4194304 prior=[: ok
depth=0 input='[1]' flags=4194304 prior=1: ok
depth=0 input='' flags=0 prior=[: ok
depth=0 input='' flags=0 prior=1: ok
depth=0 input='' flags=4194304 prior=[: ok
depth=0 input='' flags=4194304 prior=1: ok
depth=-1 input='[1]' flags=0 prior=[: ok
depth=-1 input='[1]' flags=0 prior=1: ok
depth=-1 input='[1]' flags=4194304 prior=[: ok
depth=-1 input='[1]' flags=4194304 prior=1: ok
depth=-1 input='' flags=0 prior=[: ok
depth=-1 input='' flags=0 prior=1: ok
depth=-1 input='' flags=4194304 prior=[: ok
depth=-1 input='' flags=4194304 prior=1: ok
depth=-9223372036854775808 input='[1]' flags=0 prior=[: ok
depth=-9223372036854775808 input='[1]' flags=0 prior=1: ok
depth=-9223372036854775808 input='[1]' flags=4194304 prior=[: ok
depth=-9223372036854775808 input='[1]' flags=4194304 prior=1: ok
depth=-9223372036854775808 input='' flags=0 prior=[: ok
depth=-9223372036854775808 input='' flags=0 prior=1: ok
depth=-9223372036854775808 input='' flags=4194304 prior=[: ok
depth=-9223372036854775808 input='' flags=4194304 prior=1: ok
depth=2147483647 input='[1]' flags=0 prior=[: ok
depth=2147483647 input='[1]' flags=0 prior=1: ok
depth=2147483647 input='[1]' flags=4194304 prior=[: ok
depth=2147483647 input='[1]' flags=4194304 prior=1: ok
depth=2147483647 input='' flags=0 prior=[: ok
depth=2147483647 input='' flags=0 prior=1: ok
depth=2147483647 input='' flags=4194304 prior=[: ok
depth=2147483647 input='' flags=4194304 prior=1: ok
depth=2147483648 input='[1]' flags=0 prior=[: ok
depth=2147483648 input='[1]' flags=0 prior=1: ok
depth=2147483648 input='[1]' flags=4194304 prior=[: ok
depth=2147483648 input='[1]' flags=4194304 prior=1: ok
depth=2147483648 input='' flags=0 prior=[: ok
depth=2147483648 input='' flags=0 prior=1: ok
depth=2147483648 input='' flags=4194304 prior=[: ok
depth=2147483648 input='' flags=4194304 prior=1: ok
depth=9223372036854775807 input='[1]' flags=0 prior=[: ok
depth=9223372036854775807 input='[1]' flags=0 prior=1: ok
depth=9223372036854775807 input='[1]' flags=4194304 prior=[: ok
depth=9223372036854775807 input='[1]' flags=4194304 prior=1: ok
depth=9223372036854775807 input='' flags=0 prior=[: ok
depth=9223372036854775807 input='' flags=0 prior=1: ok
depth=9223372036854775807 input='' flags=4194304 prior=[: ok
depth=9223372036854775807 input='' flags=4194304 prior=1: ok
ValueError: jsond_decode(): Argument #3 ($depth) must be greater than 0
ValueError: jsond_decode(): Argument #3 ($depth) must be less than 2147483647
JsonException 2: State mismatch (invalid or malformed JSON)
int(4)
string(12) "Syntax error"
JsonException 4: Syntax error
int(4)
int(0)
int(4)
int(0)
int(0)
int(10)
string(50) "Single unpaired UTF-16 surrogate in unicode escape"
NULL 0: ok
NULL 1: ok
true 0: ok
true 1: ok
false 0: ok
false 1: ok
ok ok
int(123)
int(5)
