--TEST--
zser_unserialize() with read_legacy: serialize() data reads as unserialize() reads it (references, shared objects, Serializable, __serialize, enums, floats, binary strings), under the same allowed_classes and max_depth; off by default
--EXTENSIONS--
zser
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Pt { public $x = 1; protected $y = [2]; private $z = 'z'; public ?int $t = null; }
class Ser implements Serializable {
    public $d;
    function serialize() { return "payload\0"; }
    function unserialize($s) { $this->d = $s; }
}
class Data { public $k = 1; function __serialize(): array { return [7, 'k' => $this->k]; } function __unserialize(array $a): void { $this->k = $a; } }
enum Suit: string { case Hearts = 'h'; }
$o = new Pt;
$v = ['o' => $o, 'same' => $o, 's' => new Ser, 'd' => new Data, 'e' => Suit::Hearts, 'e2' => Suit::Hearts,
    'f' => [-0.0, NAN, INF, -INF, 0.1, 1e300], "\xff" => "\x00\xfe", 7 => [[[1]]]];
$v['r'] = 'shared';
$v['r2'] = &$v['r'];
$ser = serialize($v);

$legacy = ['read_legacy' => true];
// the value, diagnostics and exceptions of unserialize() with the same options
bin_same_decode('all kinds', $ser, $ser, $legacy);
bin_same_decode('allowed_classes list', $ser, $ser, $legacy + ['allowed_classes' => ['pt']]);
bin_same_decode('allowed_classes false', $ser, $ser, $legacy + ['allowed_classes' => false]);
// references and object identity, which var_dump() does not show
var_dump(serialize(zser_unserialize($ser, $legacy)) === serialize(unserialize($ser)));
// max_depth: PHP's own depth warning, then zser's failure
$r = bin_run(fn () => zser_unserialize($ser, $legacy + ['max_depth' => 2]));
var_dump($r['value']);
echo implode("\n", $r['diag']), "\n";
$r = bin_run(fn () => unserialize($ser, ['max_depth' => 2]));
echo implode("\n", $r['diag']), "\n";
// unserialize_max_depth applies when no max_depth is given, as for unserialize()
ini_set('unserialize_max_depth', '3');
$r = bin_run(fn () => zser_unserialize($ser, $legacy));
var_dump($r['value']);
ini_restore('unserialize_max_depth');
// scalars and the false that is a value, not an error
foreach (['b:0;', 'N;', 'i:-5;', 'd:0.5;', 's:3:"a"b";', 'E:11:"Suit:Hearts";'] as $s) {
    var_dump(zser_unserialize($s, $legacy) === unserialize($s));
}
// off by default, and read_legacy => false: not a zser blob, as always
foreach ([[], ['read_legacy' => false]] as $opts) {
    $r = bin_run(fn () => zser_unserialize($ser, $opts));
    var_dump($r['value']);
    echo implode("\n", $r['diag']), "\n";
}
// zser blobs read as always with the option on
var_dump(bin_dump(zser_unserialize(zser_serialize($v), $legacy)) === bin_dump(zser_unserialize(zser_serialize($v))));
?>
--EXPECTF--
all kinds: ok
allowed_classes list: ok
allowed_classes false: ok
bool(true)
bool(false)
2: unserialize(): Maximum depth of 2 exceeded. The depth limit can be changed using the max_depth unserialize() option or the unserialize_max_depth ini setting
2: unserialize(): invalid serialize() data at offset %d of %d bytes
2: unserialize(): Maximum depth of 2 exceeded. The depth limit can be changed using the max_depth unserialize() option or the unserialize_max_depth ini setting
%d: unserialize(): Error at offset %d of %d bytes
bool(false)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(true)
bool(false)
2: unserialize(): not a zser blob at offset 0 of %d bytes
bool(false)
2: unserialize(): not a zser blob at offset 0 of %d bytes
bool(true)
