--TEST--
zser_unserialize() inside Serializable::unserialize(): depth counts on from the outer call's (max_depth, unserialize_max_depth) and allowed_classes is each call's own, as with unserialize()
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_nested.inc';

class Deep implements Serializable
{
    public static $opts = [];
    public $o;
    public function __construct($o = null) { $this->o = $o; }
    public function serialize() { return bin_nested_ser($this->o); }
    public function unserialize($d) { $this->o = bin_nested_unser($d, self::$opts); }
}

function nest(mixed $v, int $n): mixed
{
    for ($i = 0; $i < $n; $i++) {
        $v = [$v];
    }
    return $v;
}

function unnest(mixed $v): mixed
{
    while (is_array($v)) {
        $v = $v[0];
    }
    return $v;
}

/** [outer result is false, nested result is false] on both paths, and whether they agree. */
function depth_case(string $label, int $outer, int $inner, array $outerOpts, array $innerOpts): void
{
    $res = [];
    foreach ([false, true] as $zser) {
        $GLOBALS['bin_nested_zser'] = $zser;
        Deep::$opts = $innerOpts;
        $s = bin_nested_ser(nest(new Deep(nest(1, $inner)), $outer));
        $r = @bin_nested_unser($s, $outerOpts);
        $res[] = $r === false ? 'outer false' : (unnest($r)->o === false ? 'nested false' : 'ok');
    }
    echo $label, ': ', $res[0] === $res[1] ? $res[0] : "DIFFERENT: {$res[0]} / {$res[1]}", "\n";
}

depth_case('128 + 129 levels, max_depth 256', 128, 129, ['max_depth' => 256], []);
depth_case('128 + 128 levels, max_depth 256', 128, 128, ['max_depth' => 256], []);
depth_case('127 + 129 levels, max_depth 256', 127, 129, ['max_depth' => 256], []);
depth_case('256 levels in the outer call, 1 inside', 256, 1, ['max_depth' => 256], []);
depth_case('the nested call gives its own max_depth 10: 10 levels', 128, 10, ['max_depth' => 256], ['max_depth' => 10]);
depth_case('the nested call gives its own max_depth 10: 11 levels', 128, 11, ['max_depth' => 256], ['max_depth' => 10]);
ini_set('unserialize_max_depth', '100');
depth_case('unserialize_max_depth 100: 50 + 50', 50, 50, [], []);
depth_case('unserialize_max_depth 100: 50 + 51', 50, 51, [], []);
depth_case('unserialize_max_depth 100, outer max_depth 300: 150 + 150', 150, 150, ['max_depth' => 300], []);
depth_case('unserialize_max_depth 100, nested max_depth 300: 150 + 150', 150, 150, [], ['max_depth' => 300]);
ini_restore('unserialize_max_depth');

// The warning of a nested call that went too deep: its own, at its own offset.
$GLOBALS['bin_nested_zser'] = true;
Deep::$opts = [];
$r = zser_unserialize(zser_serialize(nest(new Deep(nest(1, 3)), 3)), ['max_depth' => 5]);
var_dump(unnest($r)->o);
Deep::$opts = ['throw_on_error' => true];
try {
    zser_unserialize(zser_serialize(nest(new Deep(nest(1, 3)), 3)), ['max_depth' => 5]);
} catch (ZserException $e) {
    echo get_class($e), ' ', $e->getCode() === ZserException::DEPTH ? 'DEPTH' : $e->getCode(), ': ', $e->getMessage(), "\n";
}

// allowed_classes is each call's own: a nested call without it allows every class.
foreach ([[], ['allowed_classes' => true]] as $innerOpts) {
    $res = [];
    foreach ([false, true] as $zser) {
        $GLOBALS['bin_nested_zser'] = $zser;
        Deep::$opts = $innerOpts;
        $r = bin_nested_unser(bin_nested_ser(new Deep([new NestWake(1)])), ['allowed_classes' => ['Deep']]);
        $res[] = get_class($r->o[0]);
        Deep::$opts = $innerOpts ? ['allowed_classes' => false] : [];
        $r = bin_nested_unser(bin_nested_ser(new Deep([new NestWake(1)])), $innerOpts);
        $res[count($res) - 1] .= ', ' . get_class($r->o[0]);
    }
    echo json_encode($innerOpts), ': ', $res[0] === $res[1] ? $res[0] : "DIFFERENT: {$res[0]} / {$res[1]}", "\n";
}
?>
--EXPECTF--
128 + 129 levels, max_depth 256: nested false
128 + 128 levels, max_depth 256: ok
127 + 129 levels, max_depth 256: ok
256 levels in the outer call, 1 inside: nested false
the nested call gives its own max_depth 10: 10 levels: ok
the nested call gives its own max_depth 10: 11 levels: nested false
unserialize_max_depth 100: 50 + 50: ok
unserialize_max_depth 100: 50 + 51: nested false
unserialize_max_depth 100, outer max_depth 300: 150 + 150: ok
unserialize_max_depth 100, nested max_depth 300: 150 + 150: outer false

Warning: zser_unserialize(): maximum depth exceeded at offset 5 of 7 bytes in %s on line %d
bool(false)
ZserException DEPTH: maximum depth exceeded at offset 5 of 7 bytes
[]: NestWake, NestWake
{"allowed_classes":true}: NestWake, __PHP_Incomplete_Class
