--TEST--
jsond_decode: object keys made to collide in PHP's hash, repeated or not, decode to what json_decode() gives
--EXTENSIONS--
zser
--FILE--
<?php
// Keys of "Ez" and "FY" blocks all have one PHP string hash, and integer keys that are
// multiples of 2^20 share a slot of PHP's table: looking each key up before inserting it walks
// all those before it (json_decode() takes quadratic time). jsond_decode() finds repeated keys
// of a large object without such lookups, sorting them once the probes pass their bound; the
// linear CI stage (tests/linear/colliding.php) counts what that costs against ordinary keys.
// json_decode() itself is run only on the ordinary keys, which it decodes fast. 4,096 keys are
// far past the bound, and few enough for a debug engine, whose zend_hash_add_new() looks every
// key up (quadratic there for any table of colliding keys, whatever the caller does).
$n = 4096;
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

?>
--EXPECT--
strings, assoc true: same, right
strings, assoc false: same, right
integers, assoc true: same, right
integers, assoc false: same, right
