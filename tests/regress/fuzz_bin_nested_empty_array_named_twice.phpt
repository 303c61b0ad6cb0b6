--TEST--
zser_unserialize(): a declared property named twice (public "b", then protected "\0*\0b") whose first value was the empty array, then a copy of that array (BACKREF_ARR): refused, as for a non-empty array
--EXTENSIONS--
zser
--FILE--
<?php
// The empty array is not reference-counted, so replacing it did not mark the decode as one
// whose slots may now hold other values, and the copy took the null left in the property as
// an array (UBSan: a ZEND_ASSERT, an assumption in a release build, was false). The copy now
// always checks what the slot holds, and a property found by name marks the decode whatever it
// held.
class FzPlain { public $a = 1; protected $b = 'b'; private $c = [1]; public $d; }
$blob = hex2bin('5a81d147467a506c61696e03416144002a00624162d448737464436c617373016290d902');
var_dump(zser_unserialize($blob));
try {
    zser_unserialize($blob, ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
// the same with a non-empty array, refused before
$blob2 = hex2bin('5a81d147467a506c61696e03416144002a00624162d448737464436c61737301629101d902');
var_dump(zser_unserialize($blob2));
?>
--EXPECTF--
Warning: zser_unserialize(): back-reference to a non-array at offset 34 of 36 bytes in %s on line %d
bool(false)
ZserException: back-reference to a non-array at offset 34 of 36 bytes

Warning: zser_unserialize(): back-reference to a non-array at offset 35 of 37 bytes in %s on line %d
bool(false)
