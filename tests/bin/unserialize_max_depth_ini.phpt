--TEST--
zser_unserialize() takes its default depth limit from unserialize_max_depth, and the option overrides it, as unserialize()
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';
function nest(int $d): array
{
    $a = [1];
    for ($i = 1; $i < $d; $i++) {
        $a = [$a, 'k' => 2];
    }
    return $a;
}
$bad = 0;
$n = 0;
foreach ([1, 2, 3, 5, 10, 100, 4096] as $ini) {
    ini_set('unserialize_max_depth', (string)$ini);
    foreach ([1, 2, 3, 4, 5, 9, 10, 11, 99, 100, 101, 1000] as $d) {
        $v = nest($d);
        $ser = serialize($v);
        $blob = zser_serialize($v);
        foreach ([null, 0, 1, 3, 10, 200] as $opt) {
            $o = $opt === null ? [] : ['max_depth' => $opt];
            if ($opt === 0 && $d > 100) {
                continue;
            }
            $n++;
            $r = bin_run(fn () => unserialize($ser, $o));
            $z = bin_run(fn () => zser_unserialize($blob, $o));
            $rOk = $r['value'] !== false;
            $zOk = $z['value'] !== false;
            if ($rOk !== $zOk || ($zOk && $z['value'] !== $v) || (!$zOk && count($z['diag']) !== 1)) {
                if (++$bad <= 10) {
                    echo "ini $ini, depth $d, option ", var_export($opt, true), ': unserialize ', $rOk ? 'ok' : 'failed',
                        ', zser ', $zOk ? 'ok' : 'failed (' . implode(' | ', $z['diag']) . ')', "\n";
                }
            }
        }
    }
}
echo "$n combinations, $bad mismatches\n";
ini_restore('unserialize_max_depth');
var_dump(zser_unserialize(zser_serialize(nest(4096))) === nest(4096));
?>
--EXPECT--
490 combinations, 0 mismatches
bool(true)
