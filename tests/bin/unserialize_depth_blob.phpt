--TEST--
zser_unserialize() of 1,000,000-deep blobs fails cleanly with one warning, under every max_depth setting
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
require __DIR__ . '/../inc/bin_wire.inc';
$n = 1000000;
// FORMAT.md §4, §7, §8: FIXLIST of one element, nested; a one-key map whose value is the same
// shape again (FIXSHAPE 0), nested; a stdClass with one property, nested the same way.
$maps = fn (int $d) => BIN_HEADER . BIN_TAG_MAP . "\x00" . bin_fixstr('k') . str_repeat("\xA0", $d) . "\x01";
$objects = fn (int $d) => BIN_HEADER . BIN_TAG_OBJECT . bin_fixstr('stdClass') . "\x01" . bin_fixstr('c')
    . str_repeat("\xA0", $d) . BIN_TAG_NULL;
$blobs = [
    'lists' => BIN_HEADER . str_repeat(bin_fixlist(1), $n) . "\x01",
    'maps' => $maps($n),
    'objects' => $objects($n),
    'lists, truncated' => BIN_HEADER . str_repeat(bin_fixlist(1), $n),
];
foreach ([[], ['max_depth' => 0], ['max_depth' => 100], ['max_depth' => PHP_INT_MAX]] as $opts) {
    bin_corrupt_report('deep blobs ' . json_encode($opts), 'fail', $blobs, true, $opts);
}
foreach (['0', '10', (string)PHP_INT_MAX] as $ini) {
    ini_set('unserialize_max_depth', $ini);
    bin_corrupt_report("deep blobs, ini $ini", 'fail', $blobs, true);
}
ini_restore('unserialize_max_depth');
// The blobs are built right: at a small depth the same bytes decode.
$small = BIN_HEADER . str_repeat(bin_fixlist(1), 3) . "\x01";
var_dump(zser_unserialize($small) === [[[1]]]);
var_dump(zser_unserialize($maps(2)) === ['k' => ['k' => ['k' => 1]]]);
var_dump(serialize(zser_unserialize($objects(2))) === 'O:8:"stdClass":1:{s:1:"c";O:8:"stdClass":1:{s:1:"c";O:8:"stdClass":1:{s:1:"c";N;}}}');
var_dump(zser_unserialize(zser_serialize(['still' => 'works'])));
?>
--EXPECT--
deep blobs [] fail: ok
deep blobs {"max_depth":0} fail: ok
deep blobs {"max_depth":100} fail: ok
deep blobs {"max_depth":9223372036854775807} fail: ok
deep blobs, ini 0 fail: ok
deep blobs, ini 10 fail: ok
deep blobs, ini 9223372036854775807 fail: ok
bool(true)
bool(true)
bool(true)
array(1) {
  ["still"]=>
  string(5) "works"
}
