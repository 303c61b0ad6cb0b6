--TEST--
jsond_encode_to_stream(): a 50 MB text built from repeated small parts streams in bounded memory
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
// 60 000 rows that share their strings: the value itself is small, its text is not
$row = ['id' => 1, 'name' => str_repeat('n', 100), 'list' => [1.5, true, null, 'x/y'], 'o' => ['k' => str_repeat('é', 100)]];
$value = ['rows' => array_fill(0, 60000, $row)];
$path = tempnam(sys_get_temp_dir(), 'zser-stream');
$f = fopen($path, 'w');
$before = memory_get_usage();
memory_reset_peak_usage();
$n = jsond_encode_to_stream($value, $f, JSON_PRETTY_PRINT);
$peak = memory_get_peak_usage() - $before;
fclose($f);
$size = filesize($path);
var_dump($n === $size, $size > 50_000_000);
// the buffer is 64 KiB plus one element: well under a megabyte, against a 50 MB text
var_dump($peak < 1_000_000);
if ($peak >= 1_000_000) echo "peak: $peak\n";
// the text is jsond_encode()'s, compared in slices to keep this test's own memory low
$want = json_encode($value, JSON_PRETTY_PRINT);
$f = fopen($path, 'r');
$same = true;
for ($at = 0; $at < strlen($want) && $same; $at += 1 << 20) {
    $same = fread($f, 1 << 20) === substr($want, $at, 1 << 20);
}
var_dump($same, feof($f) || fread($f, 1) === '');
fclose($f);
unlink($path);
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
