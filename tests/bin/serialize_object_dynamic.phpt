--TEST--
zser round trip of dynamic properties, with the same deprecations as unserialize() on PHP 8.2+
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
#[AllowDynamicProperties]
class Dyn
{
    public $declared = 1;
}
class NoDyn
{
    public $declared = 1;
}
$d = new Dyn;
$d->extra = 'x';
$d->{'0'} = 'zero';
bin_same($d, 'allowed dynamic properties');

// A blob naming a property the class no longer declares (class changed since it was written).
$n = new Dyn;
$n->gone = 'old field';
$blob = zser_serialize($n);
$ser = serialize($n);
$blob = str_replace('Dyn', 'NoD', $blob);
$ser = str_replace('Dyn', 'NoD', $ser);
class NoD
{
    public $declared = 1;
}
bin_same_decode('property not declared any more', $ser, $blob, []);
// Creating a dynamic property outside unserialization, for comparison (PHP 8.2 deprecation).
$r = bin_run(function () { $o = new NoDyn; $o->x = 1; return $o; });
echo count($r['diag']), " diagnostic when set directly\n";
?>
--EXPECTF--
allowed dynamic properties: ok
property not declared any more: ok
%d diagnostic when set directly
