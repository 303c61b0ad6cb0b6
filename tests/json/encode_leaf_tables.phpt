--TEST--
jsond_encode: tables of scalars and strings only, which are written without a frame of their own, inside lists, maps and objects: at 32 and 33 elements, at the depth limit and one below it, with empty arrays inside, holes, keys and strings that need escaping or are invalid UTF-8, long strings, INF and NAN, floats under both serialize_precision values, mangled property names, and the same tables holding one array or a reference
--EXTENSIONS--
zser
--INI--
serialize_precision=-1
--FILE--
<?php
require __DIR__ . '/../inc/encode_compare.php';
function leaves(): array
{
    $holes = [1, 2, 3, 4];
    unset($holes[1]);
    $x = 7;
    $mangled = (object) ["\0A\0priv" => 1, "\0*\0prot" => 2, 'pub' => 3, "\0" => 4];
    $leaves = [
        [1, 2], ['a' => 1, 'b' => null, 'c' => true, 'd' => false, 'e' => 'str', 'f' => 1.5],
        range(1, 32), range(1, 33), array_fill_keys(range(1, 32), 'v'),
        array_combine(array_map(fn ($i) => "k$i", range(1, 33)), range(1, 33)),
        $holes, [5 => 'a', 6 => 'b'], ['x' => [], 'y' => []], [[], [], 1],
        ['a/b', "\u{e9}", "<tag & 'q'>", "line\nbreak", "\u{2028}"], ["a/b" => 1, "\u{e9}" => 2, "q\"" => 3],
        ["ok", "bad \xff utf-8", "after"], ["k\xff" => 1, 'n' => 2],
        [str_repeat('long ', 20), 'short'], ['12', '1.5', '1e3', ' 7', 'x'],
        [INF, 1], [1, NAN, 'after'], ["bad \xff", INF], [NAN, "bad \xff"], [0.1, 1.0, -0.0, 1e100, 5e-324, 3.0],
        (object) ['a' => 1, 'b' => 'two', 'c' => []], $mangled, (object) [],
        [1, [2]], ['a' => 1, 'r' => &$x], [1, new ArrayObject([1])],
    ];
    return $leaves;
}
$values = [];
foreach (leaves() as $leaf) {
    $values[] = [$leaf];
    $values[] = ['k' => $leaf, 'after' => 1];
    $values[] = (object) ['o' => $leaf];
    $values[] = [[[$leaf, $leaf]]];
}
$flags = enc_flag_subsets([JSON_FORCE_OBJECT, JSON_PARTIAL_OUTPUT_ON_ERROR, JSON_NUMERIC_CHECK,
    JSON_PRESERVE_ZERO_FRACTION, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE]);
enc_check('leaves', $values, $flags, [0, 1, 2, 3, 4, 5, 512]);
ini_set('serialize_precision', '17');
enc_check('leaves, precision 17', $values, [0, JSON_PRESERVE_ZERO_FRACTION], [512]);
enc_check('leaves, pretty', $values, [JSON_PRETTY_PRINT], [512]);
?>
--EXPECT--
leaves: ok (24192 cases)
leaves, precision 17: ok (216 cases)
leaves, pretty: ok (108 cases)
