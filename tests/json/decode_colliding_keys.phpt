--TEST--
jsond_decode: object keys made to collide in PHP's hash, repeated or not, decode in time linear in their number, to what json_decode() gives
--EXTENSIONS--
zser
--SKIPIF--
<?php
// the debug engine's zend_hash_add_new() looks each key up first (to assert it is new), so
// building any table of colliding keys is quadratic there, whatever the caller does
if (ZEND_DEBUG_BUILD) die('skip the time measured is the debug engine\'s own lookups');
?>
--FILE--
<?php
// Keys of "Ez" and "FY" blocks all have one PHP string hash, and integer keys that are
// multiples of 2^20 share a slot of PHP's table: looking each key up before inserting it walks
// all those before it (json_decode() takes quadratic time). jsond_decode() finds repeated keys
// of a large object without such lookups, so these cost about what ordinary keys of the same
// length cost. json_decode() itself is run only on the ordinary keys, which it decodes fast.
$n = 16384;
$colliding = [];
$plain = [];
$intColliding = [];
$intPlain = [];
for ($i = 0; $i < $n; $i++) {
    $s = '';
    for ($b = 0; $b < 14; $b++) {
        $s .= ($i >> $b) & 1 ? 'Ez' : 'FY';
    }
    $colliding[] = $s;
    $plain[] = sprintf('p%027d', $i);
    $intColliding[] = (string)(($i + 8192) << 20);
    $intPlain[] = (string)($i + 8589934592);
}

// The object's text: every key with its number, then the first 300 keys again with new
// values (a repeat keeps its first place and takes the last value).
function text(array $keys): string
{
    $parts = [];
    foreach ($keys as $i => $k) {
        $parts[] = '"' . $k . '":' . $i;
    }
    foreach (array_slice($keys, 0, 300) as $i => $k) {
        $parts[] = '"' . $k . '":' . ($i + 100000);
    }
    return '{' . implode(',', $parts) . '}';
}

// What the decode must give, checked without a PHP table lookup: keys in order, each value.
// An array holds a numeric key as an integer; an object's names stay strings (foreach gives
// them as they are, where get_object_vars() would build a new table).
function check(mixed $v, array $keys, bool $intKeys): bool
{
    $i = 0;
    foreach ($v as $k => $value) {
        if ($i === count($keys)) {
            return false;
        }
        $want = $intKeys && is_array($v) ? (int)$keys[$i] : $keys[$i];
        if ($k !== $want || $value !== ($i < 300 ? $i + 100000 : $i)) {
            return false;
        }
        $i++;
    }
    return $i === count($keys);
}

$cases = [
    'strings' => [$plain, $colliding, false],
    'integers' => [$intPlain, $intColliding, true],
];
foreach ($cases as $name => [$ordinary, $made, $intKeys]) {
    $ot = text($ordinary);
    $mt = text($made);
    foreach ([true, false] as $assoc) {
        // the ordinary keys give exactly what json_decode() gives
        $same = serialize(jsond_decode($ot, $assoc)) === serialize(json_decode($ot, $assoc));
        $ok = check(jsond_decode($ot, $assoc), $ordinary, $intKeys)
            && check(jsond_decode($mt, $assoc), $made, $intKeys);
        echo "$name, assoc ", var_export($assoc, true), ': ', $same ? 'same' : 'DIFFERENT', ', ',
            $ok ? 'right' : 'WRONG', "\n";
    }
}

// Best of three each, so a busy machine does not decide.
function best(string $json, bool $assoc): float
{
    $t = INF;
    for ($r = 0; $r < 3; $r++) {
        $start = hrtime(true);
        jsond_decode($json, $assoc);
        $t = min($t, hrtime(true) - $start);
    }
    return $t;
}
foreach ($cases as $name => [$ordinary, $made]) {
    foreach ([true, false] as $assoc) {
        $ratio = best(text($made), $assoc) / best(text($ordinary), $assoc);
        echo "$name, assoc ", var_export($assoc, true), ': ',
            $ratio < 20 ? 'linear' : "quadratic: ratio $ratio", "\n";
    }
}
?>
--EXPECT--
strings, assoc true: same, right
strings, assoc false: same, right
integers, assoc true: same, right
integers, assoc false: same, right
strings, assoc true: linear
strings, assoc false: linear
integers, assoc true: linear
integers, assoc false: linear
