--TEST--
zser.session_allowed_classes, zser.session_read_legacy and zser.session_write_format: the values ini_set() takes, and the ones it refuses with a warning, leaving the setting as it was
--EXTENSIONS--
session
zser
--FILE--
<?php
$classes = ['*', '', 'Foo', ' Foo , Bar ', "Foo,\tApp\\Bar", '\App\Bar', 'ns\_x1', "caf\u{e9}",
    'Foo,,Bar', 'Foo,', ',Foo', '1abc', 'Foo Bar', '*,Foo', 'App\\', 'App\\\\Bar', '\\', 'Foo;Bar',
    ' '];
foreach ($classes as $v) {
    ini_set('zser.session_allowed_classes', 'Before');
    $r = ini_set('zser.session_allowed_classes', $v);
    printf("%-16s %s, now %s\n", json_encode($v), $r === false ? 'refused' : 'taken',
        json_encode(ini_get('zser.session_allowed_classes')));
}
foreach (['0', '1', 'on', 'Off', 'YES', 'no', 'true', 'False', '', 'maybe', '2', 'disabled'] as $v) {
    ini_set('zser.session_read_legacy', '1');
    $r = ini_set('zser.session_read_legacy', $v);
    printf("%-10s %s\n", json_encode($v), $r === false ? 'refused' : 'taken');
}
// Handler names as session.serialize_handler spells them, exactly.
foreach (['zser', 'php_serialize', 'php', 'igbinary', 'ZSER', 'Php', ' php', 'php_binary', 'msgpack',
    'json', ''] as $v) {
    ini_set('zser.session_write_format', 'zser');
    $r = ini_set('zser.session_write_format', $v);
    printf("%-15s %s, now %s\n", json_encode($v), $r === false ? 'refused' : 'taken',
        json_encode(ini_get('zser.session_write_format')));
}
// php --ri zser lists them, the value in force beside the one from php.ini.
ini_set('zser.session_allowed_classes', 'App\\User, App\\Cart');
ini_set('zser.session_read_legacy', 'off');
ini_set('zser.session_write_format', 'php_serialize');
ob_start();
(new ReflectionExtension('zser'))->info();
preg_match_all('/^zser\.session_.*$/m', ob_get_clean(), $m);
echo implode("\n", $m[0]), "\n";
?>
--EXPECTF--
"*"              taken, now "*"
""               taken, now ""
"Foo"            taken, now "Foo"
" Foo , Bar "    taken, now " Foo , Bar "
"Foo,\tApp\\Bar" taken, now "Foo,\tApp\\Bar"
"\\App\\Bar"     taken, now "\\App\\Bar"
"ns\\_x1"        taken, now "ns\\_x1"
"caf\u00e9"      taken, now "caf\u00e9"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"Foo,,Bar"       refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"Foo,"           refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
",Foo"           refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"1abc"           refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"Foo Bar"        refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"*,Foo"          refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"App\\"          refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"App\\\\Bar"     refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"\\"             refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
"Foo;Bar"        refused, now "Before"

Warning: ini_set(): zser.session_allowed_classes must be "*", empty, or a comma-separated list of class names in %s on line %d
" "              refused, now "Before"
"0"        taken
"1"        taken
"on"       taken
"Off"      taken
"YES"      taken
"no"       taken
"true"     taken
"False"    taken
""         taken

Warning: ini_set(): zser.session_read_legacy must be a boolean (0/1, on/off) in %s on line %d
"maybe"    refused

Warning: ini_set(): zser.session_read_legacy must be a boolean (0/1, on/off) in %s on line %d
"2"        refused

Warning: ini_set(): zser.session_read_legacy must be a boolean (0/1, on/off) in %s on line %d
"disabled" refused
"zser"          taken, now "zser"
"php_serialize" taken, now "php_serialize"
"php"           taken, now "php"
"igbinary"      taken, now "igbinary"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
"ZSER"          refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
"Php"           refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
" php"          refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
"php_binary"    refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
"msgpack"       refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
"json"          refused, now "zser"

Warning: ini_set(): zser.session_write_format must be zser, php_serialize, php or igbinary in %s on line %d
""              refused, now "zser"
zser.session_allowed_classes => App\User, App\Cart => *
zser.session_read_legacy => off => 1
zser.session_write_format => php_serialize => zser
