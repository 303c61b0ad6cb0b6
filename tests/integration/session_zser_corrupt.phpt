--TEST--
session.serialize_handler=zser: truncated, bit-flipped and non-array zser data never crash
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

session_cycle('zser', 'good', fn() => session_fill(true));
$good = file_get_contents(session_file('good'));

/* Starts session 'bad' on $bytes. Returns 'session' when it started with an array and no
 * warning, 'refused' when it failed as PHP's handlers fail (a warning, or the exception
 * unserialize() would throw for the same value such as a TypeError for a typed property;
 * session_start() false; $_SESSION empty; the stored session destroyed), 'bad' otherwise. */
function start_on(string $bytes): string
{
    file_put_contents(session_file('bad'), $bytes);
    session_id('bad');
    $warned = false;
    set_error_handler(function ($no) use (&$warned) {
        $warned = $warned || $no === E_WARNING;
        return true;
    });
    try {
        $ok = session_start();
    } catch (Throwable $e) {
        $ok = false;
        $warned = true;
    }
    restore_error_handler();
    if ($ok) {
        $state = is_array($_SESSION) && !$warned ? 'session' : 'bad';
        session_abort();
        return $state;
    }
    return $warned && $_SESSION === [] && !file_exists(session_file('bad')) ? 'refused' : 'bad';
}

ini_set('session.serialize_handler', 'zser');
$outcomes = [];
for ($len = 1; $len < strlen($good); $len++) {
    $outcomes[start_on(substr($good, 0, $len))][] = $len;
}
echo "every truncation refused: ", var_export(array_keys($outcomes) === ['refused'], true), "\n";

$outcomes = ['session' => 0, 'refused' => 0, 'bad' => 0];
for ($i = 0; $i < strlen($good); $i++) {
    foreach ([0x01, 0x80, 0xff] as $mask) {
        $bad = $good;
        $bad[$i] = chr(ord($bad[$i]) ^ $mask);
        $outcomes[start_on($bad)]++;
    }
}
echo "flips: none bad: ", var_export($outcomes['bad'] === 0, true), ", some refused: ",
    var_export($outcomes['refused'] > 0, true), "\n";

echo "not an array: ", start_on(zser_serialize("a string, not an array")), "\n";
// A blob from a newer format version is refused by the zser reader, not misread as `php` data.
$newer = $good;
$newer[1] = chr((ord($good[1]) & 0x80) | 0x02); // keep the reference flag (FORMAT.md §2)
echo "newer format version: ", start_on($newer), "\n";
?>
--EXPECT--
every truncation refused: true
flips: none bad: true, some refused: true
not an array: refused
newer format version: refused
