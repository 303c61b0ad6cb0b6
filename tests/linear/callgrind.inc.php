<?php
// zser — SPDX-License-Identifier: MIT
//
// Counting work instead of timing it: runs a command under valgrind --tool=callgrind with
// collection switched on only inside one named function, and returns the instructions of each
// call of it (callgrind dumps a profile after each), userland callbacks and everything else the
// function calls included. Instruction counts do not depend on the machine's load, so a check
// built on them can use a narrow bound where a timed one needed a wide, still flaky, one.

// Runs $cmd (argv) under callgrind; $fn is the function measured (one per run: callgrind
// honours only the first --toggle-collect), $stdin what the command reads. Returns
// [instructions of each call of $fn in call order, stdout, stderr, exit status]; the list is
// null when a profile lacks its totals.
function callgrind_calls(array $cmd, string $fn, string $stdin = ''): array
{
    $dir = sys_get_temp_dir() . '/zser-callgrind-' . getmypid() . '-' . mt_rand();
    @mkdir($dir);
    $vg = ['valgrind', '--tool=callgrind', '--collect-atstart=no', "--toggle-collect=$fn",
        "--dump-after=$fn", '--dump-instr=no', '--compress-strings=no',
        "--callgrind-out-file=$dir/cg"];
    $in = "$dir/stdin";
    file_put_contents($in, $stdin);
    // stderr goes to a file, so that it cannot fill its pipe while stdout is read
    $proc = proc_open(array_merge($vg, $cmd), [0 => ['file', $in, 'r'], 1 => ['pipe', 'w'],
        2 => ['file', "$dir/stderr", 'w']], $pipes);
    $out = stream_get_contents($pipes[1]);
    $rc = proc_close($proc);
    $err = file_get_contents("$dir/stderr");
    unlink($in);
    unlink("$dir/stderr");

    // one profile per call, in call order: cg.1, cg.2, ...
    $instr = [];
    for ($i = 1; is_file("$dir/cg.$i"); $i++) {
        $text = file_get_contents("$dir/cg.$i");
        unlink("$dir/cg.$i");
        if (!preg_match('/^(?:summary|totals): (\d+)/m', $text, $m)) {
            $instr = null;
            continue;
        }
        if ($instr !== null) {
            $instr[] = (int)$m[1];
        }
    }
    @unlink("$dir/cg");
    @rmdir($dir);
    return [$instr, $out, $err, $rc];
}

// The PHP command that runs $script with the zser extension and no php.ini.
function callgrind_php(string $script, array $args = []): array
{
    $ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
    return array_merge([PHP_BINARY, '-n', '-d', "extension=$ext", $script], $args);
}
