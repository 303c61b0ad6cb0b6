--TEST--
session.serialize_handler=zser: php and php_serialize data that holds igbinary's header bytes, and igbinary data that holds php-handler text, are each read by the handler that wrote them
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

$ig = "\0\0\0\2\x14\x01";
$sessions = [
    // a variable named by igbinary's header: the byte after it is '|', not an array tag
    'php' => ["\0\0\0\2" => 'x', 'v' => $ig, "a:1" => 1],
    'php_serialize' => [$ig => $ig, 'v' => "\0\0\0\1\x14"],
    'igbinary' => ['v' => 'a|s:1:"x";', 'w' => "a:1:{i:0;i:1;}", 'Zip' => "Z\x01"],
];
foreach ($sessions as $handler => $values) {
    $id = "d-" . strtr($handler, "_", "-");
    session_cycle($handler, $id, function () use ($values) {
        $_SESSION = $values;
    });
    $raw = file_get_contents(session_file($id));
    $theirs = session_cycle($handler, $id, null, false);
    $ours = session_cycle('zser', $id, null, false);
    printf("%-14s first bytes %-12s read alike: %s, as written: %s\n", $handler,
        bin2hex(substr($raw, 0, 5)), var_export($ours === $theirs, true),
        var_export($ours === $values, true));
}
?>
--EXPECT--
php            first bytes 000000027c   read alike: true, as written: true
php_serialize  first bytes 613a323a7b   read alike: true, as written: true
igbinary       first bytes 0000000214   read alike: true, as written: true
