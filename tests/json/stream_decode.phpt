--TEST--
jsond_decode_stream(): the elements of the array or the members of the object at a pointer, as json_decode() of the whole text holds them, at every read size
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/stream_ref.inc';

function show(string $text, string $ptr = '', ...$args): void {
    $r = sref_iterate(sref_open($text), $ptr, ...$args);
    foreach ($r[1] as [$k, $v]) {
        echo '  ', var_export($k, true), ' => ', json_encode($v), ' ', get_debug_type($v), "\n";
    }
    if ($r[0] === 'ex') echo "  JsonException {$r[2]}: {$r[3]}\n";
}

echo "-- pointer '' on a top-level array\n";
$arr = ' [1, "two", {"three": 3}, [4], null, 1.5e2, -0.0, 12345678901234567890] ';
show($arr);
var_dump(sref_same($arr), sref_same($arr, '', true), sref_same($arr, '', null, 512, JSON_BIGINT_AS_STRING));

echo "-- pointer '' on a top-level object: keys as json_decode() keys them\n";
$obj = '{"a": {"x": 1}, "0": [], "": "empty", "-1": 2, "05": 3, "\u00e9": 4}';
show($obj);
show($obj, '', true);
var_dump(sref_same($obj), sref_same($obj, '', true), sref_same($obj, '', false, 512, JSON_OBJECT_AS_ARRAY));

echo "-- nested pointer with ~0 and ~1 escapes, names compared decoded\n";
$nested = '{"a/b": {"m~n": [10, {"k": [20, 21]}]}, "x": 0}';
show($nested, '/a~1b/m~0n');
show($nested, '/a~1b/m~0n/1/k');
$esc = '{"\u0061\/b": {"m\u007en": [1, 2]}}';
show($esc, '/a~1b/m~0n');
var_dump(sref_same($nested, '/a~1b/m~0n'), sref_same($nested, '/a~1b/m~0n/1', true), sref_same($esc, '/a~1b/m~0n'));
echo "-- the empty name: '/' and '//'\n";
show('{"": {"": [1]}}', '//');
var_dump(sref_same('{"": {"": [1]}}', '/'));

echo "-- empty array, empty object, anywhere\n";
show('[]');
show('{}');
show('{"a": [ ], "b": { }}', '/a');
show('{"a": [ ], "b": { }}', '/b');
var_dump(sref_same("[\n]"), sref_same('{"a":{"b":{}}}', '/a/b'));

echo "-- values are decoded with the flags and the depth left at their level\n";
$deep = '{"list": [[1, [2]], {"o": {"p": 1}}, 9]}';
var_dump(sref_same($deep, '/list', null, 4), sref_same($deep, '/list', true, 3), sref_same($deep, '/list', null, 5));
show($deep, '/list', true, 5);
show("[\"\\u00e9\", \"a\xFFb\"]", '', null, 512, JSON_INVALID_UTF8_SUBSTITUTE);
var_dump(sref_same("[\"a\xFFb\", {\"\xFEk\": 1}]", '', null, 512, JSON_INVALID_UTF8_IGNORE),
    sref_same("{\"k\xFF\": [1]}", '/k', null, 512, JSON_INVALID_UTF8_IGNORE));

echo "-- a member named twice in the target is handed out each time; decode keeps the last\n";
show('{"a": 1, "b": 2, "a": 3}');
$pairs = sref_iterate(sref_open('{"a": 1, "b": 2, "a": 3}'), '', true)[1];
$folded = [];
foreach ($pairs as [$k, $v]) $folded[$k] = $v;
var_dump($folded === json_decode('{"a": 1, "b": 2, "a": 3}', true));

echo "-- bare big integer names under JSON_BIGINT_AS_STRING\n";
show('{12345678901234567890: [1]}', '/12345678901234567890', null, 512, JSON_BIGINT_AS_STRING);
var_dump(sref_same('{12345678901234567890: {"-99999999999999999999": 1}}', '/12345678901234567890', true, 512, JSON_BIGINT_AS_STRING));

echo "-- elements larger than a read, decoded where they are held\n";
$big = '[1, "' . str_repeat('long ', 20000) . '", {"k": ' . json_encode(range(1, 5000)) . '}, ' . str_repeat('[', 400) . str_repeat(']', 400) . ']';
var_dump(sref_same($big, '', null, 512, 0, [], 0), sref_same($big, '', true, 512, 0, [], 0));
$pairs = sref_iterate(sref_open($big, 1000))[1];
var_dump(count($pairs), strlen($pairs[1][1]), count($pairs[2][1]->k));
var_dump(sref_same("[\"" . str_repeat('x', 9000) . "\xFF\"]", '', null, 512, 0, [], 0));

echo "-- the stream is read from where it stands and left open\n";
$f = fopen('php://memory', 'w+');
fwrite($f, 'garbage[1,2]');
fseek($f, 7);
foreach (jsond_decode_stream($f) as $k => $v) echo "  $k => $v\n";
var_dump(is_resource($f), ftell($f));
?>
--EXPECT--
-- pointer '' on a top-level array
  0 => 1 int
  1 => "two" string
  2 => {"three":3} stdClass
  3 => [4] array
  4 => null null
  5 => 150 float
  6 => -0 float
  7 => 1.2345678901234567e+19 float
bool(true)
bool(true)
bool(true)
-- pointer '' on a top-level object: keys as json_decode() keys them
  'a' => {"x":1} stdClass
  '0' => [] array
  '' => "empty" string
  '-1' => 2 int
  '05' => 3 int
  'é' => 4 int
  'a' => {"x":1} array
  0 => [] array
  '' => "empty" string
  -1 => 2 int
  '05' => 3 int
  'é' => 4 int
bool(true)
bool(true)
bool(true)
-- nested pointer with ~0 and ~1 escapes, names compared decoded
  0 => 10 int
  1 => {"k":[20,21]} stdClass
  0 => 20 int
  1 => 21 int
  0 => 1 int
  1 => 2 int
bool(true)
bool(true)
bool(true)
-- the empty name: '/' and '//'
  0 => 1 int
bool(true)
-- empty array, empty object, anywhere
bool(true)
bool(true)
-- values are decoded with the flags and the depth left at their level
bool(true)
bool(true)
bool(true)
  0 => [1,[2]] array
  1 => {"o":{"p":1}} array
  2 => 9 int
  0 => "\u00e9" string
  1 => "a\ufffdb" string
bool(true)
bool(true)
-- a member named twice in the target is handed out each time; decode keeps the last
  'a' => 1 int
  'b' => 2 int
  'a' => 3 int
bool(true)
-- bare big integer names under JSON_BIGINT_AS_STRING
  0 => 1 int
bool(true)
-- elements larger than a read, decoded where they are held
bool(true)
bool(true)
int(4)
int(100000)
int(5000)
bool(true)
-- the stream is read from where it stands and left open
  0 => 1
  1 => 2
bool(true)
int(12)
