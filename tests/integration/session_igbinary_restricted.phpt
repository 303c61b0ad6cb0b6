--TEST--
igbinary session data under a class list (igbinary's decoder cannot restrict classes) and under zser.session_read_legacy=0 is refused with a warning from zser: empty session, the stored one destroyed, none of its classes' code run; with "*" it is read
--EXTENSIONS--
session
zser
igbinary
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

$on = false;
class Wake
{
    public function __wakeup() { if ($GLOBALS['on']) echo "Wake::__wakeup\n"; }
    public function __destruct() { if ($GLOBALS['on']) echo "Wake::__destruct\n"; }
}
spl_autoload_register(function ($c) { if ($GLOBALS['on']) echo "autoload($c)\n"; });

$settings = [
    'class list naming the class' => ['zser.session_allowed_classes' => 'Wake'],
    'no class allowed' => ['zser.session_allowed_classes' => ''],
    'legacy data off' => ['zser.session_read_legacy' => '0'],
    'every class, legacy on' => [],
];
foreach ($settings as $name => $ini) {
    echo "-- $name\n";
    session_cycle('igbinary', 'ig', function () {
        $_SESSION = ['user' => 'ann', 'w' => new Wake, 'ghost' => unserialize('O:5:"Ghost":0:{}')];
    });
    foreach ($ini as $k => $v) {
        ini_set($k, $v);
    }
    ini_set('session.serialize_handler', 'zser');
    session_id('ig');
    $on = true;
    $ok = session_start();
    var_dump($ok, array_keys($_SESSION));
    if ($ok) {
        session_abort();
    }
    $_SESSION = [];
    $on = false;
    echo 'stored session kept: ', var_export(is_file(session_file('ig')), true), "\n";
    ini_restore('zser.session_allowed_classes');
    ini_restore('zser.session_read_legacy');
}
?>
--EXPECTF--
-- class list naming the class

Warning: session_start(): zser: session data in the igbinary handler's format is not read: igbinary cannot restrict classes (zser.session_allowed_classes is not "*") in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
-- no class allowed

Warning: session_start(): zser: session data in the igbinary handler's format is not read: igbinary cannot restrict classes (zser.session_allowed_classes is not "*") in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
-- legacy data off

Warning: session_start(): zser: session data in the igbinary handler's format is not read (zser.session_read_legacy=0) in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
-- every class, legacy on
autoload(Ghost)
Wake::__wakeup
bool(true)
array(3) {
  [0]=>
  string(4) "user"
  [1]=>
  string(1) "w"
  [2]=>
  string(5) "ghost"
}
Wake::__destruct
stored session kept: true
