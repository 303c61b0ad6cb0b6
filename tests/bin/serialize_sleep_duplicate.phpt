--TEST--
zser_serialize() gives serialize()'s diagnostic, at the same level (a notice, a warning from PHP 8.4 on), when __sleep names a property twice
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Duplicate
{
    public $a = 1;
    protected $b = 2;
    public function __sleep() { return ['a', 'b', 'a', 'b']; }
}
bin_same(new Duplicate, 'duplicate names');
bin_same([new Duplicate, new Duplicate], 'two objects');
?>
--EXPECTF--
duplicate names: ok (%d diagnostics)
two objects: ok (%d diagnostics)
