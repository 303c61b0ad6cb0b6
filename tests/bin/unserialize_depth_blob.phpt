--TEST--
zser_unserialize() of 1,000,000-deep blobs fails cleanly with one warning under every depth limit; with none (0), 100,000 levels read and their truncation fails
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
foreach ([[], ['max_depth' => 100], ['max_depth' => 4096]] as $opts) {
    bin_corrupt_report('deep blobs ' . json_encode($opts), 'fail', $blobs, true, $opts);
}
foreach (['10', '4096'] as $ini) {
    ini_set('unserialize_max_depth', $ini);
    bin_corrupt_report("deep blobs, ini $ini", 'fail', $blobs, true);
}
ini_restore('unserialize_max_depth');
// Without a limit (0, as for unserialize(), or one above the nesting) a blob is read as deep as
// it goes, into memory within FORMAT.md §12's bound per input byte and a value PHP's own
// destructor could not free on an 8 MB stack at 1,000,000 levels: here 100,000 levels, where
// the truncated blob still fails at its end and the others read, released a level at a time.
$truncated = ['lists, truncated' => BIN_HEADER . str_repeat(bin_fixlist(1), 100000)];
$readable = [
    'lists' => BIN_HEADER . str_repeat(bin_fixlist(1), 100000) . "\x01",
    'maps' => $maps(100000),
    'objects' => $objects(100000),
];
unset($blobs);
$limits = [[['max_depth' => 0], '0'], [['max_depth' => PHP_INT_MAX], '4096'], [[], '0'], [[], (string)PHP_INT_MAX]];
foreach ($limits as [$opts, $ini]) {
    ini_set('unserialize_max_depth', $ini);
    $label = json_encode($opts) . ", ini $ini";
    bin_corrupt_report("100,000 levels $label", 'fail', $truncated, true, $opts);
    foreach ($readable as $kind => $blob) {
        $v = zser_unserialize($blob, $opts);
        for ($levels = 0; is_array($v) || is_object($v); $levels++) {
            $v = is_array($v) ? ($v[0] ?? $v['k']) : $v->c;
        }
        echo "100,000 $kind $label: $levels levels, bottom ", var_export($v, true), "\n";
    }
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
deep blobs {"max_depth":100} fail: ok
deep blobs {"max_depth":4096} fail: ok
deep blobs, ini 10 fail: ok
deep blobs, ini 4096 fail: ok
100,000 levels {"max_depth":0}, ini 0 fail: ok
100,000 lists {"max_depth":0}, ini 0: 100000 levels, bottom 1
100,000 maps {"max_depth":0}, ini 0: 100001 levels, bottom 1
100,000 objects {"max_depth":0}, ini 0: 100001 levels, bottom NULL
100,000 levels {"max_depth":9223372036854775807}, ini 4096 fail: ok
100,000 lists {"max_depth":9223372036854775807}, ini 4096: 100000 levels, bottom 1
100,000 maps {"max_depth":9223372036854775807}, ini 4096: 100001 levels, bottom 1
100,000 objects {"max_depth":9223372036854775807}, ini 4096: 100001 levels, bottom NULL
100,000 levels [], ini 0 fail: ok
100,000 lists [], ini 0: 100000 levels, bottom 1
100,000 maps [], ini 0: 100001 levels, bottom 1
100,000 objects [], ini 0: 100001 levels, bottom NULL
100,000 levels [], ini 9223372036854775807 fail: ok
100,000 lists [], ini 9223372036854775807: 100000 levels, bottom 1
100,000 maps [], ini 9223372036854775807: 100001 levels, bottom 1
100,000 objects [], ini 9223372036854775807: 100001 levels, bottom NULL
bool(true)
bool(true)
bool(true)
array(1) {
  ["still"]=>
  string(5) "works"
}
