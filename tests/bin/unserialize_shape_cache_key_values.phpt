--TEST--
zser_unserialize: a string value equal to an array key shares the key's string on every call, also once the shape's template is remembered between calls
--EXTENSIONS--
zser
--FILE--
<?php
// Rows whose keys are also words of their values ("id" as a tag): the first call makes the
// keys' strings and the equal values share them; later calls copy the rows from a template
// remembered with the shape, and the values must still share the keys' strings, not get a
// string each (which costs memory igbinary_unserialize() does not spend).
$rows = [];
for ($i = 0; $i < 12; $i++) {
    $rows[] = ['id' => $i, 'kind' => 'order', 'tags' => $i % 3 ? ['id', 'kind'] : ['kind']];
}
$blob = zser_serialize($rows);

$dumps = [];
for ($call = 0; $call < 3; $call++) {
    $v = zser_unserialize($blob);
    var_dump($v === $rows);
    ob_start();
    debug_zval_dump($v);
    $dumps[] = ob_get_clean();
    unset($v);
}
// the same strings, shared the same way, on every call
var_dump($dumps[0] === $dumps[1], $dumps[1] === $dumps[2]);
// "id" and "kind" are names of this script (interned): no value holds a string of its own
var_dump(preg_match_all('/string\(2\) "id" interned/', $dumps[2]), preg_match_all('/string\(4\) "kind" interned/', $dumps[2]));
var_dump(preg_match('/string\(\d+\) "(id|kind)" refcount/', $dumps[2]));
?>
--EXPECT--
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
int(8)
int(12)
int(0)
