--TEST--
jsond_encode: very deep nesting costs heap, never C stack
--EXTENSIONS--
zser
--INI--
memory_limit=-1
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
// Deep enough to matter, shallow enough for json_encode itself (it recurses in C).
$a = [];
for ($i = 0; $i < 10000; $i++) {
    $a = [$a];
}
enc_check('10000 deep', [$a], [0, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_PRETTY_PRINT], [512, 20000]);

// One million levels: json_encode would overflow the C stack here, jsond_encode must
// give what json_encode gives for any nesting past the limit. Under valgrind
// (tools/memcheck.sh) a million levels take hours, so it sets a smaller depth that is
// still far past both limits; the checks are the same.
$levels = (int)(getenv('ZSER_TEST_DEEP_LEVELS') ?: 1000000);
echo $levels >= 20000 ? "deep enough\n" : "too shallow: $levels\n";
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
10000 deep: ok (6 cases)
deep enough
bool(false)
bool(true)
string(28) "Maximum stack depth exceeded"
bool(true)
bool(true)
bool(true)
bool(true)
int(0)
done
