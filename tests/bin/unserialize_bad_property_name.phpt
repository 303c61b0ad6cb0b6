--TEST--
zser_unserialize() of a declared class with a badly mangled property name fails with one warning and no engine notice
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
class Mangled
{
    public $pub = 1;
    protected $prot = 2;
    private $priv = 3;
}
$blob = zser_serialize(new Mangled);
// Property names as PHP mangles them, each spoiled in place (same length): "\0*\0prot" and
// "\0Mangled\0priv" with the second NUL changed, and with the first NUL alone.
$spoiled = [
    'protected, second NUL changed' => str_replace("\0*\0prot", "\0*\x7fprot", $blob),
    'private, second NUL changed' => str_replace("\0Mangled\0priv", "\0Mangled\xffpriv", $blob),
    'private, class part empty' => str_replace("\0Mangled\0priv", "\0\0angled\0priv", $blob),
];
foreach ($spoiled as $label => $b) {
    if ($b === $blob) {
        echo "$label: name not found in the blob\n";
        continue;
    }
    $p = bin_corrupt_check($b, false);
    echo "$label: ", $p ? implode('; ', $p) : 'ok', "\n";
}
?>
--EXPECT--
protected, second NUL changed: ok
private, second NUL changed: ok
private, class part empty: ok
