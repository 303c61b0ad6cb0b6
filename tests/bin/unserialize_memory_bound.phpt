--TEST--
zser_unserialize() memory stays within FORMAT.md §12's bound (256 bytes per input byte plus a constant) on dense blobs
--EXTENSIONS--
zser
--INI--
memory_limit=512M
--FILE--
<?php
require __DIR__ . '/../inc/bin_wire.inc';
$n = 50000;
$cases = [
    // One long string referenced many times must be shared, not copied.
    'string repeated' => zser_serialize(array_fill(0, $n, str_repeat('x', 1000))),
    'key repeated in rows' => zser_serialize(array_fill(0, $n, ['a_rather_long_key_name' => 1])),
    'same object many times' => zser_serialize(array_fill(0, $n, new stdClass)),
    'empty lists' => BIN_HEADER . BIN_TAG_LIST . bin_varint($n - 16) . str_repeat(bin_fixlist(0), $n),
    'one-key maps by shape' => BIN_HEADER . BIN_TAG_LIST . bin_varint($n - 16) . BIN_TAG_MAP . "\x00" . bin_fixstr('k') . "\x01"
        . str_repeat("\xA0\x01", $n - 1),
    'empty objects by shape' => BIN_HEADER . BIN_TAG_LIST . bin_varint($n - 16) . BIN_TAG_OBJECT . bin_fixstr('stdClass') . "\x00"
        . str_repeat("\xA0", $n - 1),
    'object back-references' => bin_header_refs() . BIN_TAG_LIST . bin_varint($n - 16) . BIN_TAG_OBJECT . bin_fixstr('stdClass') . "\x00"
        . str_repeat(BIN_TAG_BACKREF_OBJ . "\x01", $n - 1),
    'reference back-references' => bin_header_refs() . BIN_TAG_LIST . bin_varint($n - 16) . "\x01"
        . str_repeat(BIN_TAG_BACKREF_REF . "\x01", $n - 1),
];
foreach ($cases as $label => $blob) {
    gc_collect_cycles();
    $before = memory_get_usage();
    $v = zser_unserialize($blob);
    $used = memory_get_usage() - $before;
    $bound = 256 * strlen($blob) + 256 * 1024;
    echo $label, ': ', is_array($v) ? 'decoded' : 'not decoded (' . get_debug_type($v) . ')', ', within bound: ',
        var_export($used <= $bound, true), $used <= $bound ? '' : " ($used bytes for " . strlen($blob) . ' input bytes)', "\n";
    $v = null;
}
?>
--EXPECT--
string repeated: decoded, within bound: true
key repeated in rows: decoded, within bound: true
same object many times: decoded, within bound: true
empty lists: decoded, within bound: true
one-key maps by shape: decoded, within bound: true
empty objects by shape: decoded, within bound: true
object back-references: decoded, within bound: true
reference back-references: decoded, within bound: true
