--TEST--
zser.session_allowed_classes and zser.session_read_legacy set to invalid values in php.ini: kept with a startup warning, and read the safe way (no class allowed, legacy data not read, though PHP's boolean parsing reads "2" as on)
--EXTENSIONS--
session
zser
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
zser.session_allowed_classes="Foo,,Bar"
zser.session_read_legacy=2
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();
class Foo
{
    public function __wakeup() { echo "Foo::__wakeup\n"; }
}
var_dump(ini_get('zser.session_allowed_classes'), ini_get('zser.session_read_legacy'));
file_put_contents(session_file('z'), zser_serialize(['f' => new Foo]));
file_put_contents(session_file('p'), serialize(['f' => 1]));
ini_set('session.serialize_handler', 'zser');
session_id('z');
var_dump(session_start(), get_class($_SESSION['f']));
session_abort();
session_id('p');
var_dump(session_start(), $_SESSION);
?>
--EXPECTF--
%AWarning: PHP Startup: zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names: sessions may make no class in Unknown on line 0
%AWarning: PHP Startup: zser.session_read_legacy must be a boolean (0/1, on/off): read as off in Unknown on line 0
%Astring(8) "Foo,,Bar"
string(1) "2"
bool(true)
string(22) "__PHP_Incomplete_Class"

Warning: session_start(): zser: session data in the php_serialize handler's format is not read (zser.session_read_legacy=0) in %s on line %d

Warning: session_start(): Failed to decode session object. Session has been destroyed in %s on line %d
bool(false)
array(0) {
}
