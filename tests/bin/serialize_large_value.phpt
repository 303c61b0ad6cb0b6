--TEST--
zser_serialize: values whose output passes a few hundred KB (strings looked ahead, large string table) round-trip and stay canonical
--EXTENSIONS--
zser
--FILE--
<?php
// Past a few hundred KB of output the encoder asks for elements ahead of the one it writes,
// and its string table grows to tens of thousands of entries. Neither may change the bytes:
// a copy of the value with no string shared gives the same blob, and every string repeated
// is written once.
final class Row
{
    public function __construct(public string $sku, public array $tags, public ?Row $prev)
    {
    }
}

mt_srand(7);
$rows = [];
$prev = null;
for ($i = 0; $i < 12000; $i++) {
    $title = sprintf('title %d %s', $i, str_repeat(chr(97 + $i % 26), $i % 40));
    $row = [
        'id' => (string)$i,
        'title' => $title,
        'again' => $title,
        'price' => sprintf('%d.%02d', mt_rand(0, 99), mt_rand(0, 99)),
        'n' => $i,
        'f' => $i / 7,
        'list' => [$i, "x$i", null, true],
    ];
    if ($i % 5 === 0) {
        $prev = new Row("SKU-$i", ['a', "t$i"], $prev);
        $row['obj'] = $prev;
    }
    if ($i % 11 === 0) {
        $row['ref'] = &$row['n'];
    }
    $rows[] = $row;
    unset($row);
}

$z = zser_serialize($rows);
var_dump(strlen($z) > 512 * 1024);
var_dump(serialize(zser_unserialize($z)) === serialize($rows));

// equal input, equal bytes: the copy has its own string of every key and value
$copy = unserialize(serialize($rows));
var_dump(zser_serialize($copy) === $z);
var_dump(zser_serialize($rows) === $z);

// 30,000 distinct strings, each written three times: only the first is spelled out
$words = [];
for ($i = 0; $i < 30000; $i++) {
    $words[] = sprintf('%08x-%07d', crc32("w$i"), $i);
}
$three = array_merge($words, array_reverse($words), $words);
$zw = zser_serialize($three);
$spelled = 30000 * (1 + 16);
var_dump(strlen($zw) > $spelled, strlen($zw) < $spelled + 60000 * 4 + 16);
var_dump(zser_unserialize($zw) === $three);
var_dump(zser_serialize(unserialize(serialize($three))) === $zw);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
