--TEST--
jsond_validate(): the quick check gives json_decode()'s verdict and error at every place of a 64-byte block: backslash runs, quotes, UTF-8 sequences and control bytes across block edges, numbers and literals cut by the end, nesting around its own limit of 256 and the $depth limit
--EXTENSIONS--
zser
--FILE--
<?php
function ref(string $s, int $depth): array {
    json_decode($s, true, $depth);
    return [json_last_error() === 0, json_last_error()];
}
$checks = 0;
$diffs = 0;
$check = function (string $s, int $depth = 512) use (&$checks, &$diffs) {
    $checks++;
    $want = ref($s, $depth);
    $got = [jsond_validate($s, $depth), jsond_last_error()];
    if ($want !== $got) {
        $diffs++;
        if ($diffs <= 10) {
            echo "DIFF depth=$depth ", json_encode([$want, $got]), ": ", var_export(substr($s, 0, 120), true), "\n";
        }
    }
};

// each piece at every offset from 0 to 130 (two block edges), in a string, as a key and as a
// value of its own
$pieces = [
    '\\"', '\\\\', '\\\\\\"', '\\\\\\\\"', '\\u00e9', '\\ud83d\\ude00', '\\ud83d', '\\ude00', '\\ud83dx',
    '\\x', '\\', "\xc3\xa9", "\xe3\x81\x82", "\xf0\x9f\x98\x80", "\xc3", "\xe3\x81", "\xf0\x9f\x98",
    "\xed\xa0\x80", "\xc0\xaf", "\x1f", "\t", "\x7f",
];
foreach ($pieces as $piece) {
    for ($at = 0; $at <= 130; $at++) {
        $pad = str_repeat('a', $at);
        $check('["' . $pad . $piece . 'b"]');
        $check('{"' . $pad . $piece . '":1}');
        $check(str_repeat(' ', $at) . '"' . $piece . '"');
    }
}
// scalars and punctuation at every offset, whole, cut and followed by what may not follow
$scalars = ['0', '-0', '12.5e-3', '-', '01', '1.', '1e', 'true', 'tru', 'truex', 'null', 'nul', 'false'];
foreach ($scalars as $v) {
    for ($at = 0; $at <= 130; $at++) {
        $pad = str_repeat(' ', $at);
        $check($pad . $v);
        $check($pad . '[' . $v . ']');
        $check('[' . $pad . $v . ',1]');
        $check('{"k":' . $pad . $v . '}');
        $check($pad . '[' . $v . ' 1]');
        $check($pad . '[' . $v . '"a"]');
    }
}
$broken = ['[1,]', '[,1]', '{"a"}', '{"a":}', '{"a":1,}', '{1:1}', '[1}', '{"a":1]', '[1][2]', '"a""b"',
    "[1]\f", "[\x1a]", "[1]\x00", "\xef\xbb\xbf[1]", '[1]x', '"abc', '[', ']', ' '];
foreach ($broken as $b) {
    for ($at = 0; $at <= 70; $at++) {
        $check(str_repeat(' ', $at) . $b);
        $check('[' . str_repeat('0,', $at) . $b . ']');
    }
}
// nesting: arrays, objects and both, at the quick check's limit and around $depth
foreach ([1, 2, 3, 254, 255, 256, 257, 258, 300] as $n) {
    $arrays = str_repeat('[', $n) . '1' . str_repeat(']', $n);
    $objects = str_repeat('{"k":', $n) . '1' . str_repeat('}', $n);
    $mixed = '';
    for ($i = 0; $i < $n; $i++) {
        $mixed .= $i % 2 ? '[' : '{"k":';
    }
    $mixed .= '1';
    for ($i = $n - 1; $i >= 0; $i--) {
        $mixed .= $i % 2 ? ']' : '}';
    }
    foreach ([$arrays, $objects, $mixed] as $s) {
        foreach ([$n - 1, $n, $n + 1, 512] as $depth) {
            if ($depth > 0) {
                $check($s, $depth);
            }
        }
    }
}
// long texts: every kind of value, then one byte changed at a time around block edges
$doc = json_encode(['users' => array_map(fn($i) => ['id' => $i, 'name' => "user \u{e9}\u{1F600} $i",
    'bio' => str_repeat("line \"$i\"\\ /\n", 3), 'score' => $i * 1.5, 'on' => $i % 2 == 0, 'x' => null,
    'tags' => ['a', 'b', [1, [2, [3]]]]], range(1, 40))], JSON_PRETTY_PRINT | JSON_UNESCAPED_UNICODE);
$check($doc);
$check($doc, 4);
$check($doc, 5);
$bytes = ['"', '\\', '{', '}', '[', ']', ',', ':', ' ', "\n", '0', 'e', '-', "\x1f", "\x80", "\xff", 'u'];
for ($at = 60; $at < strlen($doc); $at += 61) {
    foreach ($bytes as $b) {
        $s = $doc;
        $s[$at] = $b;
        $check($s);
    }
}
echo "$checks checks, $diffs differ\n";
?>
--EXPECT--
27467 checks, 0 differ
