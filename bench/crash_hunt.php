<?php
// zser — crash hunt: a mutation harness at the PHP level (`make crash-hunt`; not a test).
//
// For each decoder (zser_unserialize, igbinary_unserialize, msgpack_unserialize,
// unserialize, jsond_decode, json_decode) it takes valid blobs of that decoder's own format
// (arrays, objects, references, internal classes, deep nesting), mutates them (bit flips,
// boundary bytes, truncations, huge length fields, spliced and deleted chunks, garbage) and
// decodes each mutant in a forked child. A child runs a batch of cases and reports the index
// of each case before it starts it, so the parent can tell which case killed it: a signal is
// a crash, a fatal error (e.g. "Allowed memory size exhausted") a fatal, no progress for
// HANG_SECONDS a hang; then a new child continues after that case. Crashing inputs are
// saved under bench/out/crash_hunt/<decoder>/ to be replayed.
//
// Knobs (environment or --name=value): CASES per decoder (default 200000), SECONDS per
// decoder (default 60, whichever ends first), SEED, DECODERS (comma list), BATCH (cases per
// child, default 500), HANG_SECONDS (default 5), MEMORY_LIMIT of the children (default 256M).
// Needs pcntl and posix (php8.2-cli has both).

declare(strict_types=1);

$opt = [];
foreach (array_slice($argv, 1) as $a) {
    if (preg_match('/^--([a-z_]+)=(.*)$/i', $a, $m)) {
        $opt[strtoupper($m[1])] = $m[2];
    }
}
function knob(string $name, string $default): string
{
    global $opt;
    return $opt[$name] ?? (getenv($name) !== false ? (string)getenv($name) : $default);
}
$CASES = (int)knob('CASES', '200000');
$SECONDS = (float)knob('SECONDS', '60');
$SEED = (int)knob('SEED', (string)random_int(1, PHP_INT_MAX >> 1));
$BATCH = max(1, (int)knob('BATCH', '500'));
$HANG = (float)knob('HANG_SECONDS', '5');
$MEMORY = knob('MEMORY_LIMIT', '256M');
$OUT = __DIR__ . '/out/crash_hunt';

if (!function_exists('pcntl_fork')) {
    fwrite(STDERR, "crash_hunt: needs the pcntl extension\n");
    exit(2);
}

// ---- values the valid blobs are made of (decoders of user objects find these classes)
class HuntPoint
{
    public $x = 1;
    protected $y = 'two';
    private $z = [3.5];
    public ?HuntPoint $next = null;
}

class HuntMagic
{
    public $a = [1, 2];
    public function __serialize(): array
    {
        return ['a' => $this->a, 'n' => 7];
    }
    public function __unserialize(array $data): void
    {
        $this->a = $data['a'] ?? null;
    }
}

class HuntSleep
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

class HuntOld implements Serializable
{
    public $v = 'old';
    public function serialize()
    {
        return $this->v;
    }
    public function unserialize($data)
    {
        $this->v = $data;
    }
    public function __serialize(): array
    {
        return [$this->v];
    }
    public function __unserialize(array $d): void
    {
        $this->v = $d[0] ?? null;
    }
}

enum HuntSuit: string
{
    case Hearts = 'H';
    case Spades = 'S';
}

function hunt_values(): array
{
    $v = [
        null, true, false, 0, -1, 255, 65536, PHP_INT_MAX, PHP_INT_MIN, 0.5, -0.0, 1e300, NAN, INF,
        '', 'abc', str_repeat('s', 300), "\0\xff", '123',
        [1, 2, 3], ['a' => 1, 'b' => [true, null, 'x']], [7 => 'x', -3 => 'y', 'k' => [[]]],
        array_fill(0, 20, 'same'), range(0, 60),
        (object)['p' => 1, 'q' => ['r' => 's']], new HuntPoint(), new HuntMagic(), new HuntSleep(),
        new HuntOld(), HuntSuit::Hearts, [HuntSuit::Hearts, HuntSuit::Spades, HuntSuit::Hearts],
        new ArrayObject([1, 2, 'k' => 'v']), new ArrayIterator(['a', 'b']), SplFixedArray::fromArray([1, 'x']),
        new DateTime('2020-02-29 12:34:56 UTC'), new DateTimeZone('Europe/Paris'),
        new DateInterval('P1Y2M3DT4H'),
    ];
    $s = new SplObjectStorage();
    $o = new stdClass();
    $s[$o] = 'data';
    $v[] = $s;
    $q = new SplQueue();
    $q->push(1);
    $q->push([2]);
    $v[] = $q;
    $shared = new stdClass();
    $shared->n = 'shared';
    $v[] = [$shared, $shared, 'again' => $shared, 'list' => [$shared]];
    $a = [1, 2, [3]];
    $a[] = &$a[0];
    $a[] = &$a[2];
    $v[] = $a;
    $r = ['x' => 1];
    $r['self'] = &$r;
    $v[] = $r;
    $p = new HuntPoint();
    $p->next = $p;
    $v[] = $p;
    $rows = [];
    for ($i = 0; $i < 12; $i++) {
        $rows[] = ['id' => $i, 'name' => "row $i", 'tags' => ['t' . ($i % 3)], 'ok' => $i % 2 == 0];
    }
    $v[] = $rows;
    $all = $v;
    $v[] = $all;
    return $v;
}

// ---- decoders: each with the encoder that makes its valid blobs
function decoders(): array
{
    $d = [];
    $d['zser_unserialize'] = ['zser_serialize', fn($s) => zser_unserialize($s)];
    if (function_exists('igbinary_unserialize')) {
        $d['igbinary_unserialize'] = ['igbinary_serialize', fn($s) => igbinary_unserialize($s)];
    }
    if (function_exists('msgpack_unserialize')) {
        $d['msgpack_unserialize'] = ['msgpack_serialize', fn($s) => msgpack_unserialize($s)];
    }
    $d['unserialize'] = ['serialize', fn($s) => unserialize($s)];
    $d['jsond_decode'] = ['json_encode', fn($s) => jsond_decode($s, (strlen($s) & 1) === 1)];
    $d['json_decode'] = ['json_encode', fn($s) => json_decode($s, (strlen($s) & 1) === 1)];
    return $d;
}

/** Valid blobs for one decoder, or a string saying why there are none. */
function valid_blobs(string $encoder): array|string
{
    $blobs = [];
    foreach (hunt_values() as $v) {
        try {
            $b = $encoder === 'json_encode' ? json_encode($v, JSON_PARTIAL_OUTPUT_ON_ERROR) : $encoder($v);
        } catch (Throwable $e) {
            if ($e->getMessage() === 'not implemented') {
                return "$encoder() is not implemented";
            }
            continue;
        }
        if (is_string($b) && $b !== '') {
            $blobs[] = $b;
        }
    }
    foreach (deep_blobs($encoder) as $b) {
        $blobs[] = $b;
    }
    return $blobs;
}

/** Deeply nested arrays, written without building them (the encoders recurse): the bytes
 * of one nesting level are found by comparing the encodings of depths 1, 2 and 3. */
function deep_blobs(string $encoder): array
{
    $enc = fn($v) => $encoder === 'json_encode' ? json_encode($v) : $encoder($v);
    foreach ([null, 1, 'x', 2.5] as $leaf) {
        try {
            [$b1, $b2, $b3] = [$enc([$leaf]), $enc([[$leaf]]), $enc([[[$leaf]]])];
        } catch (Throwable) {
            return [];
        }
        $l12 = strspn($b1 ^ $b2, "\0");
        $l23 = strspn($b2 ^ $b3, "\0");
        $u = $l23 - $l12;
        $h = $l12 - $u;
        if ($u <= 0 || $h < 0) {
            continue;
        }
        $unit = substr($b2, $h, $u);
        $tail1 = substr($b1, $h + $u);
        $tail2 = substr($b2, $h + 2 * $u);
        $c = strlen($tail2) - strlen($tail1);
        if ($c < 0) {
            continue;
        }
        $close = substr($tail1, strlen($tail1) - $c);
        $make = fn(int $n) => substr($b1, 0, $h) . str_repeat($unit, $n) . $tail1 . str_repeat($close, $n - 1);
        if ($make(2) !== $b2 || $make(3) !== $b3) {
            continue;
        }
        return [$make(1000), $make(50000), $make(300000)];
    }
    return [];
}

// ---- mutations
function mutate(string $b): string
{
    $n = strlen($b);
    $pos = fn() => mt_rand(0, max(0, $n - 1));
    switch (mt_rand(0, 11)) {
        case 0: // flip 1-4 bits
            for ($k = mt_rand(1, 4); $k > 0 && $n; $k--) {
                $i = $pos();
                $b[$i] = chr(ord($b[$i]) ^ (1 << mt_rand(0, 7)));
            }
            return $b;
        case 1: // boundary bytes
            $edge = [0x00, 0x01, 0x7f, 0x80, 0x81, 0xfe, 0xff, 0x3f, 0x40, 0xc0];
            for ($k = mt_rand(1, 3); $k > 0 && $n; $k--) {
                $b[$pos()] = chr($edge[mt_rand(0, count($edge) - 1)]);
            }
            return $b;
        case 2: // truncation
            return substr($b, 0, mt_rand(0, max(0, $n - 1)));
        case 3: // huge length/count field: overwrite 1, 2, 4 or 8 bytes with big values
            $w = [1, 2, 4, 8][mt_rand(0, 3)];
            $fill = [str_repeat("\xff", $w), "\x7f" . str_repeat("\xff", $w - 1), str_repeat("\x80", $w),
                pack('N', mt_rand(0x10000, 0x7fffffff)) . str_repeat("\0", max(0, $w - 4))][mt_rand(0, 3)];
            $i = $pos();
            return substr($b, 0, $i) . substr($fill, 0, $w) . substr($b, $i + $w);
        case 4: // big decimal counts in text formats
            return preg_replace_callback('/\d+/', fn($m) => mt_rand(0, 3) ? $m[0] : (string)mt_rand(1 << 20, PHP_INT_MAX), $b, mt_rand(1, 3)) ?? $b;
        case 5: // delete a chunk
            $i = $pos();
            return substr($b, 0, $i) . substr($b, $i + mt_rand(1, 16));
        case 6: // duplicate a chunk
            $i = $pos();
            return substr($b, 0, $i) . substr($b, $i, mt_rand(1, 32)) . substr($b, $i);
        case 7: // insert garbage
            $i = $pos();
            return substr($b, 0, $i) . random_bytes_seeded(mt_rand(1, 8)) . substr($b, $i);
        case 8: // splice two places
            $i = $pos();
            $j = $pos();
            return substr($b, 0, $i) . substr($b, $j);
        case 9: // garbage only
            return random_bytes_seeded(mt_rand(0, 64));
        case 10: // valid prefix + garbage
            return substr($b, 0, mt_rand(0, $n)) . random_bytes_seeded(mt_rand(1, 32));
        default: // several mutations at once
            return mutate(mutate(mutate($b)));
    }
}

function random_bytes_seeded(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(mt_rand(0, 255));
    }
    return $s;
}

/** Case $i of a decoder: the same bytes in the parent and in any child. */
function make_case(array $blobs, string $name, int $seed, int $i): string
{
    mt_srand(crc32("$seed:$name:$i") ^ $i);
    $b = $blobs[mt_rand(0, count($blobs) - 1)];
    if (strlen($b) > 100000 && mt_rand(0, 3)) {
        return $b; // deep nesting as it is, most of the time
    }
    return mutate($b);
}

// ---- child: runs cases [$from, $to), writing "<i>\n" before each and "done\n" at the end
function run_child($sock, callable $decode, array $blobs, string $name, int $seed, int $from, int $to, string $memory): void
{
    ini_set('memory_limit', $memory);
    ini_set('display_errors', '0');
    ini_set('log_errors', '0');
    error_reporting(E_ALL);
    set_error_handler(fn() => true);
    register_shutdown_function(function () use ($sock) {
        $e = error_get_last();
        if ($e && ($e['type'] & (E_ERROR | E_CORE_ERROR | E_COMPILE_ERROR | E_USER_ERROR))) {
            fwrite($sock, 'fatal ' . str_replace("\n", ' ', substr($e['message'], 0, 200)) . "\n");
        }
    });
    for ($i = $from; $i < $to; $i++) {
        $data = make_case($blobs, $name, $seed, $i);
        fwrite($sock, "$i\n");
        try {
            $v = $decode($data);
            unset($v);
        } catch (Throwable) {
            // a clean error
        }
    }
    fwrite($sock, "done\n");
}

// ---- parent
function hunt(string $name, callable $decode, array $blobs, int $cases, float $seconds, int $seed, int $batch, float $hang, string $memory, string $out): array
{
    $r = ['cases' => 0, 'crashes' => 0, 'fatals' => 0, 'hangs' => 0, 'time' => 0.0];
    $start = microtime(true);
    $next = 0;
    while ($next < $cases && microtime(true) - $start < $seconds) {
        $to = min($cases, $next + $batch);
        [$parentEnd, $childEnd] = stream_socket_pair(STREAM_PF_UNIX, STREAM_SOCK_STREAM, STREAM_IPPROTO_IP);
        $pid = pcntl_fork();
        if ($pid === 0) {
            fclose($parentEnd);
            run_child($childEnd, $decode, $blobs, $name, $seed, $next, $to, $memory);
            fclose($childEnd);
            posix_kill(posix_getpid(), SIGKILL); // no destructors, no shutdown output
            exit(0);
        }
        fclose($childEnd);
        $current = -1;
        $fatal = null;
        $done = false;
        $buf = '';
        $last = microtime(true);
        while (true) {
            $read = [$parentEnd];
            $w = $e = null;
            $ready = @stream_select($read, $w, $e, 0, 200000);
            if ($ready) {
                $chunk = fread($parentEnd, 65536);
                if ($chunk === '' || $chunk === false) {
                    break; // the child is gone
                }
                $buf .= $chunk;
                while (($nl = strpos($buf, "\n")) !== false) {
                    $line = substr($buf, 0, $nl);
                    $buf = substr($buf, $nl + 1);
                    if ($line === 'done') {
                        $done = true;
                    } elseif (str_starts_with($line, 'fatal ')) {
                        $fatal = substr($line, 6);
                    } else {
                        $current = (int)$line;
                    }
                }
                $last = microtime(true);
            } elseif (microtime(true) - $last > $hang) {
                posix_kill($pid, SIGKILL);
                $r['hangs']++;
                save($out, $name, 'hang', $current, make_case($blobs, $name, $seed, $current));
                break;
            }
        }
        fclose($parentEnd);
        pcntl_waitpid($pid, $status);
        if ($done) {
            $next = $to;
            continue;
        }
        if ($current < 0) {
            $current = $next;
        }
        if ($fatal !== null) {
            $r['fatals']++;
            save($out, $name, 'fatal', $current, make_case($blobs, $name, $seed, $current), $fatal);
        } elseif (pcntl_wifsignaled($status) && pcntl_wtermsig($status) !== SIGKILL) {
            $r['crashes']++;
            save($out, $name, 'crash-sig' . pcntl_wtermsig($status), $current, make_case($blobs, $name, $seed, $current));
        } elseif (!pcntl_wifsignaled($status)) {
            $r['fatals']++; // exited in the middle without saying why
            save($out, $name, 'exit' . pcntl_wexitstatus($status), $current, make_case($blobs, $name, $seed, $current));
        }
        $next = $current + 1;
    }
    $r['cases'] = $next;
    $r['time'] = microtime(true) - $start;
    return $r;
}

function save(string $out, string $name, string $kind, int $i, string $data, string $why = ''): void
{
    $dir = "$out/$name";
    if (!is_dir($dir)) {
        mkdir($dir, 0777, true);
    }
    file_put_contents("$dir/$kind-$i.bin", $data);
    if ($why !== '') {
        file_put_contents("$dir/$kind-$i.txt", $why . "\n");
    }
}

$only = array_filter(explode(',', knob('DECODERS', '')));
printf("crash hunt: seed %d, up to %d cases or %.0f s per decoder, %d cases per child, hang after %.0f s, memory_limit %s\n",
    $SEED, $CASES, $SECONDS, $BATCH, $HANG, $MEMORY);
printf("PHP %s%s%s\n", PHP_VERSION, phpversion('igbinary') ? ', igbinary ' . phpversion('igbinary') : '',
    phpversion('msgpack') ? ', msgpack ' . phpversion('msgpack') : '');
$rows = [];
foreach (decoders() as $name => [$encoder, $decode]) {
    if ($only && !in_array($name, $only, true)) {
        continue;
    }
    $fn = $name === 'jsond_decode' ? 'jsond_decode' : $encoder;
    if (!function_exists($fn)) {
        $rows[$name] = "$fn() is not loaded";
        continue;
    }
    if ($name === 'jsond_decode') {
        try {
            jsond_decode('1');
        } catch (Throwable $e) {
            $rows[$name] = 'jsond_decode() is not implemented';
            continue;
        }
    }
    $blobs = valid_blobs($encoder);
    if (is_string($blobs)) {
        $rows[$name] = $blobs;
        continue;
    }
    $rows[$name] = hunt($name, $decode, $blobs, $CASES, $SECONDS, $SEED, $BATCH, $HANG, $MEMORY, $OUT);
    fprintf(STDERR, "  %s done\n", $name);
}

printf("\n| %-20s | %9s | %7s | %6s | %5s | %7s |\n", 'decoder', 'cases', 'crashes', 'fatals', 'hangs', 'seconds');
printf("|%s|%s|%s|%s|%s|%s|\n", str_repeat('-', 22), str_repeat('-', 11), str_repeat('-', 9), str_repeat('-', 8), str_repeat('-', 7), str_repeat('-', 9));
$zserBad = 0;
foreach ($rows as $name => $r) {
    if (is_string($r)) {
        printf("| %-20s | %s |\n", $name, "skipped: $r");
        continue;
    }
    printf("| %-20s | %9d | %7d | %6d | %5d | %7.1f |\n", $name, $r['cases'], $r['crashes'], $r['fatals'], $r['hangs'], $r['time']);
    if (in_array($name, ['zser_unserialize', 'jsond_decode'], true)) {
        $zserBad += $r['crashes'] + $r['fatals'] + $r['hangs'];
    }
}
echo "\nInputs that crashed, failed fatally or hung: bench/out/crash_hunt/<decoder>/\n";
if ($zserBad) {
    echo "zser: $zserBad failing inputs: FAIL\n";
    exit(1);
}
