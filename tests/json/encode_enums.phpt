--TEST--
jsond_encode: backed enums encode their value, unit enums fail with JSON_ERROR_NON_BACKED_ENUM
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
enum Suit: string { case Hearts = 'H'; case Slash = 'a/b<>'; case Uni = "\u{e9}\u{2028}"; }
enum Num: int { case One = 1; case Max = PHP_INT_MAX; case Neg = -5; }
enum Unit { case A; case B; }
$values = [Suit::Hearts, Suit::Slash, Suit::Uni, Num::One, Num::Max, Num::Neg, Unit::A,
    [Unit::A, Suit::Hearts], ['k' => Num::One, 'u' => Unit::B], [Unit::A, NAN], [NAN, Unit::A]];
enc_check('enums', $values, [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_THROW_ON_ERROR,
    JSON_UNESCAPED_SLASHES | JSON_HEX_TAG | JSON_UNESCAPED_UNICODE, JSON_NUMERIC_CHECK]);
?>
--EXPECT--
enums: ok (55 cases)
