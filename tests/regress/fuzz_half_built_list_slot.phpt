--TEST--
A value refused in a list or map already counted there (a back-reference to a slot whose object a renamed declared property replaced, a class that may not be unserialized) leaves the array releasable, three times in one request
--EXTENSIONS--
zser
--FILE--
<?php
// The 43-byte blob: a list of an object of Pt, whose public "y" and protected "\0*\0y" name
// the same declared property (the second replaces the stdClass the first put there), then a
// back-reference to the slot of that stdClass, which now holds 2. Under
// USE_ZEND_ALLOC=0 valgrind the list's second element was read uninitialised when the
// list was released, and three such decodes in one request crashed PHP's allocator.
class Pt { public $x = 1; protected $y = 2; private $z = 3; public $extra; }
function fs(string $s): string { return chr(0x40 + strlen($s)) . $s; }
$exception = "\xd1" . fs('Exception') . "\x02" . fs('message') . fs("\0*\0message")
    . "\xd1" . fs('stdClass') . "\x00" . "\x02";
$blobs = [
    'Pt in a list' => hex2bin('5a8192d142507404417944002a007945005074007a456578747261d148737464436c617373000203c0d602'),
    'Exception in a list' => "Z\x81\x92" . $exception . "\xd6\x02",
    'Exception in a map' => "Z\x81\xd0\x01" . fs('a') . fs('b') . $exception . "\xd6\x02",
    'Exception in the second map of a shape' => "Z\x81\x92\xd0\x01" . fs('a') . fs('b') . "\x01\x02\xa0" . $exception . "\xd6\x03",
    'Closure in a list' => "Z\x01\x92\x01\xd1" . fs('Closure') . "\x00",
    'Closure in a map' => "Z\x01\xd0\x01" . fs('a') . fs('b') . "\x01\xd1" . fs('Closure') . "\x00",
];
set_error_handler(function ($no, $msg) { echo "  warning: $msg\n"; return true; });
foreach ($blobs as $name => $blob) {
    echo "$name:\n";
    for ($i = 0; $i < 3; $i++) {
        try {
            var_dump(zser_unserialize($blob));
        } catch (Throwable $e) {
            echo '  ', get_class($e), ': ', $e->getMessage(), "\n";
        }
    }
}
// The same objects, written by zser_serialize(), still decode.
$pt = new Pt;
$pt->extra = new stdClass;
var_dump(zser_unserialize(zser_serialize([$pt, $pt->extra])) == [$pt, $pt->extra]);
?>
--EXPECT--
Pt in a list:
  warning: zser_unserialize(): back-reference to a non-object at offset 41 of 43 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 41 of 43 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 41 of 43 bytes
bool(false)
Exception in a list:
  warning: zser_unserialize(): back-reference to a non-object at offset 46 of 48 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 46 of 48 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 46 of 48 bytes
bool(false)
Exception in a map:
  warning: zser_unserialize(): back-reference to a non-object at offset 51 of 53 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 51 of 53 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 51 of 53 bytes
bool(false)
Exception in the second map of a shape:
  warning: zser_unserialize(): back-reference to a non-object at offset 55 of 57 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 55 of 57 bytes
bool(false)
  warning: zser_unserialize(): back-reference to a non-object at offset 55 of 57 bytes
bool(false)
Closure in a list:
  Exception: Unserialization of 'Closure' is not allowed
  Exception: Unserialization of 'Closure' is not allowed
  Exception: Unserialization of 'Closure' is not allowed
Closure in a map:
  Exception: Unserialization of 'Closure' is not allowed
  Exception: Unserialization of 'Closure' is not allowed
  Exception: Unserialization of 'Closure' is not allowed
bool(true)
