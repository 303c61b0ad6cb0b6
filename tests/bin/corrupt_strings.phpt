--TEST--
zser_unserialize() on corrupted blobs with repeated strings, long strings and many distinct strings (string back-references)
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
$v = ['alpha' => 'beta', 'beta' => 'alpha', 'list' => ['alpha', 'beta', 'gamma', 'gamma'], str_repeat('L', 40) => str_repeat('v', 130)];
for ($i = 0; $i < 60; $i++) {
    $v['k'][] = "s$i";
}
$v['k'][] = 's0';
$v['k'][] = 's59';
bin_corrupt_value('strings', $v);
bin_corrupt_value('binary', ["\0", "\xff\xfe", "\0", str_repeat("\x80", 33)]);
?>
--EXPECT--
strings truncate: ok
strings bytes: ok
binary truncate: ok
binary bytes: ok
