--TEST--
session.serialize_handler=zser: a session holding a Closure throws on write and stores an empty session
--EXTENSIONS--
session
zser
--SKIPIF--
<?php require __DIR__ . '/../inc/skipif_binary.inc'; ?>
--INI--
session.use_cookies=0
session.cache_limiter=
session.save_handler=files
session.use_strict_mode=0
--FILE--
<?php
require __DIR__ . '/../inc/session.inc';
session_test_dir();

session_cycle('zser', 'c1', fn() => $_SESSION['a'] = 1);
try {
    // The exception is serialize()'s, and no partial record reaches the store.
    session_cycle('zser', 'c1', fn() => $_SESSION['f'] = fn() => 1);
} catch (Exception $e) {
    echo get_class($e), ": ", $e->getMessage(), "\n";
}
var_dump(file_get_contents(session_file('c1')));
var_dump(session_cycle('zser', 'c1'));
?>
--EXPECT--
Exception: Serialization of 'Closure' is not allowed
string(0) ""
array(0) {
}
