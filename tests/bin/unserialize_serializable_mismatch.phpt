--TEST--
zser_unserialize() of Serializable data for a class that is not Serializable: as unserialize(), and one warning on failure
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
class SerA implements Serializable
{
    public function serialize() { return 'payload'; }
    public function unserialize($s) {}
}
class NotA { public $p = 'default'; }
// The Serializable payload handed to a class without unserialize() (names of the same length):
// unserialize() warns and still returns the object with its defaults; zser does the same.
$blob = str_replace('SerA', 'NotA', zser_serialize([new SerA]));
bin_same_decode('class without unserialize()', 'a:1:{i:0;C:4:"NotA":7:{payload}}', $blob, []);
// When the rest of the blob is broken, the result is false with exactly one warning in all.
$broken = substr(str_replace('SerA', 'NotA', zser_serialize([new SerA, 'tail'])), 0, -1);
$p = bin_corrupt_check($broken, true);
echo 'broken after it: ', $p ? implode('; ', $p) : 'ok', "\n";
?>
--EXPECT--
class without unserialize(): ok
broken after it: ok
