<?php
// zser — writes the generated seed corpora of the fuzz targets into the directory given
// (build/fuzz/seeds): JSONTestSuite files from ../shared for the JSON targets, serialize()
// blobs for the binary round trip, zser_serialize() blobs (once zser_serialize works) for
// the binary readers, serialize(), igbinary and zser blobs for the CLI's readers and writers,
// and numbers and strings for the core targets. Nothing written here
// is committed; the hand-written seeds live in fuzz/corpus/<target>/.

if ($argc < 2) {
    fwrite(STDERR, "usage: php fuzz-seeds.php OUTDIR\n");
    exit(2);
}
$out = rtrim($argv[1], '/');
// shared/ sits beside the repository; in a git worktree, beside the main checkout.
$shared = getenv('ZSER_SHARED') ?: dirname(__DIR__) . '/../shared';
if (!is_dir($shared)) {
    $common = trim((string)shell_exec('git -C ' . escapeshellarg(dirname(__DIR__)) . ' rev-parse --git-common-dir 2>/dev/null'));
    if ($common !== '') {
        $shared = dirname(realpath(dirname(__DIR__) . '/' . $common) ?: $common) . '/../shared';
    }
}
$maxSeed = 32768;
$counts = [];

function put(string $target, string $bytes): void
{
    global $out, $counts, $maxSeed;
    if (strlen($bytes) > $maxSeed) {
        return;
    }
    $dir = "$out/$target";
    if (!is_dir($dir)) {
        mkdir($dir, 0777, true);
    }
    file_put_contents("$dir/" . substr(sha1($bytes), 0, 16), $bytes);
    $counts[$target] = ($counts[$target] ?? 0) + 1;
}

class SeedPoint
{
    public $x = 1;
    protected $y = 'two';
    private $z = [3.5];
    public ?SeedPoint $next = null;
}

class SeedMagic
{
    public $a = [1, 2];
    public function __serialize(): array
    {
        return ['a' => $this->a, 'extra' => 'x'];
    }
    public function __unserialize(array $data): void
    {
        $this->a = $data['a'] ?? null;
    }
}

class SeedSleep
{
    public $keep = 'k';
    public $drop = 'd';
    public function __sleep()
    {
        return ['keep'];
    }
    public function __wakeup()
    {
    }
}

enum SeedSuit: string
{
    case Hearts = 'H';
    case Spades = 'S';
}

function seed_values(): array
{
    $v = [
        null, true, false, 0, 1, -1, 127, 128, -129, 255, 65535, PHP_INT_MAX, PHP_INT_MIN,
        0.0, -0.0, 1.5, -2.25, 1e300, 5e-324, 2.2250738585072014e-308, INF, -INF, NAN, 0.1,
        '', 'a', str_repeat('x', 31), str_repeat('y', 32), str_repeat('z', 300), "\0\xff\xfe",
        "h\u{e9}llo \u{1F600}", '123', '-0', '1e3',
        [], [1, 2, 3], ['a' => 1, 'b' => [true, null]], [5 => 'x', 2 => 'y'], ['0' => 'a', '1' => 'b'],
        [[[[[[[[[[1]]]]]]]]]], array_fill(0, 40, 'same'), range(0, 100),
        array_fill(0, 5, ['id' => 1, 'name' => 'n', 'score' => 2.5]),
        new stdClass(), (object)['p' => 1, 'q' => ['r' => 's']],
        new SeedPoint(), new SeedMagic(), new SeedSleep(), SeedSuit::Hearts,
        [SeedSuit::Hearts, SeedSuit::Spades, SeedSuit::Hearts],
        new ArrayObject([1, 2, 'k' => 'v']), new ArrayIterator(['a', 'b']),
        new SplFixedArray(3), new SplDoublyLinkedList(), new SplQueue(),
        new DateTime('2020-02-29 12:34:56.789 UTC'), new DateTimeImmutable('@0'),
        new DateTimeZone('Europe/Paris'), new DateInterval('P1Y2M3DT4H5M6S'),
        unserialize('O:9:"NotAClass":1:{s:1:"a";i:1;}'),
    ];
    $s = new SplObjectStorage();
    $o = new stdClass();
    $s[$o] = 'data';
    $v[] = $s;
    $shared = new stdClass();
    $shared->name = 'shared';
    $v[] = [$shared, $shared, 'again' => $shared];
    $a = [1, 2];
    $a[] = &$a[0];
    $v[] = $a;
    $r = ['x' => 1];
    $r['self'] = &$r;
    $v[] = $r;
    $p = new SeedPoint();
    $p->next = $p;
    $v[] = $p;
    $list = new SplDoublyLinkedList();
    $list->push(1);
    $list->push('two');
    $v[] = $list;
    $rows = [];
    for ($i = 0; $i < 20; $i++) {
        $rows[] = ['id' => $i, 'title' => "row $i", 'tags' => ['t' . ($i % 3)], 'ok' => $i % 2 == 0];
    }
    $v[] = $rows;
    $v[] = $v; // everything at once
    return $v;
}

// JSON targets: JSONTestSuite, every file.
foreach (['test_parsing', 'test_transform'] as $sub) {
    foreach (glob("$shared/test-data/JSONTestSuite/$sub/*.json") ?: [] as $f) {
        $json = file_get_contents($f);
        put('fuzz_json_decode', $json);
        put('fuzz_json_roundtrip', $json);
        put('fuzz_utf8', $json);
        put('fuzz_cli_fromjson', $json);
        put('fuzz_json_valid', $json);
    }
}

// Large objects (jsond_decode() finds their repeated keys its own way): 100 keys of one PHP
// hash ("Ez"/"FY" blocks) with repeats, and 100 integer keys with repeats.
$members = [];
$ints = [];
for ($i = 0; $i < 100; $i++) {
    $k = '';
    for ($b = 0; $b < 6; $b++) {
        $k .= (($i * 37 % 64) >> $b) & 1 ? 'Ez' : 'FY';
    }
    $members[] = "\"$k\":$i";
    $ints[] = '"' . ($i % 70) * 1048576 . "\":$i";
}
foreach ([$members, $ints] as $m) {
    put('fuzz_json_decode', '{' . implode(',', $m) . '}');
    put('fuzz_json_roundtrip', '{' . implode(',', $m) . '}');
}

$values = seed_values();
$zser = function_exists('zser_serialize');
foreach ($values as $v) {
    put('fuzz_bin_roundtrip', serialize($v));
    // the CLI's value-tree readers, and its writers over what they read
    put('fuzz_phpser_read', serialize($v));
    put('fuzz_cli_writers', serialize($v));
    if (function_exists('igbinary_serialize')) {
        put('fuzz_igbin_read', igbinary_serialize($v));
        put('fuzz_cli_writers', igbinary_serialize($v));
    }
    if ($zser) {
        try {
            $blob = zser_serialize($v);
        } catch (Throwable $e) {
            if ($e->getMessage() === 'not implemented') {
                $zser = false;
                continue;
            }
            throw $e;
        }
        foreach (['fuzz_unserialize', 'fuzz_wire_read', 'fuzz_bin_roundtrip', 'fuzz_zser_tree', 'fuzz_cli_writers'] as $t) {
            put($t, $blob);
        }
    }
    $json = json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR);
    if (is_string($json)) {
        put('fuzz_json_roundtrip', $json);
        put('fuzz_bin_roundtrip', $json);
    }
}

// Nested blobs (FORMAT.md §8.3): outer blobs with OBJECT_BLOB_SLOTS, and the nested blobs of
// their payloads, whose back-references name slots of the outer blob.
if ($zser) {
    $level = error_reporting(error_reporting() & ~E_DEPRECATED);
    eval('class SeedNested implements Serializable {
        public static $payloads = [];
        public $o;
        public function __construct($o = null) { $this->o = $o; }
        public function serialize() { return self::$payloads[] = zser_serialize($this->o); }
        public function unserialize($d) { $this->o = zser_unserialize($d); }
    }');
    error_reporting($level);
    $sh = new stdClass();
    $sh->name = 'shared';
    $x = 1;
    $inner = new SeedNested([$sh, &$x, 'x']);
    $cycle = new SeedNested(new stdClass());
    $cycle->o->back = $cycle;
    foreach ([[new SeedNested($inner), $sh, $inner, &$x], $cycle, [$sh, new SeedNested($sh)]] as $v) {
        $blobs = [zser_serialize($v), ...SeedNested::$payloads];
        SeedNested::$payloads = [];
        foreach ($blobs as $blob) {
            foreach (['fuzz_unserialize', 'fuzz_wire_read', 'fuzz_zser_tree', 'fuzz_cli_writers'] as $t) {
                put($t, $blob);
            }
        }
    }
}

// A map whose integer keys all land on one slot of the reader's duplicate set (its hash run
// backwards, as core/tests/test_wire.c does), so the readers' fallback to sorting the keys is
// among what the binary targets mutate.
function mul64(int $a, int $b): int
{
    // (a * b) mod 2^64 in 16-bit limbs: no product leaves PHP's int
    $r = 0;
    $carry = 0;
    for ($k = 0; $k < 4; $k++) {
        $sum = $carry;
        for ($i = 0; $i <= $k; $i++) {
            $sum += (($a >> (16 * $i)) & 0xFFFF) * (($b >> (16 * ($k - $i))) & 0xFFFF);
        }
        $r |= ($sum & 0xFFFF) << (16 * $k);
        $carry = $sum >> 16;
    }
    return $r;
}
function colliding_key(int $j): int
{
    $unshift = fn(int $h): int => $h ^ (($h >> 32) & 0xFFFFFFFF);
    $h = $unshift(mul64($unshift(($j + 1) << 32), (0xCFEE444D << 32) | 0x8B59A89B));
    return $h ^ ((0x9E3779B9 << 32) | 0x7F4A7C15);
}
if ($zser) {
    $colliding = [];
    for ($j = 0; $j < 2000; $j++) {
        $colliding[colliding_key($j)] = $j % 3;
    }
    foreach (['fuzz_unserialize', 'fuzz_wire_read', 'fuzz_zser_tree'] as $t) {
        put($t, zser_serialize($colliding));
    }
    // ArrayObject (it has __unserialize()) in the OBJECT form: its properties become the
    // __unserialize() array, integer keys and numeric names one key space there. Keys 0, 1, 2
    // are the flags, storage and members it accepts; the integer 5 and the name "5" collide.
    $ao = "\x5A\x01\xD1\x4BArrayObject";
    foreach ([$ao . "\x03\x00\x01\x02\x00\x90\x90", $ao . "\x03\x00\x411\x412\x00\x90\x90",
        $ao . "\x02\x05\x415\x01\x02"] as $blob) {
        put('fuzz_unserialize', $blob);
        put('fuzz_zser_tree', $blob);
    }
}

// Numbers for the core number targets: text for strtod, 8-byte doubles for dtoa.
$doubles = [0.0, -0.0, 1.0, 0.1, 1 / 3, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308,
    9007199254740993.0, 1e23, 123456789012345678.0, 4.35, 0.3, 2.5e-7, 1e15, 1e16, 1e17, -1.5e-300];
foreach ($doubles as $d) {
    put('fuzz_dtoa', pack('e', $d));
    put('fuzz_strtod', var_export($d, true));
    put('fuzz_strtod', sprintf('%.17g', $d));
}
foreach (['0', '-0', '1e400', '1e-400', '0.000001e-310', '123456789012345678901234567890',
    '2.4703282292062327e-324', '2.4703282292062328e-324', '1.00000000000000011102230246251565404236316680908203125',
    '7.2057594037927933e16', '-12.5E+3', '3.14159265358979323846264338327950288419716939937510'] as $s) {
    put('fuzz_strtod', $s);
}
foreach (["", "a", "\u{e9}\u{20AC}\u{1F600}", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80",
    "\xe2\x82", "\xff", str_repeat("\u{e9}", 40) . "\x80"] as $s) {
    put('fuzz_utf8', $s);
}

ksort($counts);
foreach ($counts as $t => $n) {
    printf("seeds: %-22s %d files\n", $t, $n);
}
if (!$zser) {
    echo "seeds: zser_serialize() not implemented yet: no zser blobs\n";
}
