--TEST--
zser_serialize: outputs on both sides of the inline output buffer, the first heap block and the 2 MB block boundary are exact, canonical, trimmed and flag their references
--EXTENSIONS--
zser
--INI--
memory_limit=512M
--FILE--
<?php
// The encoder writes into a buffer of its working block, then into one string that grows (past about
// 2 MB PHP maps it on its own) and is trimmed to the output's length. A list of distinct
// strings whose output crosses each boundary at every offset within one element checks that no
// byte is lost or doubled at a move, that the result holds no unused capacity, and that the
// header flag for back-references reaches the header wherever the output then lives.
function value(int $count, int $len, bool $ref): array
{
    $v = [];
    for ($i = 0; $i < $count; $i++) {
        $v[] = str_pad(dechex($i), $len, '.');
    }
    if ($ref) {
        $v[] = &$v[0];
    }
    return $v;
}

$bad = [];
$checked = 0;
// the encoder keeps its working block (inline tables, first output bytes, first frames) from
// one call to the next until the request ends: it is taken before the first measurement
zser_serialize([1]);
// [element length, counts around the boundary]; a string element costs 2 or 3 bytes more
foreach ([[37, range(20, 32)], [61, range(125, 140)], [1000, range(2080, 2100)], [4093, [1, 2, 520, 1100]]] as [$len, $counts]) {
    foreach ($counts as $count) {
        foreach ([false, true] as $ref) {
            $v = value($count, $len, $ref);
            $before = memory_get_usage();
            $z = zser_serialize($v);
            $held = memory_get_usage() - $before;
            $checked++;
            $back = zser_unserialize($z, ['throw_on_error' => true]);
            if (serialize($back) !== serialize($v)) {
                $bad[] = "$len x $count (ref: $ref): round trip";
            }
            if (zser_serialize(unserialize(serialize($v))) !== $z) {
                $bad[] = "$len x $count (ref: $ref): not canonical";
            }
            if (((ord($z[1]) & 0x80) !== 0) !== $ref) {
                $bad[] = "$len x $count (ref: $ref): header flag";
            }
            // the string PHP keeps for the result: its length and a page at most beyond it (a
            // debug build's allocator adds a record of its own to each block)
            if ($held > strlen($z) + 4096 + 64 + (ZEND_DEBUG_BUILD ? 128 : 0)) {
                $bad[] = "$len x $count (ref: $ref): " . strlen($z) . " bytes hold $held";
            }
            unset($z, $back);
        }
    }
}
echo $checked, " outputs from ", strlen(zser_serialize(value(20, 37, false))), " to ",
    strlen(zser_serialize(value(1100, 4093, true))), " bytes\n";
echo $bad ? implode("\n", array_slice($bad, 0, 10)) : "all exact", "\n";

// one string of every length from 990 to 1030 and around 8 KB: the literal crosses the
// inline buffer's end, or fills the first heap block, in one piece
$bad = [];
foreach ([...range(990, 1030), ...range(8150, 8200)] as $n) {
    $s = str_repeat('z', $n - 7) . sprintf('%07d', $n);
    $z = zser_serialize([$s, $s]);
    if (zser_unserialize($z) !== [$s, $s]) {
        $bad[] = $n;
    }
}
echo $bad ? 'wrong at ' . implode(', ', $bad) : 'single strings exact', "\n";
?>
--EXPECT--
108 outputs from 784 to 4505607 bytes
all exact
single strings exact
