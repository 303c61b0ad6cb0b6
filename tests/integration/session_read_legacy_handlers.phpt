--TEST--
session.serialize_handler=zser reads sessions written by the php and php_serialize handlers
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
require __DIR__ . '/../inc/session_values.inc';
session_test_dir();

foreach (['php' => false, 'php_serialize' => true] as $handler => $intKeys) {
    $id = "legacy$handler";
    $id = str_replace('_', '-', $id);
    session_cycle($handler, $id, function () use ($intKeys, $handler) {
        if ($handler === 'php') {
            // An empty name first: the record then starts with '|'.
            $_SESSION[''] = 'empty name';
        }
        session_fill($intKeys);
    });
    $raw = file_get_contents(session_file($id));
    // The reference: what PHP's own handler reads back from the same file.
    $expected = session_cycle($handler, $id);
    file_put_contents(session_file($id), $raw);
    $got = session_cycle('zser', $id, write: false, change: function () {
        // The references between session variables survived: both names are one slot.
        $_SESSION['alias']++;
        echo "alias shares counter: ", var_export($_SESSION['counter'] === 42, true), "\n";
        echo "shared object kept: ", var_export($_SESSION['user'] instanceof SessUser, true), "\n";
    });
    echo "$handler: ", count($got), " vars, same as $handler handler: ",
        var_export(serialize($got) === serialize($expected), true), "\n";
}
?>
--EXPECT--
alias shares counter: true
shared object kept: true
php: 10 vars, same as php handler: true
alias shares counter: true
shared object kept: true
php_serialize: 10 vars, same as php_serialize handler: true
