--TEST--
zser_unserialize: a string value equal to a key of a map copied from a remembered template shares the template's key string, also for keys the request's key cache does not keep (too long) or has since dropped for others
--EXTENSIONS--
zser
--FILE--
<?php
// Keys made at run time, so that no interned string of the script stands in for them: one
// short, one longer than the key cache keeps (each decode makes such a key anew).
$suffix = chr(0xC3) . chr(0xA9);
$key = 'k' . $suffix;
$other = 'o' . str_repeat($suffix, 20) . 'x';
$rows = [];
for ($i = 0; $i < 12; $i++) {
    // the value of 'tag' is a key's bytes in two rows only: written as a reference to the
    // key's string, held by no other value
    $rows[] = [$key => $i, $other => -$i, 'tag' => $i === 5 ? $key : ($i === 8 ? $other : 'none')];
}
$blob = zser_serialize($rows);

// many short keys of their own, which take the key cache's slots
$churn = [];
for ($i = 0; $i < 2000; $i++) {
    $churn['c' . dechex($i * 7919 % 65536) . $suffix] = $i;
}
$churnBlob = zser_serialize($churn);

function sharing(mixed $v): string
{
    ob_start();
    debug_zval_dump($v);
    return preg_replace('/refcount\((?!1\))\d+\)/', 'shared', ob_get_clean());
}

$dumps = [];
for ($call = 0; $call < 4; $call++) {
    $v = zser_unserialize($blob);
    var_dump($v === $rows);
    $dumps[] = sharing($v);
    unset($v);
    // between the calls, a decode whose keys push the rows' keys out of the key cache
    var_dump(count(zser_unserialize($churnBlob)));
}
// the first call, which makes the keys and the template, and the later ones, which copy the
// template, share the same strings
var_dump($dumps[0] === $dumps[1], $dumps[1] === $dumps[2], $dumps[2] === $dumps[3]);
// and the values share the keys' strings: no value holds one of its own
var_dump(preg_match('/string\(\d+\) "[ko]\S*" refcount\(1\)/', $dumps[3]));
?>
--EXPECT--
bool(true)
int(2000)
bool(true)
int(2000)
bool(true)
int(2000)
bool(true)
int(2000)
bool(true)
bool(true)
bool(true)
int(0)
