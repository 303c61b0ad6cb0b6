--TEST--
zser_unserialize() on seeded random mutations of valid blobs: multi-byte changes, insertions, deletions, splices
--EXTENSIONS--
zser
--INI--
date.timezone=UTC
--FILE--
<?php
require __DIR__ . '/../inc/bin_corrupt.inc';
enum R { case A; case B; }
$r = [1];
$r[] = &$r[0];
$values = [
    ['id' => 1, 'tags' => ['a', 'b'], 'rows' => [['id' => 1, 'v' => 1.5], ['id' => 2, 'v' => -3]]],
    [new MagicWakeup('a', [1]), new MagicSerialize('b', 'x'), new MagicBoth('c'), R::B, $r],
    [new ArrayObject(['k' => new stdClass]), new DateTime('2020-02-02'), new SplFixedArray(2)],
];
$blobs = array_map('zser_serialize', $values);
$seed = (int)(getenv('ZSER_SEED') ?: 20261130);
mt_srand($seed);
$cases = function () use ($blobs) {
    for ($i = 0; $i < 3000; $i++) {
        $b = $blobs[mt_rand(0, count($blobs) - 1)];
        $n = strlen($b);
        switch (mt_rand(0, 5)) {
            case 0: // several random bytes
                for ($k = mt_rand(2, 4); $k > 0; $k--) {
                    $b[mt_rand(0, $n - 1)] = chr(mt_rand(0, 255));
                }
                break;
            case 1: // insert random bytes
                $p = mt_rand(0, $n);
                $b = substr($b, 0, $p) . random_bytes_seeded(mt_rand(1, 8)) . substr($b, $p);
                break;
            case 2: // delete a run
                $p = mt_rand(0, $n - 1);
                $b = substr($b, 0, $p) . substr($b, $p + mt_rand(1, 8));
                break;
            case 3: // duplicate a run
                $p = mt_rand(0, $n - 1);
                $len = mt_rand(1, 16);
                $b = substr($b, 0, $p) . substr($b, $p, $len) . substr($b, $p);
                break;
            case 4: // splice two blobs
                $o = $blobs[mt_rand(0, count($blobs) - 1)];
                $b = substr($b, 0, mt_rand(0, $n)) . substr($o, mt_rand(0, strlen($o)));
                break;
            case 5: // swap two bytes
                $p = mt_rand(0, $n - 1);
                $q = mt_rand(0, $n - 1);
                [$b[$p], $b[$q]] = [$b[$q], $b[$p]];
                break;
        }
        yield "seed case $i" => $b;
    }
};
function random_bytes_seeded(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}
bin_corrupt_report("random mutations (ZSER_SEED=$seed)", 'outcome', $cases(), false);
?>
--EXPECTF--
random mutations (ZSER_SEED=%d) outcome: ok
