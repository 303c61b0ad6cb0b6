--TEST--
session.serialize_handler=zser: bad session bytes start an empty session with a warning that names zser when zser's reader finds the fault
--EXTENSIONS--
session
zser
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

$cases = [
    'no known format' => "\x01\x02\x03garbage",
    'truncated php_serialize' => 'a:2:{s:1:"a";i:1;',
    'truncated php handler' => 'a|s:5:"ab',
    'php handler, bad value' => 'a|i:1;b|x:2;',
    'truncated zser' => substr(zser_serialize(['a' => 1]), 0, -1),
    'zser, not an array' => zser_serialize('a string'),
];
foreach ($cases as $name => $bytes) {
    echo "-- $name\n";
    file_put_contents(session_file('corrupt'), $bytes);
    ini_set('session.serialize_handler', 'zser');
    session_id('corrupt');
    // As with PHP's own handlers: false, the stored session destroyed, $_SESSION empty.
    $started = session_start();
    echo "started: ", var_export($started, true), ", \$_SESSION: ", json_encode($_SESSION),
        ", file kept: ", var_export(file_exists(session_file('corrupt')), true), "\n";
    // The next request gets a fresh, working session.
    echo "next start: ", var_export(session_start(), true), "\n";
    $_SESSION['ok'] = 1;
    session_abort();
}
?>
--EXPECTF--
-- no known format

Warning: session_start(): zser: session data is in none of the formats zser reads (zser, php, php_serialize, igbinary) in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
-- truncated php_serialize

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
-- truncated php handler

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
-- php handler, bad value

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
-- truncated zser

Warning: session_start(): zser: session data: %s at offset %d of %d bytes in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
-- zser, not an array

Warning: session_start(): zser: session data must be an array, string given in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
started: false, $_SESSION: [], file kept: false
next start: true
