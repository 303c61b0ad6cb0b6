--TEST--
jsond_decode: a key is first guessed to be the one that followed the previous key last time; keys of the same length that differ in one byte, other orders, keys the cache does not keep and escaped keys between the guessed ones give json_decode()'s values
--EXTENSIONS--
zser
--FILE--
<?php
mt_srand(20261205);
$fails = 0;
$checks = 0;
$check = function (string $t) use (&$fails, &$checks) {
    foreach ([true, false] as $assoc) {
        $checks++;
        $a = jsond_decode($t, $assoc);
        $b = json_decode($t, $assoc);
        if ($assoc ? $a !== $b : serialize($a) !== serialize($b)) {
            $fails++;
            echo "differs: ", substr($t, 0, 200), "\n";
        }
    }
};

// records whose keys come in one order, learnt by the first call
$names = ['alpha1', 'alpha2', 'beta', 'gamma_delta', str_repeat('k', 48), 'x'];
$record = fn(array $names, int $i) => '{' . implode(',', array_map(
    fn($n, $j) => json_encode($n) . ':' . ($i * 10 + $j), $names, array_keys($names))) . '}';
$doc = fn(array $names, int $n) => '[' . implode(',', array_map(fn($i) => $record($names, $i), range(0, $n - 1))) . ']';
$check($doc($names, 20));

// a key of the guessed key's length with one byte other, first, middle and last
$variants = [
    ['alpha1', 'alpha3', 'beta', 'gamma_delta', str_repeat('k', 48), 'x'],
    ['alpha1', 'blpha2', 'beta', 'gamma_delta', str_repeat('k', 48), 'x'],
    ['alpha1', 'alpha2', 'beta', 'gamma_dflta', str_repeat('k', 48), 'x'],
    ['alpha1', 'alpha2', 'bet', 'gamma_delta', str_repeat('k', 48), 'x'],
    ['alpha1', 'alpha2', 'betaa', 'gamma_delta', str_repeat('k', 48), 'x'],
    // longer than the cache keeps, empty, one byte
    ['alpha1', str_repeat('k', 49), 'beta', '', 'y', 'gamma_delta'],
    // escaped: the same bytes as the guess, and other bytes of the guess's length
    ['alpha1', "alph\u{61}2", 'beta', "gamma\u{e9}lta", 'x'],
    // the same keys, other orders
    array_reverse($names),
    ['beta', 'alpha1', 'alpha2', 'x', 'gamma_delta'],
];
foreach ($variants as $v) {
    $check($doc($v, 5));
    // back to the learnt order, then the variant again, in one text
    $check('[' . $record($names, 1) . ',' . $record($v, 2) . ',' . $record($names, 3) . ']');
}
// escapes written out in the text
$check('[{"alpha1":1,"alph\u00612":2,"beta":3},{"alpha1":1,"alph\u00622":2,"beta":3}]');
$check('{"alpha1":{"alpha2":{"beta":{"alpha1":[1,{"alpha2":2}]}}}}');

// random names from a small alphabet, many of one length: guesses right and wrong alike
for ($round = 0; $round < 200; $round++) {
    $pool = [];
    for ($i = 0; $i < 12; $i++) {
        $pool[] = substr(str_shuffle('aabbc'), 0, mt_rand(2, 5));
    }
    $items = [];
    for ($o = 0; $o < 1 + mt_rand(0, 6); $o++) {
        $keys = [];
        for ($k = mt_rand(1, 8); $k > 0; $k--) {
            $keys[] = $pool[mt_rand(0, 11)];
        }
        $items[] = $record($keys, $o);
    }
    $check('[' . implode(',', $items) . ']');
}
// a failed parse between calls leaves nothing a later guess can trip on
var_dump(jsond_decode('[{"alpha1":1,"alpha2":', true));
$check($doc($names, 3));
echo "$checks checks, $fails differ\n";
?>
--EXPECT--
NULL
444 checks, 0 differ
