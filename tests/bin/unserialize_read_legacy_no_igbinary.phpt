--TEST--
zser_unserialize() with read_legacy and without the igbinary extension: igbinary data is refused with a warning (or ZserException LEGACY_REFUSED) naming igbinary; serialize() data is still read
--EXTENSIONS--
zser
--FILE--
<?php
/* Runs this file again under `php -n` with only zser loaded (the parent may have igbinary
 * from the system's configuration). zser.so is the module this process loaded. */
if (getenv('ZSER_CHILD') !== '1') {
    preg_match('~\s(/\S*/zser\.so)$~m', file_get_contents('/proc/self/maps'), $m);
    $so = $m[1] ?? dirname(__DIR__, 2) . '/ext/modules/zser.so';
    $cmd = [PHP_BINARY, '-n', '-d', "extension=$so", '-d', 'display_errors=1',
        '-d', 'html_errors=0', '-d', 'error_reporting=-1', __FILE__];
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null,
        ['ZSER_CHILD' => '1']);
    echo stream_get_contents($pipes[1]);
    echo "exit: ", proc_close($p), "\n";
    return;
}
echo "igbinary loaded: ", var_export(extension_loaded('igbinary'), true), "\n";
// ['user' => 'ann'] as igbinary_serialize() writes it (version 2 and 1 headers)
foreach (["\0\0\0\2", "\0\0\0\1"] as $h) {
    var_dump(zser_unserialize($h . "\x14\x01\x11\x04user\x11\x03ann", ['read_legacy' => true]));
}
try {
    zser_unserialize("\0\0\0\2\x06\x01", ['read_legacy' => true, 'throw_on_error' => true]);
} catch (ZserException $e) {
    echo $e->getCode() === ZserException::LEGACY_REFUSED ? 'LEGACY_REFUSED' : $e->getCode(), ': ', $e->getMessage(), "\n";
}
var_dump(zser_unserialize('a:1:{s:4:"user";s:3:"ann";}', ['read_legacy' => true]));
?>
--EXPECTF--
igbinary loaded: false

Warning: zser_unserialize(): igbinary data not read (the igbinary extension is not loaded) at offset 0 of 17 bytes in %s on line %d
bool(false)

Warning: zser_unserialize(): igbinary data not read (the igbinary extension is not loaded) at offset 0 of 17 bytes in %s on line %d
bool(false)
LEGACY_REFUSED: igbinary data not read (the igbinary extension is not loaded) at offset 0 of 6 bytes
array(1) {
  ["user"]=>
  string(3) "ann"
}
exit: 0
