--TEST--
zser_unserialize() never trusts declared lengths and counts: 2^60-element claims in small blobs fail without exhausting memory
--EXTENSIONS--
zser
--INI--
memory_limit=64M
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
require __DIR__ . '/../inc/bin_wire.inc';
$pad = str_repeat("\0", 1024);
$huge = ['2^60' => '1152921504606846976', '2^63-1' => (string)PHP_INT_MAX, '2^64-1' => '18446744073709551615',
         '2^31' => '2147483648', '2^32' => '4294967296', 'remaining+1' => null];
$cases = [];
foreach ($huge as $hl => $n) {
    // FORMAT.md §4 tags that carry a count, length or index, each with the claim and 1 KB of zeros.
    $claim = fn (int $bias) => bin_varint($n ?? (string)(1024 + 1 + $bias));
    $cases["list of $hl"] = BIN_HEADER . BIN_TAG_LIST . $claim(-16) . $pad;
    $cases["map of $hl"] = BIN_HEADER . BIN_TAG_MAP . $claim(-1) . $pad;
    $cases["object of $hl props"] = BIN_HEADER . BIN_TAG_OBJECT . bin_fixstr('stdClass') . $claim(0) . $pad;
    $cases["string of $hl"] = BIN_HEADER . BIN_TAG_STR . $claim(-32) . $pad;
    $cases["Serializable blob of $hl"] = BIN_HEADER . BIN_TAG_OBJECT_BLOB . bin_fixstr('ArrayObject') . $claim(0) . $pad;
    $cases["string index $hl"] = BIN_HEADER . bin_fixlist(2) . bin_fixstr('a') . BIN_TAG_SREF . $claim(-48);
    $cases["shape index $hl"] = BIN_HEADER . BIN_TAG_SHAPE . $claim(-32) . $pad;
    $cases["object back-reference $hl"] = bin_header_refs() . bin_fixlist(2) . BIN_TAG_NULL . BIN_TAG_BACKREF_OBJ . $claim(-1);
    $cases["reference back-reference $hl"] = bin_header_refs() . bin_fixlist(2) . BIN_TAG_NULL . BIN_TAG_BACKREF_REF . $claim(-1);
    $cases["nested list claim $hl"] = BIN_HEADER . bin_fixlist(1) . bin_fixlist(1) . BIN_TAG_LIST . $claim(-16) . $pad;
}
// Varints that do not end, or end too late.
$cases['varint of 11 bytes'] = BIN_HEADER . BIN_TAG_LIST . str_repeat("\xff", 10) . "\x01" . $pad;
$cases['varint never ends'] = BIN_HEADER . BIN_TAG_LIST . str_repeat("\x80", 2048);
$cases['varint 10th byte 0x02'] = BIN_HEADER . BIN_TAG_STR . str_repeat("\xff", 9) . "\x02" . $pad;
bin_corrupt_report('huge claims', 'fail', $cases, true);
// A count equal to what remains is fine when the elements are really there (1 byte each).
var_dump(zser_unserialize(BIN_HEADER . BIN_TAG_LIST . bin_varint(1024 - 16) . $pad) === array_fill(0, 1024, 0));
// Format-independent: at every offset of real blobs, splice in byte runs that read as huge
// numbers in common encodings (LEB128, big- and little-endian 32/64-bit).
$runs = ["\xff\xff\xff\xff\xff\xff\xff\xff\x7f", "\x80\x80\x80\x80\x80\x80\x80\x80\x10", "\xff\xff\xff\xff", "\x7f\xff\xff\xff\xff\xff\xff\xff"];
$blobs = [zser_serialize(['a' => [1, 'bb', str_repeat('c', 40)], 'o' => new MagicPlain('h'), 's' => 'bb']),
          zser_serialize([new ArrayObject([1]), [1.5, -1]])];
$spliced = function () use ($blobs, $runs, $pad) {
    foreach ($blobs as $bi => $blob) {
        for ($i = 0; $i < strlen($blob); $i++) {
            foreach ($runs as $ri => $run) {
                yield "blob $bi offset $i run $ri" => substr($blob, 0, $i) . $run . substr($blob, $i) . $pad;
                yield "blob $bi offset $i run $ri (overwrite)" => substr_replace($blob, $run, $i, strlen($run)) . $pad;
            }
        }
    }
};
bin_corrupt_report('spliced huge numbers', 'outcome', $spliced(), false);
echo 'peak below the limit: ', var_export(memory_get_peak_usage() < 64 * 1024 * 1024, true), "\n";
?>
--EXPECT--
huge claims fail: ok
bool(true)
spliced huge numbers outcome: ok
peak below the limit: true
