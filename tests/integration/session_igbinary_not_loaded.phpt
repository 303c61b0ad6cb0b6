--TEST--
Without the igbinary extension: igbinary session data (versions 2 and 1) is refused with a warning from zser that names igbinary, and zser.session_write_format=igbinary writes zser with a warning instead of losing the session
--EXTENSIONS--
session
zser
--FILE--
<?php
/* Runs this file again under `php -n` with only zser loaded (the parent may have igbinary
 * from the system's configuration). zser.so is the module this process loaded. */
if (getenv('ZSER_CHILD') !== '1') {
    preg_match('~\s(/\S*/zser\.so)$~m', file_get_contents('/proc/self/maps'), $m);
    $so = $m[1] ?? dirname(__DIR__, 2) . '/ext/modules/zser.so';
    $cmd = [PHP_BINARY, '-n', '-d', "extension=$so", '-d', 'display_errors=1',
        '-d', 'display_startup_errors=1', '-d', 'html_errors=0', '-d', 'error_reporting=-1', __FILE__];
    $p = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, null,
        ['ZSER_CHILD' => '1']);
    echo stream_get_contents($pipes[1]);
    echo "exit: ", proc_close($p), "\n";
    return;
}
require __DIR__ . '/../inc/session.inc';
session_test_dir();
ini_set('session.use_cookies', '0');
ini_set('session.cache_limiter', '');
ini_set('session.use_strict_mode', '0');
echo "igbinary loaded: ", var_export(extension_loaded('igbinary'), true), "\n";

// ['user' => 'ann'] as igbinary's session handler writes it (header, array8, string8 key, value)
$body = "\x14\x01\x11\x04user\x11\x03ann";
foreach (['v2' => "\0\0\0\2", 'v1' => "\0\0\0\1"] as $name => $header) {
    echo "-- $name\n";
    file_put_contents(session_file('ig'), $header . $body);
    ini_set('session.serialize_handler', 'zser');
    session_id('ig');
    var_dump(session_start(), $_SESSION);
    echo 'stored session kept: ', var_export(is_file(session_file('ig')), true), "\n";
}

echo "-- zser.session_write_format=igbinary\n";
var_dump(ini_set('zser.session_write_format', 'igbinary'));
session_id('w');
session_start();
$_SESSION = ['user' => 'bob', 'n' => 1];
session_write_close();
$stored = file_get_contents(session_file('w'));
var_dump(zser_unserialize($stored) === ['user' => 'bob', 'n' => 1]);
session_id('w');
var_dump(session_start(), $_SESSION);
session_abort();
?>
--EXPECTF--
igbinary loaded: false
-- v2

Warning: session_start(): zser: session data in the igbinary handler's format is not read: the igbinary extension is not loaded in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
-- v1

Warning: session_start(): zser: session data in the igbinary handler's format is not read: the igbinary extension is not loaded in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
-- zser.session_write_format=igbinary
string(4) "zser"

Warning: session_write_close(): zser: zser.session_write_format=igbinary, but the igbinary extension is not loaded: the session is written as zser in %s on line %d
bool(true)
bool(true)
array(2) {
  ["user"]=>
  string(3) "bob"
  ["n"]=>
  int(1)
}
exit: 0
