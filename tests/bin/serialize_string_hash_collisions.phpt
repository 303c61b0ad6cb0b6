--TEST--
zser_serialize: strings of equal length and equal PHP hash stay apart (values, keys, rows)
--EXTENSIONS--
zser
--FILE--
<?php
// "Ez" and "FY" add the same to PHP's string hash, so strings that differ only by swapping
// one for the other at the same place have the same hash and length: the encoder's string
// table and its shape checks must compare their bytes. Lengths 0 to 70 cover every branch
// of the byte comparison (short words, one or more 16-byte steps, the tail).
function blocks(int $len, int $swap): string
{
    $s = str_repeat('Ez', intdiv($len, 2));
    if ($swap >= 0 && $len >= 2) {
        $at = min($swap, intdiv($len, 2) - 1) * 2;
        $s = substr_replace($s, 'FY', $at, 2);
    }
    return $len % 2 ? 'q' . $s : $s;
}

$bad = 0;
$cases = 0;
for ($len = 0; $len <= 70; $len++) {
    $variants = array_values(array_unique([
        blocks($len, -1), blocks($len, 0), blocks($len, 3), blocks($len, 8), blocks($len, 99),
    ]));
    $values = array_merge($variants, array_reverse($variants), $variants);
    $rows = [];
    foreach ($variants as $i => $a) {
        foreach ($variants as $j => $b) {
            if ($a !== $b) {
                $rows[] = [$a => $i, $b => $j];
            }
        }
        $rows[] = [$a => $i, 'tail' => $len];
    }
    $obj = new stdClass();
    foreach ($variants as $i => $a) {
        $obj->{$a === '' ? 'empty' : $a} = $i;
    }
    foreach ([$values, $rows, [$obj, clone $obj], ['k' => $values, 'r' => $rows]] as $v) {
        $cases++;
        $back = zser_unserialize(zser_serialize($v));
        if (serialize($back) !== serialize($v)) {
            $bad++;
            echo "length $len: round trip differs\n";
        }
    }
}
echo "$cases cases, $bad bad\n";
?>
--EXPECT--
284 cases, 0 bad
