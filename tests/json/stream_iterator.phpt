--TEST--
jsond_decode_stream(): Generator-like iteration (lazy, forward only, one pass), argument errors, streams that cannot be read or fail or get closed
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/stream_ref.inc';

function attempt(callable $f): void {
    try {
        $r = $f();
        echo '  ', json_encode($r), "\n";
    } catch (Throwable $e) {
        echo '  ', get_class($e), ': ', $e->getMessage(), "\n";
    }
}

echo "-- arguments\n";
$f = sref_open('[1]');
attempt(fn() => jsond_decode_stream($f, 'a'));
attempt(fn() => jsond_decode_stream($f, '/~2'));
attempt(fn() => jsond_decode_stream($f, '/a~'));
attempt(fn() => jsond_decode_stream($f, '', null, 0));
attempt(fn() => jsond_decode_stream($f, '', null, PHP_INT_MAX));
attempt(fn() => jsond_decode_stream('[1]'));
$closed = sref_open('[1]');
fclose($closed);
attempt(fn() => jsond_decode_stream($closed));
echo "-- comments and trailing commas are refused, before the last error is reset\n";
jsond_decode('[');
attempt(fn() => jsond_decode_stream($f, '', null, 512, JSOND_ALLOW_COMMENTS));
attempt(fn() => jsond_decode_stream($f, '', null, 512, JSOND_ALLOW_TRAILING_COMMAS));
var_dump(jsond_last_error());
echo "-- a pointer error comes before a depth error, and both reset the last error first\n";
jsond_decode('[');
attempt(fn() => jsond_decode_stream($f, 'x', null, 0));
var_dump(jsond_last_error());

echo "-- a stream that is not readable\n";
$tmp = tempnam(sys_get_temp_dir(), 'zser');
$w = fopen($tmp, 'w');
attempt(fn() => jsond_decode_stream($w));
fclose($w);
$a = fopen($tmp, 'a');
attempt(fn() => jsond_decode_stream($a));
fclose($a);
$out = fopen('php://output', 'w');
attempt(fn() => jsond_decode_stream($out));
$rw = fopen($tmp, 'w+');
fwrite($rw, '[7]');
rewind($rw);
attempt(fn() => iterator_to_array(jsond_decode_stream($rw)));
fclose($rw);
unlink($tmp);

echo "-- a read that fails ends the iteration with an Exception naming the offset\n";
final class FailingStream {
    public $context;
    private int $reads = 0;
    public function stream_open($path, $mode, $options, &$opened) { return true; }
    public function stream_read($count) { return $this->reads++ === 0 ? '[1, 2, ' : false; }
    public function stream_eof() { return false; }
}
stream_wrapper_register('failing', FailingStream::class);
$it = jsond_decode_stream(fopen('failing://x', 'r'));
$seen = [];
try {
    foreach ($it as $k => $v) $seen[] = $v;
} catch (Exception $e) {
    echo '  ', json_encode($seen), ' ', get_class($e), ': ', $e->getMessage(), "\n";
}
var_dump($it->valid());

echo "-- nothing is read before the first use, and the stream is not closed\n";
$f = sref_open('[10, 20, 30]');
$it = jsond_decode_stream($f);
var_dump($it instanceof Iterator, ftell($f));
var_dump($it->current(), $it->key(), ftell($f));
$it->rewind(); // before the first next(): allowed, nothing moves
var_dump($it->key());
$it->next();
var_dump($it->key(), $it->current());
attempt(fn() => $it->rewind());
$it->next();
$it->next();
var_dump($it->valid(), $it->current(), $it->key(), is_resource($f));
$it->next();
var_dump($it->valid());

echo "-- next() before any other call starts and moves on\n";
$it = jsond_decode_stream(sref_open('[10, 20]'));
$it->next();
var_dump($it->key(), $it->current());

echo "-- an error is thrown by whichever call reads first, once; the iteration is then over\n";
$it = jsond_decode_stream(sref_open('[1, }'));
var_dump($it->current());
attempt(fn() => $it->next());
var_dump($it->valid(), $it->current(), jsond_last_error());
attempt(fn() => $it->next());
$it = jsond_decode_stream(sref_open('{]'));
attempt(fn() => $it->current());
var_dump($it->valid());
$it = jsond_decode_stream(sref_open('x'));
attempt(fn() => $it->rewind());
$it = jsond_decode_stream(sref_open('[1]'), '/0');
attempt(fn() => $it->valid());

echo "-- the stream closed during the iteration\n";
$f = sref_open('[1, 2, 3]', 1);
$it = jsond_decode_stream($f);
var_dump($it->current());
fclose($f);
attempt(fn() => $it->next());

echo "-- foreach by reference is refused\n";
attempt(function () { foreach (jsond_decode_stream(sref_open('[1]')) as &$v) {} });

echo "-- the class cannot be made, cloned or serialized\n";
attempt(fn() => new JsondStream());
$it = jsond_decode_stream(sref_open('[1]'));
attempt(fn() => clone $it);
attempt(fn() => serialize($it));
var_dump((new ReflectionClass('JsondStream'))->isFinal());

echo "-- the iterator keeps the stream alive; a cycle through it is collected\n";
$it = jsond_decode_stream(sref_open('[{"a": 1}]'));
$o = $it->current();
$o->self = $it;
unset($it, $o);
var_dump(gc_collect_cycles() > 0);
?>
--EXPECT--
-- arguments
  ValueError: jsond_decode_stream(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
  ValueError: jsond_decode_stream(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
  ValueError: jsond_decode_stream(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
  ValueError: jsond_decode_stream(): Argument #4 ($depth) must be greater than 0
  ValueError: jsond_decode_stream(): Argument #4 ($depth) must be less than 2147483647
  TypeError: jsond_decode_stream(): Argument #1 ($stream) must be of type resource, string given
  TypeError: jsond_decode_stream(): supplied resource is not a valid stream resource
-- comments and trailing commas are refused, before the last error is reset
  ValueError: jsond_decode_stream(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS
  ValueError: jsond_decode_stream(): Argument #5 ($flags) must not contain JSOND_ALLOW_COMMENTS or JSOND_ALLOW_TRAILING_COMMAS
int(4)
-- a pointer error comes before a depth error, and both reset the last error first
  ValueError: jsond_decode_stream(): Argument #2 ($pointer) must be a valid JSON Pointer ("" or starting with "/", "~" followed by "0" or "1")
int(0)
-- a stream that is not readable
  ValueError: jsond_decode_stream(): Argument #1 ($stream) must be a readable stream
  ValueError: jsond_decode_stream(): Argument #1 ($stream) must be a readable stream
  ValueError: jsond_decode_stream(): Argument #1 ($stream) must be a readable stream
  [7]
-- a read that fails ends the iteration with an Exception naming the offset
  [1,2] Exception: Reading the stream failed at offset 7
bool(false)
-- nothing is read before the first use, and the stream is not closed
bool(true)
int(0)
int(10)
int(0)
int(12)
int(0)
int(1)
int(20)
  Exception: Cannot rewind JsondStream after it advanced
bool(false)
NULL
NULL
bool(true)
bool(false)
-- next() before any other call starts and moves on
int(1)
int(20)
-- an error is thrown by whichever call reads first, once; the iteration is then over
int(1)
  JsonException: Syntax error
bool(false)
NULL
int(4)
  null
  JsonException: State mismatch (invalid or malformed JSON)
bool(false)
  JsonException: Syntax error
  JsonException: JSON Pointer value is neither an array nor an object
-- the stream closed during the iteration
int(1)
  TypeError: JsondStream::next(): supplied resource is not a valid stream resource
-- foreach by reference is refused
  Error: An iterator cannot be used with foreach by reference
-- the class cannot be made, cloned or serialized
  Error: Call to private JsondStream::__construct() from global scope
  Error: Trying to clone an uncloneable object of class JsondStream
  Exception: Serialization of 'JsondStream' is not allowed
bool(true)
-- the iterator keeps the stream alive; a cycle through it is collected
bool(true)
