--TEST--
zser_unserialize() refuses trailing bytes after a complete value: every byte value, longer garbage, a second blob
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
$values = ['null' => null, 'int' => 5, 'string' => 'abc', 'list' => [1, 2], 'map' => ['a' => 1], 'object' => new MagicPlain('t')];
$cases = [];
foreach ($values as $label => $v) {
    $blob = zser_serialize($v);
    for ($b = 0; $b < 256; $b++) {
        $cases[sprintf('%s + 0x%02x', $label, $b)] = $blob . chr($b);
    }
    $cases["$label + itself"] = $blob . $blob;
    $cases["$label + 1 KB of zeros"] = $blob . str_repeat("\0", 1024);
    $cases["$label + header"] = $blob . substr(zser_serialize(null), 0, 2);
}
bin_corrupt_report('trailing', 'fail', $cases, true);
// The warning's offset points at the first extra byte.
$blob = zser_serialize([1, 2, 3]);
$msg = null;
set_error_handler(function ($no, $str) use (&$msg) { $msg = $str; return true; });
zser_unserialize($blob . 'xyz');
restore_error_handler();
echo 'offset is the end of the value: ', var_export(bin_corrupt_offset($msg) === strlen($blob), true), "\n";
?>
--EXPECT--
trailing fail: ok
offset is the end of the value: true
