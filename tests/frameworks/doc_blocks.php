<?php
// Writes each ```php block of a Markdown page to DIR/exampleN.php and the ```text block that
// follows it to DIR/exampleN.txt; prints the number of examples. A php block without a text
// block after it is an error: every example states what it prints.
[, $page, $dir] = $argv;
preg_match_all('/^```(php|text)\n(.*?)^```$/ms', file_get_contents($page), $m, PREG_SET_ORDER);
$n = 0;
for ($i = 0; $i < count($m); $i++) {
    if ($m[$i][1] !== 'php') {
        continue;
    }
    if (($m[$i + 1][1] ?? '') !== 'text') {
        fwrite(STDERR, "example " . ($n + 1) . " has no text block after it\n");
        exit(1);
    }
    $n++;
    file_put_contents("$dir/example$n.php", $m[$i][2]);
    file_put_contents("$dir/example$n.txt", rtrim($m[$i + 1][2], "\n"));
}
echo $n, "\n";
