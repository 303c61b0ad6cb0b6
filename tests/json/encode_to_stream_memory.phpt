--TEST--
jsond_encode_to_stream(): a text of tens of MB built from repeated small parts streams in bounded memory
--EXTENSIONS--
zser
--INI--
memory_limit=256M
--FILE--
<?php
// 60,000 rows that share their strings (about 50 MB of text): the value itself is small, its
// text is not. Under valgrind the json_encode() comparison alone passes run-tests' 300 s, so
// tools/memcheck.sh sets ZSER_TEST_STREAM_ROWS lower; 6,000 rows are still 5 MB, eighty times
// the buffer.
$rows = (int)(getenv('ZSER_TEST_STREAM_ROWS') ?: 60000);
echo $rows >= 6000 ? "long enough\n" : "too short: $rows rows\n";
$row = ['id' => 1, 'name' => str_repeat('n', 100), 'list' => [1.5, true, null, 'x/y'], 'o' => ['k' => str_repeat('é', 100)]];
$value = ['rows' => array_fill(0, $rows, $row)];
$path = tempnam(sys_get_temp_dir(), 'zser-stream');
$f = fopen($path, 'w');
$before = memory_get_usage();
memory_reset_peak_usage();
$n = jsond_encode_to_stream($value, $f, JSON_PRETTY_PRINT);
$peak = memory_get_peak_usage() - $before;
fclose($f);
$size = filesize($path);
// each row is over 830 bytes of text
var_dump($n === $size, $size > $rows * 830);
// the buffer is 64 KiB plus one element: well under a megabyte, against a text of 5 MB or more
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
long enough
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
