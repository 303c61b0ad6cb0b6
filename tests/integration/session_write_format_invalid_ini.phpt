--TEST--
zser.session_write_format set to an invalid value in php.ini: kept with a startup warning, and sessions are written as zser
--EXTENSIONS--
session
zser
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
zser.session_write_format=php_binary
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();
var_dump(ini_get('zser.session_write_format'));
session_cycle('zser', 'w', fn() => $_SESSION = ['user' => 'ann']);
var_dump(zser_unserialize(file_get_contents(session_file('w'))));
?>
--EXPECTF--
%AWarning: PHP Startup: zser.session_write_format must be zser, php_serialize, php or igbinary: written as zser in Unknown on line 0
%Astring(10) "php_binary"
array(1) {
  ["user"]=>
  string(3) "ann"
}
