--TEST--
zser shared arrays (FORMAT.md §9.1): copies of one array written once as BACKREF_ARR and read back shared, with serialize()'s semantics: equal values, copies that separate on write, references, nested copies, copies in objects and __serialize() data
--EXTENSIONS--
zser
--FILE--
<?php
require __DIR__ . '/../inc/bin_compare.inc';

// the BACKREF_ARR tags of a blob: the values here hold no string or number with a 0xD9 byte,
// nor any slot number that needs one, so counting the byte is exact
function backrefs(string $blob): int
{
    return substr_count($blob, "\xD9");
}

// The memory zser_unserialize() of $blob takes, and unserialize() of serialize()'s text of it,
// as Zend MM counts them: in a child PHP, which has Zend MM also when this one runs without it
// (USE_ZEND_ALLOC=0, as under valgrind, where memory_get_usage() counts nothing).
function read_memory(string $blob): array
{
    $ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
    $code = '$b = stream_get_contents(STDIN); $t = serialize(zser_unserialize($b));'
        . ' $m0 = memory_get_usage(); $z = zser_unserialize($b); $mz = memory_get_usage() - $m0;'
        . ' $m0 = memory_get_usage(); $r = unserialize($t); echo $mz, " ", memory_get_usage() - $m0;';
    $env = getenv();
    unset($env['USE_ZEND_ALLOC']);
    $p = proc_open([PHP_BINARY, '-n', '-d', "extension=$ext", '-r', $code],
        [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes, null, $env);
    fwrite($pipes[0], $blob);
    fclose($pipes[0]);
    $out = stream_get_contents($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    if (proc_close($p) !== 0 || !preg_match('/^(\d+) (\d+)$/', $out, $m)) {
        echo "the child PHP failed: $out $err\n";
        return [0, 0];
    }
    return [(int)$m[1], (int)$m[2]];
}

// 1. 10,000 copies of one row: written once, read back as one array held 10,000 times
$row = ['host' => 'db.example', 'port' => 5432, 'opts' => ['ssl' => true, 'timeout' => 30]];
$v = array_fill(0, 10000, $row);
$blob = zser_serialize($v);
echo '10,000 copies: ', strlen($blob), ' bytes, ', backrefs($blob), " BACKREF_ARR, serialize(): ",
    strlen(serialize($v)), " bytes\n";
$z = zser_unserialize($blob);
$r = unserialize(serialize($v));
echo 'same value as unserialize(): ', var_export($z === $r, true), "\n";
[$mz, $mr] = read_memory($blob);
echo 'memory read back: under a fifth of unserialize()\'s: ', var_export($mz * 5 < $mr, true), "\n";
unset($r);
// copies separate on write, in any place, at any depth
$z[3]['port'] = 1;
$z[4]['opts']['ssl'] = false;
$z[5]['opts'][] = 'x';
echo 'after writes: ', json_encode([$z[3]['port'], $z[4]['opts']['ssl'], count($z[5]['opts']),
    $z[2]['port'], $z[2]['opts']['ssl'], count($z[6]['opts'])]), "\n";
echo 'others unchanged: ', var_export(array_slice($z, 6) === array_fill(0, 9994, $row), true), "\n";
echo 'written again, the same bytes: ',
    var_export(zser_serialize(zser_unserialize($blob)) === $blob, true), "\n";

// 1b. more shared arrays than the encoder lists inline (eight): copies of every one, the first
// ones included, met after the list moved into a table, are still written once
$rows = [];
for ($i = 0; $i < 20; $i++) {
    $rows[] = ['id' => $i, 'tags' => ['t' . $i]];
}
$many = array_merge($rows, array_reverse($rows), $rows);
$blob = zser_serialize($many);
echo '20 arrays, each copied twice more: ', backrefs($blob), ' BACKREF_ARR, same value: ',
    var_export(zser_unserialize($blob) === $many, true), "\n";
$few = array_merge(array_slice($rows, 0, 8), array_slice($rows, 0, 8));
echo '8 arrays, each copied once more: ', backrefs(zser_serialize($few)), " BACKREF_ARR\n";

// 2. the named cases against serialize()/unserialize()
$a = [1, 'two', [3.5, null]];
$inner = ['k' => 'v', 'n' => [1, 2, 3]];
$outer = ['in' => $inner, 'again' => $inner, 'list' => [1, 2]];
class Holder
{
    public $cfg;
    public $more;
    public function __construct($cfg) { $this->cfg = $cfg; $this->more = [$cfg]; }
}
class Data
{
    public function __construct(public array $cfg = []) {}
    public function __serialize(): array { return ['cfg' => $this->cfg, 'twice' => [$this->cfg, $this->cfg]]; }
    public function __unserialize(array $d): void { $this->cfg = $d['cfg']; }
}
class Plain { public $x = 1; }
const LITERAL = ['a' => 1, 'b' => [2, 3]];
$withObj = [new Plain, 1];
$ref = [1, 2];
$r0 = &$ref[0];
$o = new Plain;
$objRow = [$o];
$cases = [
    'list of copies' => [$a, $a, $a],
    'nested copies' => [$outer, $outer, $inner, ['deep' => [$outer]]],
    'copies in objects' => [new Holder($a), new Holder($a), $a],
    'copies in __serialize() data' => [new Data($a), new Data($a), $a],
    'constant arrays' => [LITERAL, LITERAL, ['x' => LITERAL]],
    'copies holding an object' => [$withObj, $withObj],
    'copies holding a reference' => [$ref, $ref],
    'reference to the array itself' => [&$a, $a, &$a],
    'empty arrays' => [[], [], $a, []],
];
bin_same_all($cases);
foreach (['list of copies' => 2, 'nested copies' => 4, 'copies in objects' => 4,
          'copies in __serialize() data' => 6, 'constant arrays' => 2, 'copies holding an object' => 0,
          'copies holding a reference' => 0, 'reference to the array itself' => 1,
          'empty arrays' => 0] as $label => $n) {
    $got = backrefs(zser_serialize($cases[$label]));
    echo "$label: ", $got === $n ? "$n BACKREF_ARR" : "$got BACKREF_ARR, not $n", "\n";
}

// 3. a reference inside copies: the copies are written in full, and the reference set spans
// them as unserialize() builds it
$x = [1];
$rx = &$x[0];
$u = zser_unserialize(zser_serialize([$x, $x]));
$p = unserialize(serialize([$x, $x]));
$u[0][0] = 5;
$p[0][0] = 5;
echo 'reference inside copies: ', json_encode($u), ' ', json_encode($p), "\n";

// 4. an object in an array met later through a reference: PHP makes that slot a reference in
// the first copy only, so the array holding the object is not shared
$objRow[1] = 'x';
$w = [$objRow, $objRow, &$o];
$u = zser_unserialize(zser_serialize($w));
$p = unserialize(serialize($w));
$u[2] = 'replaced';
$p[2] = 'replaced';
echo 'object met again through a reference: ', json_encode($u), ' ', json_encode($p), ' ',
    backrefs(zser_serialize($w)), "\n";

// 5. a typed property holding a shared array
class Typed { public array $a; public ?array $b = null; }
$t = new Typed;
$t->a = $a;
$t->b = $a;
bin_same([$t, $a], 'typed properties');
$u = zser_unserialize(zser_serialize([$t, $a]));
$u[0]->b[] = 9;
echo 'typed copy separates: ', count($u[0]->a), ' ', count($u[0]->b), ' ', count($u[1]), "\n";

// 6. session-sized data: per-request rows sharing a few arrays
$perm = ['read' => true, 'write' => false, 'roles' => ['user', 'editor']];
$cur = ['code' => 'EUR', 'symbol' => '€', 'decimals' => 2];
$session = ['user' => ['id' => 42, 'name' => 'Ann', 'perm' => $perm], 'cart' => []];
for ($i = 0; $i < 50; $i++) {
    $session['cart'][] = ['sku' => "SKU-$i", 'qty' => $i % 3 + 1, 'price' => 9.5 + $i, 'cur' => $cur,
        'perm' => $perm];
}
$sz = zser_serialize($session);
echo 'session: ', strlen($sz), ' bytes, ', backrefs($sz), ' BACKREF_ARR, serialize(): ',
    strlen(serialize($session)), " bytes\n";
bin_same($session, 'session');
?>
--EXPECT--
10,000 copies: 20050 bytes, 9999 BACKREF_ARR, serialize(): 1098900 bytes
same value as unserialize(): true
memory read back: under a fifth of unserialize()'s: true
after writes: [1,false,3,5432,true,2]
others unchanged: true
written again, the same bytes: true
20 arrays, each copied twice more: 40 BACKREF_ARR, same value: true
8 arrays, each copied once more: 8 BACKREF_ARR
list of copies: ok
nested copies: ok
copies in objects: ok
copies in __serialize() data: ok
constant arrays: ok
copies holding an object: ok
copies holding a reference: ok
reference to the array itself: ok
empty arrays: ok
list of copies: 2 BACKREF_ARR
nested copies: 4 BACKREF_ARR
copies in objects: 4 BACKREF_ARR
copies in __serialize() data: 6 BACKREF_ARR
constant arrays: 2 BACKREF_ARR
copies holding an object: 0 BACKREF_ARR
copies holding a reference: 0 BACKREF_ARR
reference to the array itself: 1 BACKREF_ARR
empty arrays: 0 BACKREF_ARR
reference inside copies: [[5],[5]] [[5],[5]]
object met again through a reference: [["replaced","x"],[{"x":1},"x"],"replaced"] [["replaced","x"],[{"x":1},"x"],"replaced"] 0
typed properties: ok
typed copy separates: 3 4 3
session: 1006 bytes, 99 BACKREF_ARR, serialize(): 12353 bytes
session: ok
