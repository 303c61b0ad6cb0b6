--TEST--
jsond_decode: a guessed key is matched against the text itself only when its bytes need no escape; keys decoded from escapes into '"', '\', control bytes, texts cut inside or right after a guessed key, and invalid UTF-8 under the UTF-8 flags give json_decode()'s values and errors
--EXTENSIONS--
zser
--FILE--
<?php
$fails = 0;
$checks = 0;
$check = function (string $t, int $flags = 0) use (&$fails, &$checks) {
    foreach ([true, false] as $assoc) {
        $checks++;
        $a = jsond_decode($t, $assoc, 512, $flags);
        $ae = [jsond_last_error(), jsond_last_error_msg()];
        $b = json_decode($t, $assoc, 512, $flags);
        $be = [json_last_error(), json_last_error_msg()];
        $same = $assoc ? $a === $b : serialize($a) === serialize($b);
        if (!$same || $ae !== $be) {
            $fails++;
            echo "differs: ", json_encode($t), " flags $flags: ", json_encode($ae), " vs ", json_encode($be), "\n";
        }
    }
};
$learn = fn(string $second) => '[' . implode(',', array_fill(0, 4, '{"first":1,' . $second . ':2}')) . ']';

// keys whose bytes only an escape can write, learnt as the key after "first"; then the same
// bytes raw in the text, which is another key or no JSON at all
$escaped = [
    '"c\\\\d"' => ['"c\\d"', '"c\\\\d"'],     // c\d: raw, an unknown escape
    '"a\\"b"' => ['"a"b"', '"a\\"b"'],        // a"b: raw, the key "a" and then garbage
    '"t\\tb"' => ["\"t\tb\"", '"t\\tb"'],     // a tab: raw, a control byte
    '"n\\u0000n"' => ["\"n\0n\"", '"n\\u0000n"'],
    '"\\u0000ab"' => ["\"\0ab\"", '"\\u0000ab"'],
    '"q\\u001fq"' => ["\"q\x1fq\"", '"q\\u001fq"'],
];
foreach ($escaped as $key => $texts) {
    $check($learn($key));
    foreach ($texts as $t) {
        $check('{"first":1,' . $t . ':2}');
        $check($learn($key) . ' ');
        $check('[' . substr($learn($key), 1, -1) . ',{"first":1,' . $t . ':2}]');
    }
}

// keys that may be matched so: the text cut inside the key, right after it, before ':'
$check($learn('"second"'));
foreach (['{"first":1,"second', '{"first":1,"second"', '{"first":1,"second":', '{"first":1,"secon"',
          '{"first":1,"seconds":2}', '{"first":1,"second" : 2}', '{"first":1,"second"2}',
          '{"first":1,"sec\\u006fnd":2}', '{"first":1,"second\\"":2}'] as $t) {
    $check($t);
    $check('[' . substr($learn('"second"'), 1, -1) . ',' . $t);
}

// invalid UTF-8 in a key under the flags that accept it: the key kept is valid, and the text
// holding those bytes raw is that key
foreach ([JSON_INVALID_UTF8_IGNORE, JSON_INVALID_UTF8_SUBSTITUTE] as $flags) {
    foreach (["\"ab\xffcd\"", "\"ab\xef\xbf\xbdcd\"", '"abcd"', "\"abc\xc3\xa9d\""] as $first) {
        foreach (["\"ab\xffcd\"", "\"ab\xef\xbf\xbdcd\"", '"abcd"'] as $then) {
            $check('[{"k":1,' . $first . ':2},{"k":1,' . $then . ':3},{"k":1,' . $then . ':4}]', $flags);
        }
    }
}
echo "$checks checks, $fails differ\n";
?>
--EXPECT--
170 checks, 0 differ
