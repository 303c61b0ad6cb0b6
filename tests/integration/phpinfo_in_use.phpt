--TEST--
phpinfo() of zser says whether the session and APCu serializers are in use, not only registered
--EXTENSIONS--
zser
session
apcu
--INI--
apc.enable_cli=1
apc.serializer=zser
session.serialize_handler=php
--FILE--
<?php
function rows(): string {
    ob_start();
    (new ReflectionExtension('zser'))->info();
    $info = ob_get_clean();
    preg_match_all('/^(Session|APCu) serializer => (.*)$/m', $info, $m, PREG_SET_ORDER);
    return implode("\n", array_map(fn($r) => "$r[1]: $r[2]", $m)) . "\n";
}
// ini_set() of a session setting fails once output was sent: print at the end.
$out = rows();
ini_set('session.serialize_handler', 'zser');
$out .= rows();
ini_set('session.serialize_handler', 'php_serialize');
$out .= rows();
echo $out;
?>
--EXPECT--
Session: registered, not in use (session.serialize_handler is not zser)
APCu: registered, in use (apc.serializer=zser)
Session: registered, in use (session.serialize_handler=zser)
APCu: registered, in use (apc.serializer=zser)
Session: registered, not in use (session.serialize_handler is not zser)
APCu: registered, in use (apc.serializer=zser)
