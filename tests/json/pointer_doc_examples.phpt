--TEST--
docs/JSON-POINTER.md: every PHP example prints the text block that follows it
--EXTENSIONS--
zser
--FILE--
<?php
$page = file_get_contents(__DIR__ . '/../../docs/JSON-POINTER.md');
preg_match_all('/^```(php|text)\n(.*?)^```$/ms', $page, $m, PREG_SET_ORDER);
$n = 0;
foreach ($m as $i => [, $kind, $body]) {
    if ($kind !== 'php' || !str_starts_with($body, '<?php')) {
        continue; // the signatures block is not an example
    }
    $n++;
    if (($m[$i + 1][1] ?? '') !== 'text') {
        echo "example $n has no text block after it\n";
        continue;
    }
    $file = tempnam(sys_get_temp_dir(), 'zser-doc');
    file_put_contents($file, $body);
    ob_start();
    (static function () use ($file) { include $file; })();
    $got = ob_get_clean();
    unlink($file);
    if (rtrim($got, "\n") !== rtrim($m[$i + 1][2], "\n")) {
        echo "example $n printed:\n$got\n";
    }
}
echo "$n examples\n";
?>
--EXPECT--
10 examples
