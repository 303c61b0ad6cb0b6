--TEST--
jsond_decode_lines(): one value per line keyed by line number, blank lines skipped, bad lines reported or skipped, Generator-like iteration, argument errors
--EXTENSIONS--
zser
--FILE--
<?php
function lines_of(string $text, ...$args): array {
    $f = fopen('php://memory', 'w+');
    fwrite($f, $text);
    rewind($f);
    $out = [];
    try {
        foreach (jsond_decode_lines($f, ...$args) as $k => $v) {
            $out[$k] = $v;
        }
    } catch (JsonException $e) {
        $out['error'] = [$e->getCode(), $e->getMessage()];
    }
    return $out;
}

$text = "{\"a\":1}\n\n  \n[1,2]\r\n\"s\"\n\t\n12345678901234567890\nnull\n{\"o\":{}}";
echo json_encode(lines_of($text)), "\n";
echo json_encode(lines_of($text, true)), "\n";
var_dump(lines_of($text)[1] == json_decode('{"a":1}'));
var_dump(lines_of($text, false, 512, JSON_BIGINT_AS_STRING)[7]);
var_dump(lines_of($text, null, 512, JSON_OBJECT_AS_ARRAY)[9]);

echo "-- every value is json_decode()'s for its line\n";
$ok = 0;
foreach (explode("\n", $text) as $i => $line) {
    if (trim($line) === '') continue;
    $ok += serialize(lines_of($text, true)[$i + 1]) === serialize(json_decode($line, true));
}
var_dump($ok);

echo "-- empty stream, only blank lines, no final newline\n";
var_dump(lines_of(''), lines_of("\n\n \r\n"), lines_of('1'), lines_of("1\n"));

echo "-- a bad line throws JsonException naming it, with json_decode()'s code\n";
foreach (["1\n[1,\n3", "1\n\"\x01\"", "1\n\n\"\xFF\"", "{\"\\u0000\":1}", "[[1]]\n[1]", "1\n2 3", "tru\n"] as $t) {
    echo json_encode(lines_of($t, null, 2)), "\n";
}
echo json_encode(lines_of("\"\xFF\"\n2", null, 512, JSON_INVALID_UTF8_SUBSTITUTE)), "\n";
echo "-- the flag changes nothing: JSON_THROW_ON_ERROR also throws, without it too\n";
echo json_encode(lines_of("1\n[", null, 512, JSON_THROW_ON_ERROR)), "\n";

echo "-- JSOND_LINES_SKIP_INVALID: bad lines skipped, the last one's error kept\n";
echo json_encode(lines_of("1\n[\n2\n\"\x01\"\n3", null, 512, JSOND_LINES_SKIP_INVALID)), "\n";
var_dump(jsond_last_error(), jsond_last_error_msg());
echo json_encode(lines_of("1\n2", null, 512, JSOND_LINES_SKIP_INVALID)), "\n";
var_dump(jsond_last_error());

echo "-- iteration: lazy, forward only, like a Generator\n";
$f = fopen('php://memory', 'w+');
fwrite($f, "1\n2\n3\n");
rewind($f);
$it = jsond_decode_lines($f);
var_dump($it instanceof Iterator, $it instanceof JsondLines, ftell($f));
var_dump($it->current(), $it->key(), ftell($f) > 0);
$it->rewind(); // still at the first value: allowed
$it->next();
var_dump($it->key(), $it->current());
try {
    $it->rewind();
} catch (Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
$it->next();
var_dump($it->valid(), $it->current(), $it->key());
$it->next();
var_dump($it->valid());
try {
    foreach ($it as $v) {}
} catch (Exception $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- the stream closed while iterating\n";
$f = fopen('php://memory', 'w+');
fwrite($f, "1\n2\n");
rewind($f);
$it = jsond_decode_lines($f);
var_dump($it->current());
fclose($f);
try {
    $it->next();
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}

echo "-- long lines and small reads\n";
$f = fopen('php://memory', 'w+');
$long = json_encode(str_repeat('x', 100000));
fwrite($f, "$long\n[1]\n$long");
rewind($f);
stream_set_chunk_size($f, 1);
$n = 0;
foreach (jsond_decode_lines($f) as $k => $v) {
    echo $k, ':', is_string($v) ? strlen($v) : json_encode($v), ' ';
}
echo "\n";

echo "-- memory is bounded by the longest line, not the stream\n";
$path = tempnam(sys_get_temp_dir(), 'zser');
$line = json_encode(['id' => 1, 'name' => str_repeat('n', 200)]) . "\n";
file_put_contents($path, str_repeat($line, 20000)); // about 4.4 MB
$f = fopen($path, 'r');
$before = memory_get_usage();
$peak = 0;
$count = 0;
foreach (jsond_decode_lines($f, true) as $v) {
    $count++;
    $peak = max($peak, memory_get_usage() - $before);
}
fclose($f);
unlink($path);
var_dump($count, $peak < 64 * 1024);

echo "-- argument errors\n";
$f = fopen('php://memory', 'r');
foreach ([
    fn() => jsond_decode_lines('not a stream'),
    fn() => jsond_decode_lines($f, null, 0),
    fn() => jsond_decode_lines($f, null, PHP_INT_MAX),
    fn() => jsond_decode_lines(stream_context_create()),
    fn() => new JsondLines(),
    fn() => clone jsond_decode_lines($f),
    fn() => serialize(jsond_decode_lines($f)),
] as $call) {
    try {
        $call();
        echo "no error\n";
    } catch (Throwable $e) {
        echo get_class($e), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECT--
{"1":{"a":1},"4":[1,2],"5":"s","7":1.2345678901234567e+19,"8":null,"9":{"o":{}}}
{"1":{"a":1},"4":[1,2],"5":"s","7":1.2345678901234567e+19,"8":null,"9":{"o":[]}}
bool(true)
string(20) "12345678901234567890"
array(1) {
  ["o"]=>
  array(0) {
  }
}
-- every value is json_decode()'s for its line
int(6)
-- empty stream, only blank lines, no final newline
array(0) {
}
array(0) {
}
array(1) {
  [1]=>
  int(1)
}
array(1) {
  [1]=>
  int(1)
}
-- a bad line throws JsonException naming it, with json_decode()'s code
{"1":1,"error":[4,"Syntax error on line 2"]}
{"1":1,"error":[3,"Control character error, possibly incorrectly encoded on line 2"]}
{"1":1,"error":[5,"Malformed UTF-8 characters, possibly incorrectly encoded on line 3"]}
{"error":[9,"The decoded property name is invalid on line 1"]}
{"error":[1,"Maximum stack depth exceeded on line 1"]}
{"1":1,"error":[4,"Syntax error on line 2"]}
{"error":[4,"Syntax error on line 1"]}
{"1":"\ufffd","2":2}
-- the flag changes nothing: JSON_THROW_ON_ERROR also throws, without it too
{"1":1,"error":[4,"Syntax error on line 2"]}
-- JSOND_LINES_SKIP_INVALID: bad lines skipped, the last one's error kept
{"1":1,"3":2,"5":3}
int(3)
string(53) "Control character error, possibly incorrectly encoded"
{"1":1,"2":2}
int(0)
-- iteration: lazy, forward only, like a Generator
bool(true)
bool(true)
int(0)
int(1)
int(1)
bool(true)
int(2)
int(2)
Exception: Cannot rewind JsondLines after it advanced
bool(true)
int(3)
int(3)
bool(false)
Exception: Cannot rewind JsondLines after it advanced
-- the stream closed while iterating
int(1)
TypeError: JsondLines::next(): supplied resource is not a valid stream resource
-- long lines and small reads
1:100000 2:[1] 3:100000 
-- memory is bounded by the longest line, not the stream
int(20000)
bool(true)
-- argument errors
TypeError: jsond_decode_lines(): Argument #1 ($stream) must be of type resource, string given
ValueError: jsond_decode_lines(): Argument #3 ($depth) must be greater than 0
ValueError: jsond_decode_lines(): Argument #3 ($depth) must be less than 2147483647
TypeError: jsond_decode_lines(): supplied resource is not a valid stream resource
Error: Call to private JsondLines::__construct() from global scope
Error: Trying to clone an uncloneable object of class JsondLines
Exception: Serialization of 'JsondLines' is not allowed