--TEST--
jsond_encode: error state is jsond's own, THROW_ON_ERROR, unsupported types, INF/NAN, partial output
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$res = fopen('php://memory', 'r');
$values = [INF, -INF, NAN, [1, INF, 2], ['a' => NAN], $res, [$res, 1], [1, [$res]],
    [INF, "\xff"], ["\xff", INF], [INF, $res], ['k' => [INF]], (object)['r' => $res]];
enc_check('errors', $values, [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR,
    JSON_THROW_ON_ERROR | JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT | JSON_PARTIAL_OUTPUT_ON_ERROR]);

// json_last_error() never sees jsond's errors, and the other way round.
json_encode([1]);
var_dump(jsond_encode(NAN), jsond_last_error(), json_last_error());
var_dump(json_encode("\xff"), jsond_last_error(), json_last_error());
var_dump(jsond_encode([1]), jsond_last_error(), json_last_error());
// THROW_ON_ERROR leaves the state alone, as json_encode does.
jsond_encode(NAN);
try {
    jsond_encode("\xff", JSON_THROW_ON_ERROR);
} catch (JsonException $e) {
    var_dump(get_class($e), $e->getCode(), $e->getMessage());
}
var_dump(jsond_last_error());
jsond_encode([1], JSON_THROW_ON_ERROR);
var_dump(jsond_last_error());
?>
--EXPECT--
errors: ok (65 cases)
bool(false)
int(7)
int(0)
bool(false)
int(7)
int(5)
string(3) "[1]"
int(0)
int(5)
string(13) "JsonException"
int(5)
string(56) "Malformed UTF-8 characters, possibly incorrectly encoded"
int(7)
int(7)
