--TEST--
jsond_encode_to_stream(): json_encode()'s bytes and byte count, across many 64 KiB flushes, with PRETTY_PRINT and PARTIAL_OUTPUT_ON_ERROR; errors as jsond_encode() reports them
--EXTENSIONS--
zser
--FILE--
<?php
function streamed($value, int $flags = 0, int $depth = 512): array {
    $f = fopen('php://memory', 'w+');
    try {
        $n = jsond_encode_to_stream($value, $f, $flags, $depth);
    } catch (Throwable $e) {
        $n = get_class($e) . '(' . $e->getCode() . '): ' . $e->getMessage();
    }
    rewind($f);
    return [$n, stream_get_contents($f), jsond_last_error()];
}
// [result, what json_encode() gives, json_last_error()], with the same shape as streamed()
function reference($value, int $flags = 0, int $depth = 512): array {
    try {
        $s = json_encode($value, $flags, $depth);
    } catch (Throwable $e) {
        return [get_class($e) . '(' . $e->getCode() . '): ' . $e->getMessage(), json_last_error()];
    }
    return [$s === false ? false : strlen($s), $s, json_last_error()];
}
function same($value, int $flags = 0, int $depth = 512): bool {
    [$n, $text, $err] = streamed($value, $flags, $depth);
    $want = reference($value, $flags, $depth);
    if ($want[1] === false) {
        return $n === false && $err === $want[2];
    }
    return $n === $want[0] && $text === $want[1] && $err === $want[2];
}

class Ser implements JsonSerializable {
    function __construct(private $v) {}
    function jsonSerialize(): mixed { return $this->v; }
}
class Props { public $a = [], $b = 'x', $c; }

$row = ['id' => 123456, 'name' => "Zoë / \"q\"", 'tags' => [], 'o' => new stdClass, 'f' => 0.1, 'n' => null];
$big = array_fill(0, 20000, $row);                     // about 1.6 MB: many flushes
$bigObj = (object)['rows' => $big, 'empty' => [], 'tail' => new Props];
$flat = range(1, 100000);
$strings = array_fill(0, 3000, str_repeat("é\u{2028}/<>&'\"", 10));
$serial = [new Ser($big), new Ser([]), new Ser(new Ser('s'))];
$deepEmpty = array_fill(0, 20000, [[[], (object)[]], [[]]]);
$flagSets = [0, JSON_PRETTY_PRINT, JSON_FORCE_OBJECT | JSON_PRETTY_PRINT,
    JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES | JSON_PRESERVE_ZERO_FRACTION,
    JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_NUMERIC_CHECK,
    JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT];
$values = ['scalar' => 1, 'string' => 'a/b', 'empty array' => [], 'empty object' => new stdClass,
    'small' => $row, 'big' => $big, 'big object' => $bigObj, 'flat' => $flat, 'strings' => $strings,
    'serializable' => $serial, 'empty containers' => $deepEmpty, 'one long string' => str_repeat('ab"', 100000)];
foreach ($values as $name => $v) {
    $ok = 0;
    foreach ($flagSets as $flags) {
        $ok += same($v, $flags);
    }
    echo "$name: $ok of ", count($flagSets), "\n";
}
[$n] = streamed($big, JSON_PRETTY_PRINT);
var_dump($n > 10 * 65536);

echo "-- errors, found early and late\n";
$late = $big;
$late[] = NAN;
$lateUtf8 = $big;
$lateUtf8[] = ['k' => "\xFF"];
$lateKey = $big;
$lateKey[] = ["\xFF" => 1];
$deep = [$flat, [[[1]]]];
enum Plain { case A; }
$rec = [$big];
$rec[] = &$rec;
$res = [$big, fopen('php://memory', 'r')];
foreach (['NAN early' => [NAN, 1], 'NAN late' => $late, 'UTF-8 late' => $lateUtf8, 'key late' => $lateKey,
          'depth late' => $deep, 'recursion late' => $rec, 'resource late' => $res,
          'enum late' => [$big, Plain::A]] as $name => $v) {
    foreach ([0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_PRETTY_PRINT,
              JSON_INVALID_UTF8_SUBSTITUTE, JSON_THROW_ON_ERROR, JSON_INVALID_UTF8_IGNORE | JSON_PRETTY_PRINT] as $flags) {
        $depth = $name === 'depth late' ? 3 : 512;
        [$n, $text, $err] = streamed($v, $flags, $depth);
        $want = reference($v, $flags, $depth);
        if ($want[1] === false || is_string($want[0]) && !is_int($n)) {
            // false or JsonException: what was written is a strict prefix of the partial text
            $partial = json_encode($v, $flags | JSON_PARTIAL_OUTPUT_ON_ERROR, $depth);
            $prefix = strlen($text) < strlen($partial) && str_starts_with($partial, $text);
            $same = $want[1] === false ? $n === false && $err === $want[2] : $n === $want[0];
            echo "$name $flags: ", $same ? 'same error' : "DIFFERENT: " . var_export([$n, $want], true),
                ', prefix ', $prefix ? 'yes' : 'NO', ', ', strlen($text) > 0 ? 'written' : 'empty', "\n";
        } else {
            echo "$name $flags: ", ($n === $want[0] && $text === $want[1] && $err === $want[2]) ? 'same text' : 'DIFFERENT', "\n";
        }
    }
}
echo "-- the error of an earlier call is cleared, THROW_ON_ERROR leaves it\n";
jsond_decode('[');
var_dump(streamed([1], JSON_THROW_ON_ERROR), streamed([1]));

echo "-- an exception from jsonSerialize() after a flush\n";
class Boom implements JsonSerializable { function jsonSerialize(): mixed { throw new RuntimeException('boom'); } }
[$n, $text] = streamed([$big, new Boom]);
var_dump($n, strlen($text) > 0 && str_starts_with(json_encode([$big, 1]), $text));
[$n, $text] = streamed([1, new Boom], JSON_PARTIAL_OUTPUT_ON_ERROR);
var_dump($n, $text);

echo "-- bad streams\n";
$f = fopen('php://memory', 'w+');
fclose($f);
try { jsond_encode_to_stream(1, $f); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
$d = opendir(__DIR__);
try { var_dump(jsond_encode_to_stream(1, $d)); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }
try { jsond_encode_to_stream(1, 'php://memory'); } catch (TypeError $e) { echo $e->getMessage(), "\n"; }

echo "-- a stream that takes only part of the text\n";
class Short {
    public $context;
    static int $left = 0;
    static string $got = '';
    function stream_open($path, $mode, $options, &$opened) { return true; }
    function stream_write(string $data): int {
        $n = min(strlen($data), self::$left);
        self::$left -= $n;
        self::$got .= substr($data, 0, $n);
        return $n;
    }
}
stream_wrapper_register('short', 'Short');
foreach ([0, 100000, 2000000, 10000000] as $room) {
    Short::$left = $room;
    Short::$got = '';
    $f = fopen('short://x', 'w');
    var_dump(jsond_encode_to_stream($big, $f, JSON_PRETTY_PRINT), jsond_last_error(),
        str_starts_with(json_encode($big, JSON_PRETTY_PRINT), Short::$got), strlen(Short::$got) === min($room, strlen(json_encode($big, JSON_PRETTY_PRINT))));
    fclose($f);
}

echo "-- a stream whose write throws: the exception alone, as fwrite() gives it\n";
class Refusing {
    public $context;
    function stream_open($path, $mode, $options, &$opened) { return true; }
    function stream_write(string $data): int { throw new RuntimeException('refused'); }
}
stream_wrapper_register('refusing', 'Refusing');
$f = fopen('refusing://x', 'w');
foreach (['small' => [1], 'big' => $big] as $name => $v) {
    try {
        var_dump(jsond_encode_to_stream($v, $f));
    } catch (RuntimeException $e) {
        echo "$name: ", $e->getMessage(), "\n";
    }
}
try {
    fwrite($f, 'x');
} catch (RuntimeException $e) {
    echo 'fwrite(): ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
scalar: 6 of 6
string: 6 of 6
empty array: 6 of 6
empty object: 6 of 6
small: 6 of 6
big: 6 of 6
big object: 6 of 6
flat: 6 of 6
strings: 6 of 6
serializable: 6 of 6
empty containers: 6 of 6
one long string: 6 of 6
bool(true)
-- errors, found early and late
NAN early 0: same error, prefix yes, empty
NAN early 512: same text
NAN early 640: same text
NAN early 2097152: same error, prefix yes, empty
NAN early 4194304: same error, prefix yes, empty
NAN early 1048704: same error, prefix yes, empty
NAN late 0: same error, prefix yes, written
NAN late 512: same text
NAN late 640: same text
NAN late 2097152: same error, prefix yes, written
NAN late 4194304: same error, prefix yes, written
NAN late 1048704: same error, prefix yes, written
UTF-8 late 0: same error, prefix yes, written
UTF-8 late 512: same text
UTF-8 late 640: same text
UTF-8 late 2097152: same text
UTF-8 late 4194304: same error, prefix yes, written
UTF-8 late 1048704: same text
key late 0: same error, prefix yes, written
key late 512: same text
key late 640: same text
key late 2097152: same text
key late 4194304: same error, prefix yes, written
key late 1048704: same text
depth late 0: same error, prefix yes, written
depth late 512: same text
depth late 640: same text
depth late 2097152: same error, prefix yes, written
depth late 4194304: same error, prefix yes, written
depth late 1048704: same error, prefix yes, written
recursion late 0: same error, prefix yes, written
recursion late 512: same text
recursion late 640: same text
recursion late 2097152: same error, prefix yes, written
recursion late 4194304: same error, prefix yes, written
recursion late 1048704: same error, prefix yes, written
resource late 0: same error, prefix yes, written
resource late 512: same text
resource late 640: same text
resource late 2097152: same error, prefix yes, written
resource late 4194304: same error, prefix yes, written
resource late 1048704: same error, prefix yes, written
enum late 0: same error, prefix yes, written
enum late 512: same text
enum late 640: same text
enum late 2097152: same error, prefix yes, written
enum late 4194304: same error, prefix yes, written
enum late 1048704: same error, prefix yes, written
-- the error of an earlier call is cleared, THROW_ON_ERROR leaves it
array(3) {
  [0]=>
  int(3)
  [1]=>
  string(3) "[1]"
  [2]=>
  int(4)
}
array(3) {
  [0]=>
  int(3)
  [1]=>
  string(3) "[1]"
  [2]=>
  int(0)
}
-- an exception from jsonSerialize() after a flush
string(25) "RuntimeException(0): boom"
bool(true)
string(25) "RuntimeException(0): boom"
string(0) ""
-- bad streams
jsond_encode_to_stream(): supplied resource is not a valid stream resource

Notice: jsond_encode_to_stream(): Stream is not writable in %s on line %d

Warning: jsond_encode_to_stream(): Failed to write to the stream after 0 bytes of the JSON text in %s on line %d
bool(false)
jsond_encode_to_stream(): Argument #2 ($stream) must be of type resource, string given
-- a stream that takes only part of the text

Warning: jsond_encode_to_stream(): Failed to write to the stream after 0 bytes of the JSON text in %s on line %d
bool(false)
int(0)
bool(true)
bool(true)

Warning: jsond_encode_to_stream(): Failed to write to the stream after 100000 bytes of the JSON text in %s on line %d
bool(false)
int(0)
bool(true)
bool(true)

Warning: jsond_encode_to_stream(): Failed to write to the stream after 2000000 bytes of the JSON text in %s on line %d
bool(false)
int(0)
bool(true)
bool(true)
int(2900002)
int(0)
bool(true)
bool(true)
-- a stream whose write throws: the exception alone, as fwrite() gives it
small: refused
big: refused
fwrite(): refused
