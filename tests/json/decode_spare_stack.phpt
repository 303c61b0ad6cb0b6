--TEST--
jsond_decode() keeps the value stack of a large decode for the next one, at most 1 MiB of it: memory after a decode stays within that bound, repeated decodes do not grow it, a larger stack is not kept, and the values equal json_decode()'s
--EXTENSIONS--
zser
--FILE--
<?php
// Measured in a child PHP with Zend MM, which it has also when this one runs without it
// (USE_ZEND_ALLOC=0, as under valgrind, where memory_get_usage() counts nothing).
$code = <<<'PHP'
$fits = '[' . implode(',', range(1, 60000)) . ']';     // a stack of 65,536 values: 1 MiB
$over = '[' . implode(',', range(1, 150000)) . ']';    // a stack that outgrows the bound
$nested = '[' . str_repeat('[1,{"a":[2,3]},', 5000) . '4' . str_repeat(']', 5000) . ']';
json_decode($nested, false, 20000); // the engine keeps some memory after freeing deep values
jsond_decode('{"ab":1}'); // the request's key cache (8 KiB), made by the first decode of a key
$m0 = memory_get_usage();
$v = jsond_decode($fits);
$same = $v === json_decode($fits);
unset($v);
$kept = memory_get_usage() - $m0;
for ($i = 0; $i < 5; $i++) {
    $v = jsond_decode($fits, true);
    $same = $same && $v === json_decode($fits, true);
    unset($v);
}
$again = memory_get_usage() - $m0;
$v = jsond_decode($over);
$same = $same && $v === json_decode($over);
unset($v);
$after_over = memory_get_usage() - $m0;
$v = jsond_decode($nested, false, 20000);
$same = $same && $v == json_decode($nested, false, 20000);
unset($v);
$v = jsond_decode('[1,2', true);
$same = $same && $v === null && jsond_last_error() === JSON_ERROR_SYNTAX;
$v = jsond_decode($fits);
$same = $same && count($v) === 60000;
unset($v);
$end = memory_get_usage() - $m0;
echo json_encode([$same, $kept, $again, $after_over, $end]);
PHP;
$ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
$env = getenv();
unset($env['USE_ZEND_ALLOC']);
$p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-d', 'memory_limit=512M', '-r', $code],
    [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
if (proc_close($p) !== 0 || !is_array($r = json_decode($out, true))) {
    echo "the child PHP failed: $out $err\n";
    exit;
}
[$same, $kept, $again, $afterOver, $end] = $r;
$bound = (1 << 20) + 4096; // the kept stack and its allocation header
echo 'values equal json_decode(): ', var_export($same, true), "\n";
echo 'kept after one decode: ', $kept > 0 && $kept <= $bound ? 'within 1 MiB' : "$kept bytes", "\n";
echo 'five more decodes add nothing: ', var_export($again === $kept, true), "\n";
echo 'a stack over the bound is not kept: ', $afterOver <= 4096 ? 'yes' : "$afterOver bytes", "\n";
echo 'after decodes of every kind: ', $end <= $bound ? 'within 1 MiB' : "$end bytes", "\n";
?>
--EXPECT--
values equal json_decode(): true
kept after one decode: within 1 MiB
five more decodes add nothing: true
a stack over the bound is not kept: yes
after decodes of every kind: within 1 MiB
