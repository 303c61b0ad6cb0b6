--TEST--
session.serialize_handler=zser: truncated, bit-flipped and non-array zser data never crash
--EXTENSIONS--
session
zser
--SKIPIF--
<?php require __DIR__ . '/../inc/skipif_binary.inc'; ?>
--INI--
session.use_cookies=0
session.use_only_cookies=0
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

/* Starts session 'bad' on $bytes; returns true when it failed as PHP's handlers fail: a
 * warning (or the exception unserialize() would throw for the same value, such as a
 * TypeError for a typed property), session_start() false, $_SESSION empty, the stored
 * session destroyed. */
function start_on(string $bytes, ?bool &$warned): bool
{
    file_put_contents(session_file('bad'), $bytes);
    session_id('bad');
    $warned = false;
    set_error_handler(function ($no, $msg) use (&$warned) {
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
        $isArray = is_array($_SESSION);
        session_abort();
        return !$isArray;
    }
    return $warned && $_SESSION === [] && !file_exists(session_file('bad'));
}

ini_set('session.serialize_handler', 'zser');
$truncFailed = 0;
for ($len = 1; $len < strlen($good); $len++) {
    if (start_on(substr($good, 0, $len), $warned) && $warned) {
        $truncFailed++;
    }
}
echo "every truncation fails cleanly: ", var_export($truncFailed === strlen($good) - 1, true), "\n";

$flipOk = 0;
for ($i = 0; $i < strlen($good); $i++) {
    foreach ([0x01, 0x80, 0xff] as $mask) {
        $bad = $good;
        $bad[$i] = chr(ord($bad[$i]) ^ $mask);
        // Either a session (some other valid value) or the clean failure; nothing else.
        $clean = start_on($bad, $warned);
        if ($clean || !$warned) {
            $flipOk++;
        }
    }
}
echo "every flip decodes or fails cleanly: ", var_export($flipOk === 3 * strlen($good), true), "\n";

var_dump(start_on(zser_serialize("a string, not an array"), $warned), $warned);
// A blob from a newer format version is refused by the zser reader, not misread as `php` data.
$newer = $good;
$newer[1] = "\x02";
var_dump(start_on($newer, $warned), $warned);
?>
--EXPECT--
every truncation fails cleanly: true
every flip decodes or fails cleanly: true
bool(true)
bool(true)
bool(true)
bool(true)
