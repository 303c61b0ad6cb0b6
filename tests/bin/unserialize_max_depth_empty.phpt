--TEST--
zser_unserialize() max_depth counts nesting like unserialize(): an empty array is not a level
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
// unserialize() enters a level only for a container with elements; [[[]]] is two levels deep.
$kinds = ['empty leaf', 'empty lists and maps'];
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
            'empty leaf', 'empty lists and maps' => [],
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
        case 'empty lists and maps':
            return $d % 2 ? [[], $inner, []] : ['e' => [], 'i' => $inner];
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
empty leaf: 63 combinations, 0 mismatches
empty lists and maps: 63 combinations, 0 mismatches

Warning: zser_unserialize(): %s offset %d%s in %s on line %d
bool(false)
