--TEST--
zser_unserialize: property names made to collide in PHP's string hash decode in time linear in their number
--EXTENSIONS--
zser
--FILE--
<?php
// Names of "Ez" and "FY" blocks all have one PHP hash. Looking each name up in the object's
// table before adding it would walk all those added before: time quadratic in their number
// (unserialize() takes it). A name the class does not declare goes straight in, as the blob
// cannot hold it twice. The blob is the one of an object with ordinary names of the same
// length, those names replaced, so building it costs nothing quadratic either.
$n = 16384;
$colliding = [];
$plain = [];
for ($i = 0; $i < $n; $i++) {
    $s = '';
    for ($b = 0; $b < 14; $b++) {
        $s .= ($i >> $b) & 1 ? 'Ez' : 'FY';
    }
    $colliding[] = $s;
    $plain[] = sprintf('p%027d', $i);
}
$o = new stdClass();
foreach ($plain as $i => $name) {
    $o->$name = $i;
}
$a = zser_serialize($o);
$b = strtr($a, array_combine($plain, $colliding));
var_dump(strlen($a) === strlen($b));

$back = zser_unserialize($b);
var_dump(array_keys(get_object_vars($back)) === $colliding, $back->{$colliding[$n - 1]});

// Decoding them takes about as long as decoding the ordinary names: the quadratic walk made
// it hundreds of times longer. Best of three each, so a busy machine does not decide.
function best(string $blob): float
{
    $t = INF;
    for ($r = 0; $r < 3; $r++) {
        $start = hrtime(true);
        zser_unserialize($blob);
        $t = min($t, hrtime(true) - $start);
    }
    return $t;
}
$ratio = best($b) / best($a);
echo $ratio < 20 ? "linear\n" : "quadratic: ratio $ratio\n";
?>
--EXPECT--
bool(true)
bool(true)
int(16383)
linear
