--TEST--
zser_unserialize() on truncated and byte-mutated blobs of enums, alone and in arrays
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
enum Unit { case A; case B; }
enum Backed: string { case X = 'x'; case Y = 'y'; }
bin_corrupt_value('unit', Unit::A);
bin_corrupt_value('mixed', [Unit::A, Backed::Y, Unit::A, 'k' => Backed::X, Unit::B]);
?>
--EXPECT--
unit truncate: ok
unit bytes: ok
mixed truncate: ok
mixed bytes: ok
