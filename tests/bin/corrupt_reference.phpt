--TEST--
zser_unserialize() on truncated and byte-mutated blobs with & references, shared objects and cycles
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
$a = [1, 'x'];
$a[2] = &$a[0];
$a[3] = &$a[1];
$a[4] = &$a;
$o = new stdClass;
$o->self = $o;
$o->list = [$o, $o];
$o->alias = &$o->list;
$p = new MagicPlain('p');
$p->ref = [$p, new MagicPlain('q', $p)];
bin_corrupt_value('array references', $a);
bin_corrupt_value('object cycle', $o);
bin_corrupt_value('logged cycle', $p);
?>
--EXPECT--
array references truncate: ok
array references bytes: ok
object cycle truncate: ok
object cycle bytes: ok
logged cycle truncate: ok
logged cycle bytes: ok
