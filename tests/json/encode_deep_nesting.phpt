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
// give what json_encode gives for any nesting past the limit.
$a = [];
for ($i = 0; $i < 1000000; $i++) {
    $a = [$a];
}
var_dump(jsond_encode($a), jsond_last_error() === JSON_ERROR_DEPTH, jsond_last_error_msg());
$out = jsond_encode($a, JSON_PARTIAL_OUTPUT_ON_ERROR);
var_dump(strlen($out), jsond_last_error() === JSON_ERROR_DEPTH, $out === str_repeat('[', 1000001) . str_repeat(']', 1000001));
var_dump(strlen(jsond_encode($a, 0, 2000000)));
// PHP frees nested arrays recursively: unwind them from the outside in.
while ($a) {
    $a = $a[0];
}
echo "done\n";
?>
--EXPECT--
10000 deep: ok (6 cases)
bool(false)
bool(true)
string(28) "Maximum stack depth exceeded"
int(2000002)
bool(true)
bool(true)
int(2000002)
done
