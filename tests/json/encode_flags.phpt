--TEST--
jsond_encode: every combination of the output flags matches json_encode
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$values = [
    "<a href='x'>&amp; \"q\" / back\\slash</a>",
    "ctrl \x00\x01\x08\x09\x0a\x0b\x0c\x0d\x1f\x7f end",
    "unicode \u{e9}\u{20ac}\u{1f600} and \u{2028} \u{2029}",
    ['list', 1, 2.5, true, null, [], new stdClass()],
    ['k/1' => 'v<>', '2' => [1, 2], 'nested' => ['a' => ['b' => []]]],
    [3 => 'hole', 7 => 'x'],
    (object)['a' => 1, 'b' => [1, 2, 3], 'c' => (object)[]],
    ['', '0', 0, 0.0, -0.0, 1.0, '1.0', '1e2', ' 5', '5 '],
];
$flags = enc_flag_subsets([JSON_HEX_TAG, JSON_HEX_AMP, JSON_HEX_APOS, JSON_HEX_QUOT,
    JSON_FORCE_OBJECT, JSON_NUMERIC_CHECK, JSON_UNESCAPED_SLASHES, JSON_PRETTY_PRINT,
    JSON_UNESCAPED_UNICODE, JSON_PRESERVE_ZERO_FRACTION, JSON_UNESCAPED_LINE_TERMINATORS]);
enc_check('output flags', $values, $flags);
?>
--EXPECT--
output flags: ok (16384 cases)
