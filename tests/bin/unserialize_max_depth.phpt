--TEST--
zser_unserialize() max_depth option: accepts and refuses exactly the nestings unserialize() does, failing with one warning
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
class Node { public $c; }
class Packed
{
    public $c;
    public function __serialize(): array { return ['c' => $this->c]; }
    public function __unserialize(array $d): void { $this->c = $d['c']; }
}
function build(string $kind, int $d): mixed
{
    if ($d === 0) {
        return match ($kind) {
            'empty leaf' => [],
            'empty object leaf' => new stdClass,
            default => 'leaf',
        };
    }
    $inner = build($kind, $d - 1);
    switch ($kind) {
        case 'objects':
            $n = new Node;
            $n->c = $inner;
            return $n;
        case '__serialize objects':
            $n = new Packed;
            $n->c = $inner;
            return $n;
        case 'objects and maps':
            if ($d % 2) {
                $n = new Node;
                $n->c = $inner;
                return $n;
            }
            return ['k' => $inner];
        case 'wide':
            return [1, 2, $inner, 'x' => [$inner]];
        default:
            return [$inner];
    }
}
foreach ($kinds ?? ['lists', 'empty object leaf', 'objects', '__serialize objects', 'objects and maps', 'wide'] as $kind) {
    $bad = 0;
    $n = 0;
    for ($d = 0; $d <= 6; $d++) {
        $v = build($kind, $d);
        $ser = serialize($v);
        $blob = zser_serialize($v);
        for ($k = 0; $k <= 8; $k++) {
            $n++;
            $r = bin_run(fn () => unserialize($ser, ['max_depth' => $k]));
            $z = bin_run(fn () => zser_unserialize($blob, ['max_depth' => $k]));
            $rOk = $r['value'] !== false;
            $zOk = $z['value'] !== false || ($z['diag'] === [] && $z['ex'] === null);
            $problem = null;
            if ($rOk !== $zOk) {
                $problem = $rOk ? 'zser refused' : 'zser accepted';
            } elseif ($rOk && bin_dump($r['value']) !== bin_dump($z['value'])) {
                $problem = 'values differ';
            } elseif (!$zOk && (count($z['diag']) !== 1 || !str_starts_with($z['diag'][0], E_WARNING . ':') || $z['ex'] !== null)) {
                $problem = 'failure is not one warning: ' . implode(' | ', $z['diag']) . $z['ex'];
            }
            if ($problem !== null && ++$bad <= 5) {
                echo "$kind, depth $d, max_depth $k: $problem\n";
            }
        }
    }
    echo "$kind: $n combinations, $bad mismatches\n";
}
// The warning names a depth problem and an offset.
var_dump(zser_unserialize(zser_serialize([[[1]]]), ['max_depth' => 1]));
?>
--EXPECTF--
lists: 63 combinations, 0 mismatches
empty object leaf: 63 combinations, 0 mismatches
objects: 63 combinations, 0 mismatches
__serialize objects: 63 combinations, 0 mismatches
objects and maps: 63 combinations, 0 mismatches
wide: 63 combinations, 0 mismatches

Warning: zser_unserialize(): %s offset %d%s in %s on line %d
bool(false)
