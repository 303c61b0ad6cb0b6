--TEST--
jsond_pointer_*: no values are built but the one asked for (peak memory counted, against jsond_decode() of the same text)
--EXTENSIONS--
zser
--SKIPIF--
<?php
// without Zend's allocator (memcheck runs) memory_get_usage() counts nothing
if (getenv('USE_ZEND_ALLOC') === '0') die('skip memory is not counted with USE_ZEND_ALLOC=0');
?>
--FILE--
<?php
$items = [];
for ($i = 0; $i < 20000; $i++) {
    $items[] = ['id' => $i, 'name' => "item $i", 'tags' => ['a', 'b'], 'price' => $i / 4];
}
$json = json_encode(['items' => $items, 'total' => 20000, 'last' => $items[19999]]);

// Peak bytes a call allocates beyond what it returns (the result is released first).
function peak(callable $f): int {
    gc_collect_cycles();
    memory_reset_peak_usage();
    $before = memory_get_usage();
    $r = $f();
    $peak = memory_get_peak_usage() - $before;
    unset($r);
    return $peak;
}
$decode = peak(fn() => jsond_decode($json));
$get = peak(fn() => jsond_pointer_get($json, '/items/15000/name'));
$getObj = peak(fn() => jsond_pointer_get($json, '/last', true));
$count = peak(fn() => jsond_pointer_count($json, '/items'));
$countObj = peak(fn() => jsond_pointer_count($json, '/items/7'));
$exists = peak(fn() => jsond_pointer_exists($json, '/items/20000'));
var_dump(jsond_pointer_get($json, '/items/15000/name'), jsond_pointer_count($json, '/items'));
// the full decode holds the whole tree: megabytes
var_dump($decode > 8 * 1024 * 1024);
// the reads hold a few small blocks at most, whatever the size of the text around them
var_dump($get < 1024, $getObj < 4096, $count < 1024, $countObj < 4096, $exists < 1024);
?>
--EXPECT--
string(10) "item 15000"
int(20000)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
