--TEST--
zser_unserialize() on corrupted blobs of objects with __wakeup/__unserialize/__destruct: none of them runs on a failure
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
$w = new MagicWakeup('w', 1, [2], 'three');
$s = new MagicSerialize('s', [$w, 'x' => 1.5]);
$b = new MagicBoth('b', $s);
bin_corrupt_value('wakeup', [$w, new MagicWakeup('w2', $w)]);
bin_corrupt_value('unserialize', [$s, new MagicSerialize('s2', $s)]);
bin_corrupt_value('both', [$b, $w, new MagicPlain('plain', $b)]);
?>
--EXPECT--
wakeup truncate: ok
wakeup bytes: ok
unserialize truncate: ok
unserialize bytes: ok
both truncate: ok
both bytes: ok
