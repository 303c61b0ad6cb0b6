--TEST--
zser_serialize() of values past the recursion depth, one after another in one request, every kind after every other: each call writes what it wrote alone, and reads back as PHP's round trip does
--EXTENSIONS--
zser
--FILE--
<?php
// Past 128 levels the writer keeps its containers in frames that live from call to call; a
// field one kind of frame leaves unset holds what an earlier call's frame of another kind put
// there. Run in this process (not a child) so that the memory checkers see the frames.
require __DIR__ . '/../inc/bin_deep.inc';
gc_disable();
const LEVELS = 300;
$alone = [];
foreach (BIN_DEEP_KINDS as $kind) {
    $v = bin_deep_build($kind, LEVELS);
    $alone[$kind] = zser_serialize($v);
    $want = serialize(unserialize(serialize($v)));
    $got = serialize(zser_unserialize($alone[$kind]));
    echo "$kind: ", $got === $want ? 'as PHP' : 'different', "\n";
    bin_deep_release($v);
}
$bad = [];
foreach (BIN_DEEP_KINDS as $first) {
    foreach (BIN_DEEP_KINDS as $then) {
        foreach ([$first, $then, $then] as $kind) {
            $v = bin_deep_build($kind, LEVELS);
            if (zser_serialize($v) !== $alone[$kind]) {
                $bad[] = "$kind after $first";
            }
            bin_deep_release($v);
        }
    }
}
echo count(BIN_DEEP_KINDS) ** 2 * 3, " calls, ", $bad ? 'different: ' . implode(', ', array_unique($bad)) : 'each as alone', "\n";
?>
--EXPECT--
array: as PHP
props: as PHP
declared: as PHP
data: as PHP
sleep: as PHP
ref: as PHP
mixed: as PHP
147 calls, each as alone
