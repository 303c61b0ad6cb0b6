--TEST--
phpinfo() of zser: APCu loaded with its own serializer shows zser registered but not in use
--EXTENSIONS--
zser
apcu
--INI--
apc.enable_cli=1
--FILE--
<?php
ob_start();
(new ReflectionExtension('zser'))->info();
preg_match('/^APCu serializer => (.*)$/m', ob_get_clean(), $m);
echo ini_get('apc.serializer'), "\n", $m[1], "\n";
?>
--EXPECT--
php
registered, not in use (apc.serializer is not zser)
