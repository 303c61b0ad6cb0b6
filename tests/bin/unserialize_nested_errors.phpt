--TEST--
zser_unserialize() of nested blobs: alone, truncated, flipped, out of place, too many nested calls; false + warning or ZserException, and nothing half-built escapes (FORMAT.md §8.3)
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_nested.inc';
$GLOBALS['bin_nested_zser'] = true;

/** Keeps the payload its serialize() returned. */
class Rec extends NestOne
{
    public static $last;
    public function serialize() { return self::$last = parent::serialize(); }
}

/** Its nested call throws instead of warning. */
class NestThrow extends NestOne
{
    public static $last;
    public function serialize() { return self::$last = parent::serialize(); }
    public function unserialize($d) { $this->o = zser_unserialize($d, ['throw_on_error' => true]); }
}

/** The outer blob with its payload replaced (the payload is shorter than 128 bytes). */
function with_payload(string $blob, string $old, string $new): string
{
    $at = strpos($blob, $old);
    return substr($blob, 0, $at - 1) . chr(strlen($new)) . $new . substr($blob, $at + strlen($old));
}

function warnings(callable $fn, &$result): array
{
    $w = [];
    set_error_handler(function ($no, $s) use (&$w) {
        $w[] = preg_replace('/ at offset \d+ of \d+ bytes/', '', $s);
        return true;
    });
    try {
        $result = $fn();
    } finally {
        restore_error_handler();
    }
    return $w;
}

$sh = new stdClass;
$sh->name = 'shared';
$blob = zser_serialize([new Rec([$sh, 'x', 42]), $sh]);
$payload = Rec::$last;

echo "-- a nested blob alone\n";
var_dump(zser_unserialize($payload));
try {
    zser_unserialize($payload, ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo $e->getCode() === ZserException::NESTED_OUTSIDE ? 'NESTED_OUTSIDE' : $e->getCode(), ': ', $e->getMessage(), "\n";
}

echo "-- the payload cut at every length\n";
$outcomes = [];
for ($i = 0; $i < strlen($payload); $i++) {
    $w = warnings(fn () => zser_unserialize(with_payload($blob, $payload, substr($payload, 0, $i))), $r);
    // the nested call failed (the format is prefix-free; an empty string is false without a
    // warning, as for unserialize()), so slot 3, the object $sh, is unfilled
    $outcomes[json_encode([$r === false, count($w), $w[1] ?? null])] = true;
}
echo implode("\n", array_keys($outcomes)), "\n";

echo "-- the payload with one byte flipped, at every offset and with every bit\n";
$bad = 0;
for ($i = 0; $i < strlen($payload); $i++) {
    for ($bit = 0; $bit < 8; $bit++) {
        $p = $payload;
        $p[$i] = chr(ord($p[$i]) ^ (1 << $bit));
        $w = warnings(fn () => zser_unserialize(with_payload($blob, $payload, $p)), $r);
        // a value whose nested part is whole or false, or false with warnings: nothing else
        if ($r === false ? count($w) < 1 : !(is_array($r) && count($r) === 2 && ($r[0]->o === false ? count($w) === 1 : is_array($r[0]->o) || $w === []))) {
            $bad++;
            echo "offset $i bit $bit: ", json_encode($w), "\n";
        }
    }
}
echo "unexpected outcomes: $bad\n";

echo "-- throw_on_error in the nested call: its exception, and no value\n";
$tblob = zser_serialize([new NestThrow([$sh, 'x']), $sh]);
$tpayload = NestThrow::$last;
$r = 'untouched';
try {
    $r = zser_unserialize(with_payload($tblob, $tpayload, substr($tpayload, 0, -1)));
} catch (ZserException $e) {
    echo $e->getCode() === ZserException::TRUNCATED ? 'TRUNCATED' : $e->getCode(), ': ', $e->getMessage(), "\n";
}
var_dump($r);

echo "-- a nested blob with back-references in an outer blob without the reference flag\n";
var_dump(zser_unserialize("Z\x01\xD8\x47NestOne\x00\x06Z\xC1\x00\x91\xD6\x00"));

echo "-- a whole blob in a payload decodes as before, on its own\n";
var_dump(zser_unserialize("Z\x01\xD4\x47NestOne\x03Z\x01\x05"));

echo "-- nested calls are bounded\n";
function chain(int $n): NestOne
{
    $h = null;
    for ($i = 0; $i < $n; $i++) {
        $h = new NestOne($h);
    }
    return $h;
}
function chain_len($v): int
{
    for ($n = 0; $v instanceof NestOne; $n++) {
        $v = $v->o;
    }
    return $n;
}
echo chain_len(zser_unserialize(zser_serialize(chain(256)))), "\n";
try {
    zser_serialize(chain(257));
} catch (ZserException $e) {
    echo $e->getMessage(), "\n";
}
// 300 blobs each nested in the one before, written by hand: the 258th call (256 inside the
// outermost) fails, and every call before it gets on with its value
function nested_blobs(int $levels, int $base): array
{
    if ($levels === 0) {
        return ["\xC0", 1];
    }
    [$inner, $slots] = nested_blobs($levels - 1, $base + 1);
    $payload = "Z\x41" . varint($base) . $inner;
    return ["\xD8\x47NestOne" . varint($slots - 1) . varint(strlen($payload)) . $payload, $slots + 1];
}
function varint(int $v): string
{
    $s = '';
    while ($v >= 0x80) {
        $s .= chr(($v & 0x7F) | 0x80);
        $v >>= 7;
    }
    return $s . chr($v);
}
$w = warnings(fn () => zser_unserialize("Z\x01" . nested_blobs(300, 0)[0]), $r);
echo chain_len($r), ' ', json_encode($w), "\n";
?>
--EXPECTF--
-- a nested blob alone

Warning: zser_unserialize(): nested blob outside its object at offset 1 of %d bytes in %s on line %d
bool(false)
NESTED_OUTSIDE: nested blob outside its object at offset 1 of %d bytes
-- the payload cut at every length
[true,1,null]
[true,2,"zser_unserialize(): back-reference to an unfilled slot"]
-- the payload with one byte flipped, at every offset and with every bit
unexpected outcomes: 0
-- throw_on_error in the nested call: its exception, and no value
TRUNCATED: truncated input at offset %d of %d bytes
string(9) "untouched"
-- a nested blob with back-references in an outer blob without the reference flag

Warning: zser_unserialize(): reference flag mismatch at offset 1 of 6 bytes in %s on line %d
object(NestOne)#%d (1) {
  ["o"]=>
  bool(false)
}
-- a whole blob in a payload decodes as before, on its own
object(NestOne)#%d (1) {
  ["o"]=>
  int(5)
}
-- nested calls are bounded
256
Maximum nesting of 256 zser_serialize() calls exceeded
257 ["zser_unserialize(): maximum depth exceeded"]
