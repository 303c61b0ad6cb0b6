--TEST--
zser_unserialize() with read_legacy: bad serialize() data fails like any bad input (one warning naming the offset, or ZserException INVALID_LEGACY_DATA with throw_on_error); a bad option value is a TypeError; data of no known format is still "not a zser blob"
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$legacy = ['read_legacy' => true];
$ser = serialize(['a' => [1, 2], 'b' => 'text']);
// truncated at every length, a changed byte, a bad reference: false and one warning each
$seen = [];
for ($n = 1; $n < strlen($ser); $n++) {
    $r = bin_run(fn () => zser_unserialize(substr($ser, 0, $n), $legacy));
    $u = @unserialize(substr($ser, 0, $n));
    if ($r['value'] !== false || count($r['diag']) !== 1 || $u !== false) {
        echo "cut $n: unexpected\n";
    }
    preg_match('/at offset (\d+) of (\d+) bytes$/', $r['diag'][0], $m);
    $seen[] = $m ? 'ok' : $r['diag'][0];
}
echo "every cut names an offset: ", var_export($seen === array_fill(0, strlen($ser) - 1, 'ok'), true), "\n";
foreach (['a:1:{i:0;R:9;}', 'a:1:{i:0;x:1;}', 'O:1:"":0:{}', 's:5:"abc";'] as $bad) {
    $r = bin_run(fn () => zser_unserialize($bad, $legacy));
    var_dump($r['value']);
    echo implode("\n", $r['diag']), "\n";
    ob_start();
    @unserialize($bad);
    ob_end_clean();
    preg_match('/at offset (\d+)/', $r['diag'][0], $mz);
    $ref = error_get_last()['message'] ?? '';
    preg_match('/at offset (\d+)/', $ref, $mr);
    echo 'same offset as unserialize(): ', var_export(($mz[1] ?? 'z') === ($mr[1] ?? 'r'), true), "\n";
}
try {
    zser_unserialize('a:1:{i:0;', $legacy + ['throw_on_error' => true]);
} catch (ZserException $e) {
    echo get_class($e), ' ', $e->getCode() === ZserException::INVALID_LEGACY_DATA ? 'INVALID_LEGACY_DATA' : $e->getCode(), ': ', $e->getMessage(), "\n";
}
// bytes after the value: what unserialize() does on this PHP (8.2: ignored; 8.3+: a warning)
$rz = bin_run(fn () => zser_unserialize('i:1;junk', ['read_legacy' => true]));
$ru = bin_run(fn () => unserialize('i:1;junk'));
var_dump($rz === $ru);
// neither format: zser's own error, with or without the option
foreach (["\x01\x02", 'hello'] as $bad) {
    $r = bin_run(fn () => zser_unserialize($bad, $legacy));
    echo implode("\n", $r['diag']), "\n";
}
// the empty string stays false without a warning
var_dump(zser_unserialize('', $legacy));
try {
    zser_unserialize($ser, ['read_legacy' => 1]);
} catch (TypeError $e) {
    echo get_class($e), ': ', $e->getMessage(), "\n";
}
?>
--EXPECTF--
every cut names an offset: true
bool(false)
2: unserialize(): invalid serialize() data at offset %d of 14 bytes
same offset as unserialize(): true
bool(false)
2: unserialize(): invalid serialize() data at offset %d of 14 bytes
same offset as unserialize(): true
bool(false)
2: unserialize(): invalid serialize() data at offset %d of 11 bytes
same offset as unserialize(): true
bool(false)
2: unserialize(): invalid serialize() data at offset %d of 10 bytes
same offset as unserialize(): true
ZserException INVALID_LEGACY_DATA: invalid serialize() data at offset %d of 9 bytes
bool(true)
2: unserialize(): not a zser blob at offset 0 of 2 bytes
2: unserialize(): not a zser blob at offset 0 of 5 bytes
bool(false)
TypeError: zser_unserialize(): Option "read_legacy" must be of type bool, int given
