--TEST--
session.serialize_handler=zser stores $_SESSION as one zser value and reads it back
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
require __DIR__ . '/../inc/session_values.inc';
session_test_dir();

// The reference: the same session written and read by php_serialize.
session_cycle('php_serialize', 'ref', fn() => session_fill(true));
$expected = session_cycle('php_serialize', 'ref');

$stored = null;
session_cycle('zser', 'z1', function () use (&$stored) {
    session_fill(true);
    $stored = zser_serialize($_SESSION);
});
$raw = file_get_contents(session_file('z1'));
echo "file holds zser_serialize(\$_SESSION): ", var_export($raw === $stored, true), "\n";
echo "file is not serialize() text: ", var_export(@unserialize($raw) === false, true), "\n";

$got = session_cycle('zser', 'z1', function () {
    $_SESSION['alias']++;
    echo "alias shares counter: ", var_export($_SESSION['counter'] === 42, true), "\n";
    echo "boss is one object: ", var_export($_SESSION['boss'] === (fn() => $this->boss)->call($_SESSION['user']), true), "\n";
    echo "enums are the cases: ", var_export($_SESSION['flag'] === SessFlag::On, true), "\n";
});
echo "same values as php_serialize: ", var_export(serialize($got) === serialize($expected), true), "\n";
// The change made above was written back by zser and is seen by the next request.
$again = session_cycle('zser', 'z1');
echo "change kept: ", var_export($again['counter'] === 42 && $again['alias'] === 42, true), "\n";

// A session written by php_serialize, rewritten by zser: the upgrade path of a fleet.
session_cycle('zser', 'ref', fn() => $_SESSION['upgraded'] = true);
$up = session_cycle('zser', 'ref');
echo "upgraded: ", var_export($up['upgraded'] ?? null, true), ", now zser: ",
    var_export(file_get_contents(session_file('ref')) === zser_serialize($up), true), "\n";

// An empty session is stored and read back as empty.
session_cycle('zser', 'empty');
echo "empty: ", json_encode(session_cycle('zser', 'empty')), "\n";
?>
--EXPECT--
file holds zser_serialize($_SESSION): true
file is not serialize() text: true
alias shares counter: true
boss is one object: true
enums are the cases: true
same values as php_serialize: true
change kept: true
upgraded: true, now zser: true
empty: []
