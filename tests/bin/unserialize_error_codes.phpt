--TEST--
ZserException::getCode(): every code defined as a ZserException constant, triggered by a blob (FORMAT.md §13)
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
enum E { case A; const B = 1; }
// Serializable: S keeps its payload, N decodes it as a nested blob (FORMAT.md §8.3)
class S implements Serializable
{
    public $d;
    public function serialize() { return ''; }
    public function unserialize($d) { $this->d = $d; }
}
class N implements Serializable
{
    public $v;
    public function serialize() { return ''; }
    public function unserialize($d) { $this->v = zser_unserialize($d, ['throw_on_error' => true]); }
}
class P { public $a; }
class U
{
    public $d;
    public function __unserialize(array $d): void { $this->d = $d; }
}
// name => [blob, options]; the name is the constant the code must equal.
$cases = [
    'NOT_ZSER' => ["X\x01\xC0"],
    'UNSUPPORTED_VERSION' => ["Z\x02\xC0"],
    'TRUNCATED' => ["Z\x01"],
    'UNKNOWN_TAG' => ["Z\x01\xDA"],
    'OVERLONG_VARINT' => ["Z\x01\xCD\x80\x00"],
    'NON_CANONICAL_INT' => ["Z\x01\xC3\x05"],
    'NON_CANONICAL_FLOAT' => ["Z\x01\xCC" . pack('e', 1.0)],
    'INT_RANGE' => ["Z\x01\xC6" . str_repeat("\xFF", 8)],
    'COUNT_EXCEEDS_INPUT' => ["Z\x01\xCF\x7F"],
    'STRING_INDEX' => ["Z\x01\x60"],
    'SHAPE_INDEX' => ["Z\x01\xA0"],
    'BACKREF_RANGE' => ["Z\x81\x91\xD6\x05"],
    'BACKREF_TYPE' => ["Z\x81\x92\x01\xD6\x01"],
    'INVALID_KEY' => ["Z\x01\xD0\x00\xC0\xC0"],
    'NUMERIC_KEY' => ["Z\x01\xD0\x00\x415\xC0"],
    'DUPLICATE_KEY' => ["Z\x01\xD0\x01\x41a\x60\xC0\xC0"],
    // keys "1" and 1 differ on the wire but are one key of the __unserialize() array
    'DUPLICATE_KEY, found by the decoder' => ["Z\x01\xD1\x41U\x02\x411\x01\xC0\xC0"],
    'NON_CANONICAL_MAP' => ["Z\x01\xD0\x00\x00\xC0"],
    'INVALID_CLASS_NAME' => ["Z\x01\xD1\x40\x00"],
    'INVALID_OBJECT_DATA' => ["Z\x01\xD3\x41A\xC0"],
    'DEPTH' => ["Z\x01\x91\x91\x00", ['max_depth' => 1]],
    'TRAILING_BYTES' => ["Z\x01\xC0\xC0"],
    'REF_FLAG_MISMATCH' => ["Z\x81\xC0"],
    'NESTED_OUTSIDE' => ["Z\x41\x00\xC0"],
    // slot 3 was reserved for nested blobs, but S::unserialize() decoded none
    'UNFILLED_SLOT' => ["Z\x81\x92\xD8\x41S\x00\x01x\xD6\x02"],
    // BACKREF_ARR (FORMAT.md §9.1): to an int, to the list still open around it, to a list
    // holding an object, and a BACKREF_REF into a list shared before
    'BACKREF_NON_ARRAY' => ["Z\x81\x92\x01\xD9\x01"],
    'BACKREF_INCOMPLETE_ARRAY' => ["Z\x81\x91\xD9\x00"],
    'SHARED_NOT_PLAIN' => ["Z\x81\x92\x91\xD1\x48stdClass\x00\xD9\x01"],
    'REF_INTO_SHARED' => ["Z\x81\x93\x91\x01\xD9\x01\xD7\x02"],
    'ENUM_CLASS_NOT_FOUND' => ["Z\x01\xD5\x44Nope\x41A"],
    'NOT_AN_ENUM' => ["Z\x01\xD5\x48stdClass\x41A"],
    'ENUM_CASE_NOT_FOUND' => ["Z\x01\xD5\x41E\x41C"],
    'ENUM_CASE_NOT_FOUND, a constant that is no case' => ["Z\x01\xD5\x41E\x41B"],
    'INVALID_PROPERTY_NAME' => ["Z\x01\xD1\x41P\x01\x42\x00x\xC0"],
    // read_legacy: truncated serialize() data; igbinary data under a class restriction
    'INVALID_LEGACY_DATA' => ['a:1:{i:0;', ['read_legacy' => true]],
    'LEGACY_REFUSED' => ["\0\0\0\2\x14\x00", ['read_legacy' => true, 'allowed_classes' => false]],
];
// Not reachable from PHP: emalloc() never returns NULL, a table would need 2^32-2 entries, and
// no class bundled with PHP has an unserialize handler that fails without throwing.
$unreachable = ['OUT_OF_MEMORY', 'TABLE_LIMIT', 'UNSERIALIZE_FAILED'];

$seen = [];
foreach ($cases as $label => $c) {
    $const = strtok($label, ',');
    $seen[$const] = true;
    $want = constant("ZserException::$const");
    $opts = ($c[1] ?? []);
    try {
        zser_unserialize($c[0], $opts + ['throw_on_error' => true]);
        echo "$label: no exception\n";
        continue;
    } catch (ZserException $e) {
    }
    // the warning path reports the same text
    set_error_handler(function (int $no, string $s) use (&$warning) {
        $warning = $s;
        return true;
    });
    $warning = null;
    $r = zser_unserialize($c[0], $opts);
    restore_error_handler();
    $same = $r === false && $warning === 'zser_unserialize(): ' . $e->getMessage();
    echo $e->getCode() === $want ? "$label: ok" : "$label: code {$e->getCode()}, want $want",
        $same ? '' : " (warning differs: $warning)", "\n";
}

// Raised by the nested zser_unserialize() that N::unserialize() makes, and passed on: a nested
// blob whose base is not the one slot the OBJECT_BLOB took, then one that takes two slots
// where one was reserved.
foreach (["Z\x01\xD8\x41N\x00\x04Z\x41\x05\xC0", "Z\x01\xD8\x41N\x00\x05Z\x41\x00\x91\xC0"] as $blob) {
    $seen['NESTED_OUT_OF_PLACE'] = true;
    try {
        zser_unserialize($blob);
        echo "NESTED_OUT_OF_PLACE: no exception\n";
    } catch (ZserException $e) {
        echo 'NESTED_OUT_OF_PLACE: ', $e->getCode() === ZserException::NESTED_OUT_OF_PLACE ? 'ok' : 'code ' . $e->getCode(), "\n";
    }
}

// Every constant is covered above or listed as unreachable; codes are distinct and in the
// documented ranges: 1-99 format errors, 100 and up the decoder's own.
$consts = (new ReflectionClass('ZserException'))->getConstants();
foreach ($consts as $name => $value) {
    if (!isset($seen[$name]) && !in_array($name, $unreachable, true)) {
        echo "untested: $name\n";
    }
}
echo count($consts), ' constants, ', count(array_unique($consts)), " distinct\n";
$format = array_filter($consts, fn ($v) => $v >= 1 && $v <= 99);
$decoder = array_filter($consts, fn ($v) => $v >= 100);
echo count($format), ' format codes 1-', max($format), ', ', count($decoder), ' decoder codes ',
    min($decoder), '-', max($decoder), "\n";
?>
--EXPECT--
NOT_ZSER: ok
UNSUPPORTED_VERSION: ok
TRUNCATED: ok
UNKNOWN_TAG: ok
OVERLONG_VARINT: ok
NON_CANONICAL_INT: ok
NON_CANONICAL_FLOAT: ok
INT_RANGE: ok
COUNT_EXCEEDS_INPUT: ok
STRING_INDEX: ok
SHAPE_INDEX: ok
BACKREF_RANGE: ok
BACKREF_TYPE: ok
INVALID_KEY: ok
NUMERIC_KEY: ok
DUPLICATE_KEY: ok
DUPLICATE_KEY, found by the decoder: ok
NON_CANONICAL_MAP: ok
INVALID_CLASS_NAME: ok
INVALID_OBJECT_DATA: ok
DEPTH: ok
TRAILING_BYTES: ok
REF_FLAG_MISMATCH: ok
NESTED_OUTSIDE: ok
UNFILLED_SLOT: ok
BACKREF_NON_ARRAY: ok
BACKREF_INCOMPLETE_ARRAY: ok
SHARED_NOT_PLAIN: ok
REF_INTO_SHARED: ok
ENUM_CLASS_NOT_FOUND: ok
NOT_AN_ENUM: ok
ENUM_CASE_NOT_FOUND: ok
ENUM_CASE_NOT_FOUND, a constant that is no case: ok
INVALID_PROPERTY_NAME: ok
INVALID_LEGACY_DATA: ok
LEGACY_REFUSED: ok
NESTED_OUT_OF_PLACE: ok
NESTED_OUT_OF_PLACE: ok
38 constants, 38 distinct
31 format codes 1-31, 7 decoder codes 100-106
