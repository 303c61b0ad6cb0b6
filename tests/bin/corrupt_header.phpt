--TEST--
zser_unserialize() on lone bytes, a bare header, a foreign magic and unknown format versions
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
require __DIR__ . '/../inc/bin_wire.inc';
// Every string of length 1, and the bare header: all must fail (no value is that short). The
// empty string gives false without a warning (unserialize_empty.phpt).
$short = ['header only' => BIN_HEADER, 'magic only' => BIN_HEADER[0]];
for ($b = 0; $b < 256; $b++) {
    $short[sprintf('byte 0x%02x', $b)] = chr($b);
}
bin_corrupt_report('short input', 'fail', $short, true);
// Other serializers' output is refused, not misread.
$foreign = [
    'serialize()' => serialize([1, 'a' => new stdClass]),
    'json' => json_encode([1, 2]),
    'php text' => '<?php echo 1;',
];
if (function_exists('igbinary_serialize')) {
    $foreign['igbinary'] = igbinary_serialize([1, 'a' => 'b']);
}
if (function_exists('msgpack_pack')) {
    $foreign['msgpack'] = msgpack_pack([1, 'a' => 'b']);
}
bin_corrupt_report('foreign formats', 'fail', $foreign, true);
// Every other version byte in front of a valid body: refused with a message naming the version.
$body = substr(zser_serialize(['v' => [1, 2, 3]]), strlen(BIN_HEADER));
$versions = [];
for ($v = 0; $v < 256; $v++) {
    if ($v !== ord(BIN_HEADER[1])) {
        $versions["version $v"] = BIN_HEADER[0] . chr($v) . $body;
    }
}
bin_corrupt_report('unknown versions', 'fail', $versions, true);
$msg = null;
set_error_handler(function ($no, $str) use (&$msg) { $msg = $str; return true; });
var_dump(zser_unserialize(BIN_HEADER[0] . "\x02" . $body));
restore_error_handler();
echo 'names the version: ', var_export(stripos($msg, 'version') !== false, true), "\n";
// the message gives the version found and the one this build reads
echo $msg, "\n";
var_dump(zser_unserialize(BIN_HEADER[0] . "\x02" . $body, ['throw_on_error' => false]));
?>
--EXPECTF--
short input fail: ok
foreign formats fail: ok
unknown versions fail: ok
bool(false)
names the version: true
zser_unserialize(): unsupported format version 2 (zser %s reads version 1) at offset 1 of %d bytes

Warning: zser_unserialize(): %s offset %d%s in %s on line %d
bool(false)
