--TEST--
jsond_decode_lines() with JSOND_ALLOW_COMMENTS / JSOND_ALLOW_TRAILING_COMMAS: each line decodes as jsond_decode() of it with the flags; lines of only comments are skipped; a comment does not run on to the next line
--EXTENSIONS--
zser
--FILE--
<?php
const F = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;
function lines_of(string $text, int $flags): array {
    $f = fopen('php://memory', 'w+');
    fwrite($f, $text);
    rewind($f);
    $out = [];
    try {
        foreach (jsond_decode_lines($f, true, 512, $flags) as $k => $v) {
            $out[$k] = $v;
        }
    } catch (JsonException $e) {
        $out['error'] = [$e->getCode(), $e->getMessage()];
    }
    return $out;
}
$text = "// a header line\n{\"a\":1,} // first\n  /* a note */  \n[1, /* two */ 2,]\r\n/* one */ /* two */ // three\n\"s\" /**/\n";
echo json_encode(lines_of($text, F)), "\n";
echo "-- each line is jsond_decode()'s value for it\n";
$same = 0;
foreach (explode("\n", $text) as $i => $line) {
    $v = lines_of($text, F)[$i + 1] ?? 'skipped';
    $want = jsond_validate($line, 512, F) ? jsond_decode($line, true, 512, F) : 'skipped';
    $same += $v === $want;
}
var_dump($same);
echo "-- without the flags, or with one only\n";
echo json_encode(lines_of($text, 0)), "\n";
echo json_encode(lines_of($text, JSOND_ALLOW_TRAILING_COMMAS)), "\n";
echo json_encode(lines_of("[1,]\n", JSOND_ALLOW_COMMENTS)), "\n";
echo json_encode(lines_of("// c\n[1,]\n", JSOND_ALLOW_TRAILING_COMMAS | JSOND_LINES_SKIP_INVALID)), "\n";
var_dump(jsond_last_error());
echo "-- a block comment is one line's: it cannot span two\n";
echo json_encode(lines_of("1 /* opens\ncloses */ 2\n3\n", F)), "\n";
echo json_encode(lines_of("/* opens\ncloses */\n3\n", F | JSOND_LINES_SKIP_INVALID)), "\n";
echo json_encode(lines_of("/*\n", F)), "\n";
?>
--EXPECT--
{"2":{"a":1},"4":[1,2],"6":"s"}
-- each line is jsond_decode()'s value for it
int(7)
-- without the flags, or with one only
{"error":[4,"Syntax error on line 1"]}
{"error":[4,"Syntax error on line 1"]}
{"error":[4,"Syntax error on line 1"]}
{"2":[1]}
int(4)
-- a block comment is one line's: it cannot span two
{"error":[4,"Syntax error on line 1"]}
{"3":3}
{"error":[4,"Syntax error on line 1"]}
