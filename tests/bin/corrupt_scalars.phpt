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
--EXPECT--
scalar 0 truncate: ok
scalar 0 bytes: ok
scalar 1 truncate: ok
scalar 1 bytes: ok
scalar 2 truncate: ok
scalar 2 bytes: ok
scalar 3 truncate: ok
scalar 3 bytes: ok
scalar 4 truncate: ok
scalar 4 bytes: ok
scalar 5 truncate: ok
scalar 5 bytes: ok
scalar 6 truncate: ok
scalar 6 bytes: ok
scalar 7 truncate: ok
scalar 7 bytes: ok
scalar 8 truncate: ok
scalar 8 bytes: ok
scalar 9 truncate: ok
scalar 9 bytes: ok
scalar 10 truncate: ok
scalar 10 bytes: ok
scalar 11 truncate: ok
scalar 11 bytes: ok
scalar 12 truncate: ok
scalar 12 bytes: ok
scalar 13 truncate: ok
scalar 13 bytes: ok
scalar 14 truncate: ok
scalar 14 bytes: ok
scalar 15 truncate: ok
scalar 15 bytes: ok
scalar 16 truncate: ok
scalar 16 bytes: ok
scalar 17 truncate: ok
scalar 17 bytes: ok
scalar 18 truncate: ok
scalar 18 bytes: ok
scalar 19 truncate: ok
scalar 19 bytes: ok
scalar 20 truncate: ok
scalar 20 bytes: ok
scalar 21 truncate: ok
scalar 21 bytes: ok
scalar 22 truncate: ok
scalar 22 bytes: ok
scalar 23 truncate: ok
scalar 23 bytes: ok
scalar 24 truncate: ok
scalar 24 bytes: ok
