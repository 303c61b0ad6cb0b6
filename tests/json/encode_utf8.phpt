--TEST--
jsond_encode: invalid UTF-8 (error, IGNORE, SUBSTITUTE, partial output, keys) and line terminators
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
$strings = ["\xff", "a\xffb", "\xc0\x80", "\xe0\x80\x80", "\xed\xa0\x80", "\xc3", "\xe2\x82",
    "\xf0\x9f\x98", "\x80abc", "\xf5\x80\x80\x80", "\xf4\x90\x80\x80", "\xc2\xc0", "\xe0\x80\xc0",
    "ok \u{2028}\u{2029} ok", "\u{10ffff}\u{10000}\u{ffff}", str_repeat("x\xff", 5000),
    str_repeat("long plain ascii ", 2000) . "\xfe"];
$values = $strings;
foreach ($strings as $s) {
    $values[] = [$s => 1, 'ok' => $s];          // bad key, bad value
    $values[] = (object)['a' => [$s], 'b' => 2];
}
$flags = enc_flag_subsets([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE,
    JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_UNESCAPED_UNICODE, JSON_UNESCAPED_LINE_TERMINATORS,
    JSON_THROW_ON_ERROR, JSON_PRETTY_PRINT]);
enc_check('utf8', $values, $flags);
?>
--EXPECT--
utf8: ok (6528 cases)
