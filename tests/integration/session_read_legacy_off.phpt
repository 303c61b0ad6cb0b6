--TEST--
zser.session_read_legacy=0: php and php_serialize session data is refused (empty session, the stored one destroyed, a warning from zser), zser data is still read, and no magic of the refused data runs
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

$on = false;
class Wake
{
    public function __wakeup() { if ($GLOBALS['on']) echo "Wake::__wakeup\n"; }
    public function __destruct() { if ($GLOBALS['on']) echo "Wake::__destruct\n"; }
}
spl_autoload_register(function ($c) { if ($GLOBALS['on']) echo "autoload($c)\n"; });

foreach (['zser', 'php', 'php_serialize'] as $writer) {
    session_cycle($writer, 'w-' . strtr($writer, '_', '-'), function () {
        $_SESSION = ['user' => 'ann', 'w' => new Wake,
            'ghost' => unserialize('O:5:"Ghost":0:{}')];
    });
}

var_dump(ini_get('zser.session_read_legacy'));
var_dump(ini_set('zser.session_read_legacy', 'off'));
ini_set('session.serialize_handler', 'zser');
foreach (['zser', 'php', 'php_serialize'] as $writer) {
    echo "$writer data:\n";
    $id = 'w-' . strtr($writer, '_', '-');
    session_id($id);
    $on = true;
    $ok = session_start();
    var_dump($ok, array_keys($_SESSION ?? []));
    $on = false;
    if ($ok) {
        session_abort();
    }
    $_SESSION = [];
    echo 'stored session kept: ', var_export(is_file(session_file($id)), true), "\n";
}
?>
--EXPECTF--
string(1) "1"
string(1) "1"
zser data:
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
stored session kept: true
php data:

Warning: session_start(): zser: session data in the php handler's format is not read (zser.session_read_legacy=0) in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
php_serialize data:

Warning: session_start(): zser: session data in the php_serialize handler's format is not read (zser.session_read_legacy=0) in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
stored session kept: false
