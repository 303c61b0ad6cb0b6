--TEST--
jsond_decode() with JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS: each text decodes to json_decode() of the same text without its comments and trailing commas
--EXTENSIONS--
zser
--FILE--
<?php
const F = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;
// [text with comments and trailing commas, the same text as plain JSON]
$cases = [
    'line comment to LF' => ["[1, // one\n2]", '[1, 2]'],
    'line comment to CR' => ["[1, // one\r2]", '[1, 2]'],
    'line comment to CRLF' => ["[1, // one\r\n2]", '[1, 2]'],
    'block comment' => ['[1, /* one */ 2]', '[1, 2]'],
    'block comment over lines' => ["[1, /* one\n two\r\n */ 2]", '[1, 2]'],
    'block comment of stars' => ['[/***/1/****/,/* ** / * */2]', '[1,2]'],
    'empty block comment' => ['[/**/1/**/]', '[1]'],
    'comments in a row' => ["[1 /*a*//*b*/ // c\n /* d */ // e\n]", '[1]'],
    'comment at the start' => ["/* header */ // more\n{\"a\":1}", '{"a":1}'],
    'comment at the end' => ['{"a":1} /* end */', '{"a":1}'],
    'line comment at the end, no line end' => ['{"a":1} // end', '{"a":1}'],
    'comment touching the tokens' => ['/*x*/{/*x*/"a"/*x*/:/*x*/1/*x*/,/*x*/"b"/*x*/:/*x*/[/*x*/true/*x*/]/*x*/}/*x*/', '{"a":1,"b":[true]}'],
    'comment between key and colon' => ["{\"a\" // the key\n : 1}", '{"a": 1}'],
    'comment after the colon' => ['{"a": /* v */ 1}', '{"a": 1}'],
    'comment before and after a comma' => ['[1 /* a */ , /* b */ 2]', '[1, 2]'],
    'comment as the only element' => ['[ /* none */ ]', '[]'],
    'comment as the only member' => ["{ // none\n}", '{}'],
    'comment after scalar literals' => ["[true/**/,false//\n,null/**/,-1.5e3/**/]", '[true,false,null,-1.5e3]'],
    'comment bodies with JSON in them' => ["[1 /* \"[{]}\" */, 2 // \"x\", ] }\n]", '[1, 2]'],
    'comment bodies with any bytes' => ["[1 /* \x00\x01\xFF\xC3 é */, 2 // \x00\xFE\n]", '[1, 2]'],
    'comment openers in comments' => ["[1 /* /* // */, 2 // /* \n]", '[1, 2]'],
    'comments inside strings are content' => ['["// not a comment", "/* nor this */", "a/*b*/c"]', '["// not a comment", "/* nor this */", "a/*b*/c"]'],
    'comments inside keys are content' => ['{"/*k*/": 1, "//": 2}', '{"/*k*/": 1, "//": 2}'],
    'escaped slashes in strings' => ['["\/\/", "\/*x*\/"] // done', '["\/\/", "\/*x*\/"]'],
    'trailing comma in an array' => ['[1, 2,]', '[1, 2]'],
    'trailing comma in an object' => ['{"a": 1, "b": 2,}', '{"a": 1, "b": 2}'],
    'trailing comma then whitespace' => ["[1,\n\t ]", '[1]'],
    'trailing commas at every level' => ['{"a": [1, [2,], {"b": {},},], "c": [],}', '{"a": [1, [2], {"b": {}}], "c": []}'],
    'trailing comma with comments around' => ["[1 /* a */ , // b\n ]", '[1]'],
    'trailing comma after a container' => ['[[1],{"a":1},]', '[[1],{"a":1}]'],
    'pretty JSONC configuration' => ["{\n    // server\n    \"host\": \"example.org\", /* default port */\n    \"port\": 8080,\n    \"paths\": [\n        \"/var/www\", // web root\n        \"/srv\",\n    ],\n}\n", '{"host": "example.org", "port": 8080, "paths": ["/var/www", "/srv"]}'],
];
foreach ($cases as $name => [$jsonc, $json]) {
    foreach ([null, true] as $assoc) {
        jsond_decode('[');
        $got = jsond_decode($jsonc, $assoc, 512, F);
        $want = json_decode($json, $assoc);
        if (json_last_error() !== 0) {
            echo "$name: the plain text does not decode\n";
        }
        $same = serialize($got) === serialize($want) && jsond_last_error() === 0;
        $valid = jsond_validate($jsonc, 512, F);
        echo $name, $assoc ? ' (assoc)' : '', ': ', $same && $valid ? 'same' : 'DIFFERENT', "\n";
    }
}
echo "-- values\n";
var_dump(jsond_decode("{\"a\" /* c */ : [1, \"//x\",], // c\n}", true, 512, F));
var_dump(jsond_decode('/* only */ "s" // this', false, 512, F));
?>
--EXPECT--
line comment to LF: same
line comment to LF (assoc): same
line comment to CR: same
line comment to CR (assoc): same
line comment to CRLF: same
line comment to CRLF (assoc): same
block comment: same
block comment (assoc): same
block comment over lines: same
block comment over lines (assoc): same
block comment of stars: same
block comment of stars (assoc): same
empty block comment: same
empty block comment (assoc): same
comments in a row: same
comments in a row (assoc): same
comment at the start: same
comment at the start (assoc): same
comment at the end: same
comment at the end (assoc): same
line comment at the end, no line end: same
line comment at the end, no line end (assoc): same
comment touching the tokens: same
comment touching the tokens (assoc): same
comment between key and colon: same
comment between key and colon (assoc): same
comment after the colon: same
comment after the colon (assoc): same
comment before and after a comma: same
comment before and after a comma (assoc): same
comment as the only element: same
comment as the only element (assoc): same
comment as the only member: same
comment as the only member (assoc): same
comment after scalar literals: same
comment after scalar literals (assoc): same
comment bodies with JSON in them: same
comment bodies with JSON in them (assoc): same
comment bodies with any bytes: same
comment bodies with any bytes (assoc): same
comment openers in comments: same
comment openers in comments (assoc): same
comments inside strings are content: same
comments inside strings are content (assoc): same
comments inside keys are content: same
comments inside keys are content (assoc): same
escaped slashes in strings: same
escaped slashes in strings (assoc): same
trailing comma in an array: same
trailing comma in an array (assoc): same
trailing comma in an object: same
trailing comma in an object (assoc): same
trailing comma then whitespace: same
trailing comma then whitespace (assoc): same
trailing commas at every level: same
trailing commas at every level (assoc): same
trailing comma with comments around: same
trailing comma with comments around (assoc): same
trailing comma after a container: same
trailing comma after a container (assoc): same
pretty JSONC configuration: same
pretty JSONC configuration (assoc): same
-- values
array(1) {
  ["a"]=>
  array(2) {
    [0]=>
    int(1)
    [1]=>
    string(3) "//x"
  }
}
string(1) "s"
