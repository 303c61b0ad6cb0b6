--TEST--
zser_unserialize() with read_legacy: igbinary data (versions 2 and 1) reads as igbinary_unserialize() reads it; refused when allowed_classes restricts classes; checked under max_depth first
--EXTENSIONS--
zser
igbinary
--INI--
error_reporting=E_ALL & ~E_DEPRECATED
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Pt { public $x = 1; protected $y = [2]; private $z = 'z'; }
class Ser implements Serializable {
    public $d;
    function serialize() { return "payload"; }
    function unserialize($s) { $this->d = $s; }
}
class Data { public $k = 1; function __serialize(): array { return [7, 'k' => $this->k]; } function __unserialize(array $a): void { $this->k = $a; } }
enum Suit: string { case Hearts = 'h'; }
$o = new Pt;
$v = ['o' => $o, 'same' => $o, 's' => new Ser, 'd' => new Data, 'e' => Suit::Hearts,
    'f' => [-0.0, NAN, INF, 0.1], "\xff" => "\x00\xfe", 7 => [[[1]]]];
$v['r'] = [1, 2];
$v['r2'] = &$v['r'];
$legacy = ['read_legacy' => true];
$ig = igbinary_serialize($v);
$z = zser_unserialize($ig, $legacy);
var_dump(bin_dump($z) === bin_dump(igbinary_unserialize($ig)));
var_dump(serialize($z) === serialize(igbinary_unserialize($ig)));
// a version 1 header is read too (igbinary itself reads both)
$ig1 = "\0\0\0\1" . substr(igbinary_serialize(['a' => 1, 'b' => [true, null]]), 4);
var_dump(zser_unserialize($ig1, $legacy) === igbinary_unserialize($ig1));
// null is a value, not a failure
var_dump(zser_unserialize(igbinary_serialize(null), $legacy));
// allowed_classes that restricts anything is refused (igbinary cannot apply it); true is not
foreach ([['allowed_classes' => false], ['allowed_classes' => ['pt']], ['allowed_classes' => true]] as $opts) {
    $r = bin_run(fn () => zser_unserialize($ig, $legacy + $opts));
    echo gettype($r['value']), ' ', implode("\n", $r['diag']), "\n";
}
// corrupt: zser's igbinary reader names the fault and its offset; igbinary is not called
foreach ([substr($ig, 0, 10), $ig . "\x00", "\0\0\0\2\x99"] as $bad) {
    $r = bin_run(fn () => zser_unserialize($bad, $legacy));
    var_dump($r['value']);
    echo implode("\n", $r['diag']), "\n";
}
// max_depth applies to the check (igbinary has no limit of its own)
$r = bin_run(fn () => zser_unserialize(igbinary_serialize([[[1]]]), $legacy + ['max_depth' => 2]));
var_dump($r['value']);
echo implode("\n", $r['diag']), "\n";
var_dump(zser_unserialize(igbinary_serialize([[[1]]]), $legacy + ['max_depth' => 3]) === [[[1]]]);
// off by default
$r = bin_run(fn () => zser_unserialize($ig));
echo implode("\n", $r['diag']), "\n";
// throw_on_error: ZserException with the code
foreach ([substr($ig, 0, 10), $ig] as $i => $bad) {
    try {
        zser_unserialize($bad, $legacy + ['throw_on_error' => true] + ($i ? ['allowed_classes' => []] : []));
    } catch (ZserException $e) {
        echo $e->getCode() === ($i ? ZserException::LEGACY_REFUSED : ZserException::INVALID_LEGACY_DATA) ? 'code ok' : 'code ' . $e->getCode(), ': ', $e->getMessage(), "\n";
    }
}
?>
--EXPECTF--
bool(true)
bool(true)
bool(true)
NULL
boolean 2: unserialize(): igbinary data not read (igbinary cannot restrict classes, and allowed_classes is set) at offset 0 of %d bytes
boolean 2: unserialize(): igbinary data not read (igbinary cannot restrict classes, and allowed_classes is set) at offset 0 of %d bytes
array 
bool(false)
2: unserialize(): invalid igbinary data (count exceeds input) at offset 6 of 10 bytes
bool(false)
2: unserialize(): invalid igbinary data (%s) at offset %d of %d bytes
bool(false)
2: unserialize(): invalid igbinary data (%s) at offset 4 of 5 bytes
bool(false)
2: unserialize(): invalid igbinary data (maximum depth exceeded) at offset %d of %d bytes
bool(true)
2: unserialize(): not a zser blob at offset 0 of %d bytes
code ok: invalid igbinary data (count exceeds input) at offset 6 of 10 bytes
code ok: igbinary data not read (igbinary cannot restrict classes, and allowed_classes is set) at offset 0 of %d bytes
