--TEST--
jsond_encode: very deep nesting costs heap, never C stack
--EXTENSIONS--
zser
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
// One million levels by default. Under valgrind (tools/memcheck.sh) that takes hours, so it
// sets ZSER_TEST_DEEP_LEVELS to a smaller depth that is still far past every limit checked
// here; the checks are the same.
$levels = (int)(getenv('ZSER_TEST_DEEP_LEVELS') ?: 1000000);
echo $levels >= 20000 ? "deep enough\n" : "too shallow: $levels\n";

// Compared with json_encode at a hundredth of that depth (10,000 by default): deep enough to
// matter, shallow enough for json_encode itself (it recurses in C).
$cmp = intdiv($levels, 100);
$a = [];
for ($i = 0; $i < $cmp; $i++) {
    $a = [$a];
}
enc_check('compared with json_encode', [$a], [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT],
    [512, 2 * $cmp]);

// json_encode would overflow the C stack here; jsond_encode must give what json_encode gives
// for any nesting past the limit.
$a = [];
for ($i = 0; $i < $levels; $i++) {
    $a = [$a];
}
var_dump(jsond_encode($a), jsond_last_error() === JSON_ERROR_DEPTH, jsond_last_error_msg());
$out = jsond_encode($a, JSON_PARTIAL_OUTPUT_ON_ERROR);
var_dump(strlen($out) === 2 * ($levels + 1), jsond_last_error() === JSON_ERROR_DEPTH,
    $out === str_repeat('[', $levels + 1) . str_repeat(']', $levels + 1));
var_dump(strlen(jsond_encode($a, 0, 2 * $levels)) === 2 * ($levels + 1), jsond_last_error());
// PHP frees nested arrays recursively: unwind them from the outside in.
while ($a) {
    $a = $a[0];
}
echo "done\n";
?>
--EXPECT--
deep enough
compared with json_encode: ok (6 cases)
bool(false)
bool(true)
string(28) "Maximum stack depth exceeded"
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
done
