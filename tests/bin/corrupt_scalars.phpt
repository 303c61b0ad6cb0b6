--TEST--
zser_unserialize() on truncated and byte-mutated blobs of every scalar kind
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
foreach ([null, true, false, 0, 63, 64, 255, 256, 65536, PHP_INT_MAX, -1, -17, -300, PHP_INT_MIN, 0.5, 0.1, -0.0, INF, NAN,
          5e-324, '', 'a', str_repeat('s', 31), str_repeat('s', 32), str_repeat('s', 200)] as $i => $v) {
    bin_corrupt_value("scalar $i", $v);
}
?>
--EXPECTREGEX--
(scalar \d+ truncate: ok\nscalar \d+ bytes: ok\n){25}
