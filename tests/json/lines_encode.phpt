--TEST--
jsond_encode_lines(): one jsond_encode() text per line, bytes written, errors as jsond_encode() reports them, PRETTY_PRINT refused
--EXTENSIONS--
zser
--FILE--
<?php
function written(callable $write): array {
    $f = fopen('php://memory', 'w+');
    try {
        $n = $write($f);
    } catch (Throwable $e) {
        $n = get_class($e) . '(' . $e->getCode() . '): ' . $e->getMessage();
    }
    rewind($f);
    return [$n, stream_get_contents($f), jsond_last_error()];
}

$values = [1, 'a/b', "x\ny\u{2028}", ['k' => [1.0, null]], (object)[], [], -0.0, PHP_INT_MIN, 0.1];
foreach ([0, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION, JSON_FORCE_OBJECT, JSON_HEX_TAG] as $flags) {
    [$n, $text] = written(fn($f) => jsond_encode_lines($values, $f, $flags));
    $want = implode('', array_map(fn($v) => json_encode($v, $flags) . "\n", $values));
    var_dump($text === $want, $n === strlen($want));
}
[$n, $text] = written(fn($f) => jsond_encode_lines($values, $f));
echo $text;

echo "-- iterables: keys are ignored, Traversable and Generator values are walked\n";
function gen() { yield 'a' => 1; yield 'a' => [2]; yield 3 => 'three'; }
var_dump(written(fn($f) => jsond_encode_lines(gen(), $f)));
var_dump(written(fn($f) => jsond_encode_lines(new ArrayIterator(['x' => true]), $f)));
var_dump(written(fn($f) => jsond_encode_lines(new ArrayObject([1, 2]), $f)));
var_dump(written(fn($f) => jsond_encode_lines([], $f)));
echo "-- round trip through jsond_decode_lines\n";
$f = fopen('php://memory', 'w+');
jsond_encode_lines($values, $f);
rewind($f);
var_dump(serialize(iterator_to_array(jsond_decode_lines($f), false)) === serialize(array_map(fn($v) => json_decode(json_encode($v)), $values)));

echo "-- encoding errors: lines before the bad value stay written\n";
var_dump(written(fn($f) => jsond_encode_lines([1, NAN, 3], $f)));
var_dump(written(fn($f) => jsond_encode_lines([1, "\xFF", 3], $f)));
var_dump(written(fn($f) => jsond_encode_lines([1, NAN, 3], $f, JSON_THROW_ON_ERROR)));
var_dump(written(fn($f) => jsond_encode_lines([1, NAN, "\xFF", 3], $f, JSON_PARTIAL_OUTPUT_ON_ERROR)));
var_dump(written(fn($f) => jsond_encode_lines([[[1]]], $f, 0, 1)));
var_dump(written(fn($f) => jsond_encode_lines(["\xFF"], $f, JSON_INVALID_UTF8_SUBSTITUTE)));
jsond_decode('[');
var_dump(written(fn($f) => jsond_encode_lines([1], $f, JSON_THROW_ON_ERROR)));
var_dump(written(fn($f) => jsond_encode_lines([1], $f)));

echo "-- exceptions from jsonSerialize() and from the iterator\n";
class Boom implements JsonSerializable { function jsonSerialize(): mixed { throw new RuntimeException('boom'); } }
var_dump(written(fn($f) => jsond_encode_lines([1, new Boom, 3], $f)));
function bad_gen() { yield 1; throw new LogicException('stop'); }
var_dump(written(fn($f) => jsond_encode_lines(bad_gen(), $f)));

echo "-- a stream that cannot be written\n";
$path = tempnam(sys_get_temp_dir(), 'zser');
$r = fopen($path, 'r');
var_dump(@jsond_encode_lines([1, 2], $r));
fclose($r);
unlink($path);

echo "-- argument errors\n";
$f = fopen('php://memory', 'w+');
foreach ([
    fn() => jsond_encode_lines([1], $f, JSON_PRETTY_PRINT),
    fn() => jsond_encode_lines([1], $f, JSON_PRETTY_PRINT | JSON_THROW_ON_ERROR),
    fn() => jsond_encode_lines('x', $f),
    fn() => jsond_encode_lines([1], 'x'),
    fn() => jsond_encode_lines([1], stream_context_create()),
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
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
1
"a\/b"
"x\ny\u2028"
{"k":[1,null]}
{}
[]
-0
-9223372036854775808
0.1
-- iterables: keys are ignored, Traversable and Generator values are walked
array(3) {
  [0]=>
  int(14)
  [1]=>
  string(14) "1
[2]
"three"
"
  [2]=>
  int(0)
}
array(3) {
  [0]=>
  int(5)
  [1]=>
  string(5) "true
"
  [2]=>
  int(0)
}
array(3) {
  [0]=>
  int(4)
  [1]=>
  string(4) "1
2
"
  [2]=>
  int(0)
}
array(3) {
  [0]=>
  int(0)
  [1]=>
  string(0) ""
  [2]=>
  int(0)
}
-- round trip through jsond_decode_lines
bool(true)
-- encoding errors: lines before the bad value stay written
array(3) {
  [0]=>
  bool(false)
  [1]=>
  string(2) "1
"
  [2]=>
  int(7)
}
array(3) {
  [0]=>
  bool(false)
  [1]=>
  string(2) "1
"
  [2]=>
  int(5)
}
array(3) {
  [0]=>
  string(52) "JsonException(7): Inf and NaN cannot be JSON encoded"
  [1]=>
  string(2) "1
"
  [2]=>
  int(5)
}
array(3) {
  [0]=>
  int(11)
  [1]=>
  string(11) "1
0
null
3
"
  [2]=>
  int(5)
}
array(3) {
  [0]=>
  bool(false)
  [1]=>
  string(0) ""
  [2]=>
  int(1)
}
array(3) {
  [0]=>
  int(9)
  [1]=>
  string(9) ""\ufffd"
"
  [2]=>
  int(0)
}
array(3) {
  [0]=>
  int(2)
  [1]=>
  string(2) "1
"
  [2]=>
  int(4)
}
array(3) {
  [0]=>
  int(2)
  [1]=>
  string(2) "1
"
  [2]=>
  int(0)
}
-- exceptions from jsonSerialize() and from the iterator
array(3) {
  [0]=>
  string(25) "RuntimeException(0): boom"
  [1]=>
  string(2) "1
"
  [2]=>
  int(0)
}
array(3) {
  [0]=>
  string(23) "LogicException(0): stop"
  [1]=>
  string(2) "1
"
  [2]=>
  int(0)
}
-- a stream that cannot be written
bool(false)
-- argument errors
ValueError: jsond_encode_lines(): Argument #3 ($flags) must not contain JSON_PRETTY_PRINT (a line holds one value)
ValueError: jsond_encode_lines(): Argument #3 ($flags) must not contain JSON_PRETTY_PRINT (a line holds one value)
TypeError: jsond_encode_lines(): Argument #1 ($values) must be of type Traversable|array, string given
TypeError: jsond_encode_lines(): Argument #2 ($stream) must be of type resource, string given
TypeError: jsond_encode_lines(): supplied resource is not a valid stream resource