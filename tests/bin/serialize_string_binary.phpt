--TEST--
zser round trip of binary strings: NUL bytes, every byte value, invalid UTF-8
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
$all = '';
for ($i = 0; $i < 256; $i++) {
    $all .= chr($i);
}
bin_same_all([
    'empty' => '',
    'nul' => "\0",
    'nuls' => "\0\0\0",
    'embedded nul' => "a\0b\0",
    'all 256 bytes' => $all,
    'all 256 reversed' => strrev($all),
    'invalid utf-8' => "\xff\xfe\xc3\x28\xed\xa0\x80",
    'utf-8' => "h\u{e9}llo \u{1F600}",
    'numeric text' => '123',
    'float text' => '1.5e3',
    'quote and semicolon' => "s:3:\"\";}",
]);
$bad = 0;
for ($i = 0; $i < 256; $i++) {
    foreach ([chr($i), chr($i) . chr($i), str_repeat(chr($i), 200)] as $s) {
        if (zser_unserialize(zser_serialize($s)) !== $s) {
            $bad++;
        }
    }
}
echo "single-byte strings: $bad bad\n";
bin_same(array_map('chr', range(0, 255)), 'list of every byte');
?>
--EXPECT--
empty: ok
nul: ok
nuls: ok
embedded nul: ok
all 256 bytes: ok
all 256 reversed: ok
invalid utf-8: ok
utf-8: ok
numeric text: ok
float text: ok
quote and semicolon: ok
single-byte strings: 0 bad
list of every byte: ok
