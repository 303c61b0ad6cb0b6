--TEST--
zser_serialize() of values 5,000 and 100,000 levels deep, through every way a value nests: what serialize() writes, read back; 100,000 levels on a 256 KB stack
--EXTENSIONS--
zser
--FILE--
<?php
// Each value is built, written and read in a child PHP (tests/inc/bin_deep.inc) started under
// the stack limit asked for. 'same': serialize(zser_unserialize(zser_serialize(v))) equals
// serialize(unserialize(serialize(v))) (both without a depth limit), which needs the stack
// PHP's own recursive serialize(), unserialize() and destructor need: the hard limit. 'write'
// uses no PHP function that recurses: on a 256 KB stack it must write the same bytes (their
// md5) and read the same number of levels back.
require __DIR__ . '/../inc/bin_deep.inc';
foreach (BIN_DEEP_KINDS as $kind) {
    foreach ([5000, 100000] as $n) {
        $same = bin_deep_spawn('hard', 'same', $kind, $n);
        [$verdict, $md5] = explode(' ', $same) + [1 => ''];
        $line = "$kind $n: $verdict";
        if ($n === 100000) {
            $small = bin_deep_spawn('256', 'write', $kind, $n);
            $line .= '; on a 256 KB stack: ' . ($small === "$md5 $n" ? "same bytes, $n levels read" : $small);
        }
        echo $verdict === 'same' ? $line : "$line ($same)", "\n";
    }
}
?>
--EXPECT--
array 5000: same
array 100000: same; on a 256 KB stack: same bytes, 100000 levels read
props 5000: same
props 100000: same; on a 256 KB stack: same bytes, 100000 levels read
declared 5000: same
declared 100000: same; on a 256 KB stack: same bytes, 100000 levels read
data 5000: same
data 100000: same; on a 256 KB stack: same bytes, 100000 levels read
sleep 5000: same
sleep 100000: same; on a 256 KB stack: same bytes, 100000 levels read
ref 5000: same
ref 100000: same; on a 256 KB stack: same bytes, 100000 levels read
mixed 5000: same
mixed 100000: same; on a 256 KB stack: same bytes, 100000 levels read
