--TEST--
jsond_decode() with JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS: what stays an error, its code and place; each flag alone; without the flags every text fails as json_decode() does
--EXTENSIONS--
zser
--FILE--
<?php
const F = JSOND_ALLOW_COMMENTS | JSOND_ALLOW_TRAILING_COMMAS;
function show(string $name, string $s, int $flags): void {
    jsond_decode('1');
    $valid = jsond_validate($s, 512, $flags);
    $vcode = jsond_last_error();
    $v = jsond_decode($s, true, 512, $flags | JSOND_ERROR_LOCATION);
    $loc = jsond_last_error_location();
    echo str_pad($name, 38), ' ', $v === null ? 'null' : 'value', ' ', jsond_last_error(), ' @', $loc['offset'] ?? '-',
        ' "', jsond_last_error_msg(), '"', $valid === ($v !== null) && $vcode === jsond_last_error() ? '' : ' VALIDATE DIFFERS', "\n";
}
echo "-- errors with both flags\n";
$bad = [
    'unterminated block comment' => '[1 /* never closed',
    'unterminated, star at the end' => '[1] /*/',
    'quotes and a slash in an unclosed one' => '["a", /* "*" + "/" ]',
    'lone slash' => '[1, /]',
    'lone slash at the end' => '[1]/',
    'slash then space' => '[1 / / x]',
    'slash then letter' => '{"a": /x 1}',
    'slash after a key' => '{"a" / : 1}',
    'comma with nothing before, array' => '[,]',
    'comma with nothing before, object' => '{,}',
    'comma before the first element' => '[,1]',
    'comma before the first member' => '{,"a":1}',
    'comment then leading comma' => '[/**/,1]',
    'two commas' => '[1,,]',
    'two commas, comment between' => '[1, /**/ ,]',
    'two commas in an object' => '{"a":1,,}',
    'comma after a colon' => '{"a":,}',
    'comma after a key' => '{"a",}',
    'comma at the top level' => '1,',
    'comma alone' => ',',
    'only a comment' => '/* nothing */',
    'only line comments' => "// a\n// b",
    'trailing comma, wrong bracket' => '[1,}',
    'trailing comma, wrong bracket, object' => '{"a":1,]',
    'comment, wrong bracket' => '[/**/}',
    'value after a comment, no comma' => '[1 /**/ 2]',
    'comment inside a literal' => '[tr/**/ue]',
    'comment inside a number' => '[-/**/1]',
    'error before a comment' => '[x /* c */]',
    'error after a comment' => "[1, // c\n x]",
];
foreach ($bad as $name => $s) {
    show($name, $s, F);
}
echo "-- each flag alone\n";
show('comment, comments allowed', '[1 /**/]', JSOND_ALLOW_COMMENTS);
show('comment, commas allowed', '[1 /**/]', JSOND_ALLOW_TRAILING_COMMAS);
show('trailing comma, comments allowed', '[1, /**/]', JSOND_ALLOW_COMMENTS);
show('trailing comma, commas allowed', '[1,]', JSOND_ALLOW_TRAILING_COMMAS);
show('trailing comma in an object, commas', "{\"a\":1,\n}", JSOND_ALLOW_TRAILING_COMMAS);
show('comment, commas allowed, object', '{"a":1 /**/}', JSOND_ALLOW_TRAILING_COMMAS);

echo "-- without the flags, json_decode()'s outcome for every text above\n";
$all = array_merge(array_values($bad), ['[1 /**/]', '[1,]', '{"a":1,}', '[1, // c' . "\n]", '/**/1', '1//', '["//"]']);
$same = 0;
foreach ($all as $s) {
    foreach ([0, JSON_BIGINT_AS_STRING] as $flags) {
        $want = [json_decode($s, true, 512, $flags), json_last_error(), json_last_error_msg()];
        $got = [jsond_decode($s, true, 512, $flags), jsond_last_error(), jsond_last_error_msg()];
        if ($want === $got) {
            $same++;
        } else {
            echo "DIFFERENT: ", var_export($s, true), "\n";
        }
    }
}
echo "$same of ", 2 * count($all), " the same\n";
echo "-- a bad comment is placed at its '/', line and column counted as for any error\n";
jsond_decode("{\n  \"a\": 1, // fine\n  /* not closed\n}", false, 512, F);
var_dump(jsond_last_error_location());
?>
--EXPECT--
-- errors with both flags
unterminated block comment             null 4 @3 "Syntax error near location 1:4"
unterminated, star at the end          null 4 @4 "Syntax error near location 1:5"
quotes and a slash in an unclosed one  null 4 @6 "Syntax error near location 1:7"
lone slash                             null 4 @4 "Syntax error near location 1:5"
lone slash at the end                  null 4 @3 "Syntax error near location 1:4"
slash then space                       null 4 @3 "Syntax error near location 1:4"
slash then letter                      null 4 @6 "Syntax error near location 1:7"
slash after a key                      null 4 @5 "Syntax error near location 1:6"
comma with nothing before, array       null 4 @1 "Syntax error near location 1:2"
comma with nothing before, object      null 4 @1 "Syntax error near location 1:2"
comma before the first element         null 4 @1 "Syntax error near location 1:2"
comma before the first member          null 4 @1 "Syntax error near location 1:2"
comment then leading comma             null 4 @5 "Syntax error near location 1:6"
two commas                             null 4 @3 "Syntax error near location 1:4"
two commas, comment between            null 4 @9 "Syntax error near location 1:10"
two commas in an object                null 4 @7 "Syntax error near location 1:8"
comma after a colon                    null 4 @5 "Syntax error near location 1:6"
comma after a key                      null 4 @4 "Syntax error near location 1:5"
comma at the top level                 null 4 @1 "Syntax error near location 1:2"
comma alone                            null 4 @0 "Syntax error near location 1:1"
only a comment                         null 4 @13 "Syntax error near location 1:14"
only line comments                     null 4 @9 "Syntax error near location 2:5"
trailing comma, wrong bracket          null 2 @3 "State mismatch (invalid or malformed JSON) near location 1:4"
trailing comma, wrong bracket, object  null 2 @7 "State mismatch (invalid or malformed JSON) near location 1:8"
comment, wrong bracket                 null 2 @5 "State mismatch (invalid or malformed JSON) near location 1:6"
value after a comment, no comma        null 4 @8 "Syntax error near location 1:9"
comment inside a literal               null 4 @1 "Syntax error near location 1:2"
comment inside a number                null 4 @1 "Syntax error near location 1:2"
error before a comment                 null 4 @1 "Syntax error near location 1:2"
error after a comment                  null 4 @10 "Syntax error near location 2:2"
-- each flag alone
comment, comments allowed              value 0 @- "No error"
comment, commas allowed                null 4 @3 "Syntax error near location 1:4"
trailing comma, comments allowed       null 4 @8 "Syntax error near location 1:9"
trailing comma, commas allowed         value 0 @- "No error"
trailing comma in an object, commas    value 0 @- "No error"
comment, commas allowed, object        null 4 @7 "Syntax error near location 1:8"
-- without the flags, json_decode()'s outcome for every text above
74 of 74 the same
-- a bad comment is placed at its '/', line and column counted as for any error
array(3) {
  ["line"]=>
  int(3)
  ["column"]=>
  int(3)
  ["offset"]=>
  int(22)
}
