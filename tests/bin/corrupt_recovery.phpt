--TEST--
zser after 1,000 failing zser_unserialize() calls: the process still works and memory does not grow
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_magic.inc';
$v = ['list' => [1, 2.5, 'three'], 'obj' => new MagicWakeup('r', [1]), 'ser' => new MagicSerialize('s', ['x']),
      'ao' => new ArrayObject([1, 2])];
$blob = zser_serialize($v);
$bad = [];
for ($i = 1; $i < strlen($blob); $i++) {
    $bad[] = substr($blob, 0, $i);
}
$bad[] = $blob . 'x';
// A failure still runs the __wakeup/__unserialize of the objects complete before it, as
// unserialize() does, unless an exception is pending: with throw_on_error none runs.
function fail_many(array $bad, int $n, int &$thrownCalls): int
{
    $warnings = 0;
    set_error_handler(function ($no) use (&$warnings) { $warnings += ($no === E_WARNING); return true; });
    for ($i = 0; $i < $n; $i++) {
        zser_unserialize($bad[$i % count($bad)]);
        bin_log_take();
        try {
            zser_unserialize($bad[$i % count($bad)], ['throw_on_error' => true]);
        } catch (ZserException $e) {
        }
        $thrownCalls += count(array_filter(bin_log_take(), fn ($l) => !str_starts_with($l, 'destruct ')));
    }
    restore_error_handler();
    return $warnings;
}
$thrownCalls = 0;
fail_many($bad, 1000, $thrownCalls); // warm-up: first-time allocations (class tables, caches)
gc_collect_cycles();
bin_log_take();
$thrownCalls = 0;
$before = memory_get_usage();
$warnings = fail_many($bad, 1000, $thrownCalls);
gc_collect_cycles();
$after = memory_get_usage();
echo "warnings: $warnings\n";
echo "queued calls run by throw_on_error failures: $thrownCalls\n";
echo 'memory growth under 4 KB: ', var_export($after - $before < 4096, true), "\n";
// The next calls behave: a valid round trip is still exact, errors are still reported.
require_once __DIR__ . '/../inc/bin_compare.inc';
bin_same($v, 'round trip after failures');
bin_log_take();
set_error_handler(function ($no, $str) { echo "[$no] ", preg_replace('/offset \d+.*/', 'offset N', $str), "\n"; return true; });
var_dump(zser_unserialize(substr($blob, 0, 3)));
restore_error_handler();
?>
--EXPECTF--
warnings: 1000
queued calls run by throw_on_error failures: 0
memory growth under 4 KB: true
round trip after failures: ok
[2] zser_unserialize(): %s offset N
bool(false)
