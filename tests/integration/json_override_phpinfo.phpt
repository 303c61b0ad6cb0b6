--TEST--
phpinfo() of zser lists the version, the format version and which integrations are active
--EXTENSIONS--
zser
session
--INI--
zser.json_override=1
--FILE--
<?php
ob_start();
(new ReflectionExtension('zser'))->info();
$info = ob_get_clean();
foreach (['Version', 'Binary format version', 'Session serializer', 'APCu serializer', 'json_* override', 'zser.json_override'] as $row) {
    echo preg_match('/^' . preg_quote($row, '/') . ' => (.*)$/m', $info, $m) ? "$row => $m[1]" : "$row missing", "\n";
}
?>
--EXPECTF--
Version => %d.%d.%s
Binary format version => %d
Session serializer => registered, not in use (session.serialize_handler is not zser)
APCu serializer => %s
json_* override => on (json_* run zser)
zser.json_override => 1 => 1
