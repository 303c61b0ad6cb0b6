--TEST--
zser_unserialize(''): false without a warning, as unserialize(''); throw_on_error still throws
--EXTENSIONS--
zser
--FILE--
<?php
var_dump(unserialize(''));
var_dump(zser_unserialize(''));
var_dump(zser_unserialize('', ['allowed_classes' => false]));
var_dump(error_get_last());
try {
    zser_unserialize('', ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo get_class($e), ' ', $e->getCode() === ZserException::TRUNCATED ? 'TRUNCATED' : $e->getCode(), ': ', $e->getMessage(), "\n";
}
// one byte is not empty: still a warning
var_dump(zser_unserialize('Z'));
?>
--EXPECTF--
bool(false)
bool(false)
bool(false)
NULL
ZserException TRUNCATED: truncated input at offset 0 of 0 bytes

Warning: zser_unserialize(): truncated input at offset %d of 1 bytes in %s on line %d
bool(false)
