--TEST--
docs/COMPAT.md, "Comments and trailing commas": the example prints the text block that follows it
--EXTENSIONS--
zser
--FILE--
<?php
$page = file_get_contents(__DIR__ . '/../../docs/COMPAT.md');
$start = strpos($page, '### Comments and trailing commas');
$section = substr($page, $start, strpos($page, "\n## ", $start) - $start);
preg_match_all('/^```(php|text)\n(.*?)^```$/ms', $section, $m, PREG_SET_ORDER);
var_dump(count($m), $m[0][1], $m[1][1]);
$file = tempnam(sys_get_temp_dir(), 'zser-doc');
file_put_contents($file, $m[0][2]);
ob_start();
(static function () use ($file) { include $file; })();
$got = ob_get_clean();
unlink($file);
var_dump(rtrim($got, "\n") === rtrim($m[1][2], "\n"));
if (rtrim($got, "\n") !== rtrim($m[1][2], "\n")) {
    echo $got;
}
?>
--EXPECT--
int(2)
string(3) "php"
string(4) "text"
bool(true)
