<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Differential check of zser.json_override=1: the same seeded cases go through json_encode,
 * json_decode (and json_validate where PHP has it) in two separate processes, one running
 * plain ext/json (`php -n`, zser not loaded) and one with zser loaded and the override on.
 * Return values, exceptions, json_last_error() and json_last_error_msg() must be identical.
 * The subject process first checks that the json_* names really reach zser
 * (jdiff_override_problem() in tests/inc/json_diff_ref.php), so the check cannot pass by
 * comparing ext/json with itself.
 *
 * Driver:  php json_override_diff.php          env ZSER_EXT (path of zser.so), ZSER_SEED,
 *                                             ZSER_CASES (default 4000)
 * Children: php json_override_diff.php reference|subject CASES_FILE OUT_FILE
 * Exit 0 pass, 1 mismatch, 77 skip (zser's JSON functions not implemented yet).
 */

final class Point implements JsonSerializable
{
    public function __construct(public $x, public $y)
    {
    }

    public function jsonSerialize(): mixed
    {
        return ['x' => $this->x, 'y' => $this->y];
    }
}

final class Visibility
{
    public $pub = 1;
    protected $prot = 2;
    private $priv = 3;
    public $list = [1, 2];
}

enum Backed: string
{
    case A = 'a';
}

enum Unit
{
    case U;
}

/* Runs one case; everything observable goes into the result. */
function run_case(array $case): array
{
    [$fn, $args] = $case;
    $r = [];
    try {
        $ret = $fn(...$args);
        $r['ret'] = serialize($ret);
    } catch (Throwable $e) {
        $r['exc'] = get_class($e) . ': ' . $e->getMessage() . ' #' . $e->getCode();
    }
    $r['err'] = json_last_error();
    $r['msg'] = json_last_error_msg();
    return $r;
}

function child(string $role, string $casesFile, string $outFile): int
{
    $cases = unserialize(file_get_contents($casesFile));
    $subject = $role === 'subject';
    if ($subject) {
        require __DIR__ . '/../inc/json_diff_ref.php';
        $why = ini_get('zser.json_override') === '1' ? jdiff_override_problem() : 'zser.json_override is off';
        if ($why !== null) {
            fwrite(STDERR, "subject process: $why\n");
            return 1;
        }
    }
    if (!$subject && extension_loaded('zser')) {
        fwrite(STDERR, "reference process must not load zser\n");
        return 1;
    }
    $out = [];
    foreach ($cases as $i => $case) {
        $out[$i] = run_case($case);
    }
    file_put_contents($outFile, serialize($out));
    return 0;
}

/* ==== Case generator ==== */

function rnd_string(): string
{
    $pieces = ['a', 'Z', ' ', '"', '\\', '/', '<', '>', '&', "'", "\n", "\t", "\x01", "\x1f", "\x7f",
        'é', '€', '𝄞', "\u{2028}", "\u{2029}", "\xc3", "\xff", "\xed\xa0\x80", '0', '12', '-1.5e3', ''];
    $s = '';
    for ($n = mt_rand(0, 6); $n > 0; $n--) {
        $s .= $pieces[mt_rand(0, count($pieces) - 1)];
    }
    return $s;
}

function rnd_scalar(): mixed
{
    $floats = [0.0, -0.0, 0.1, 1.0, -1.5, 1e22, 1e-7, 123456789.125, PHP_FLOAT_EPSILON, PHP_FLOAT_MAX,
        5e-324, 0.30000000000000004, 1e15, 1e16, NAN, INF, -INF];
    return match (mt_rand(0, 6)) {
        0 => null,
        1 => (bool)mt_rand(0, 1),
        2 => mt_rand(-1000, 1000),
        3 => [PHP_INT_MAX, PHP_INT_MIN, 0, -1][mt_rand(0, 3)],
        4 => $floats[mt_rand(0, count($floats) - 1)],
        default => rnd_string(),
    };
}

function rnd_value(int $depth): mixed
{
    if ($depth <= 0 || mt_rand(0, 3) === 0) {
        return rnd_scalar();
    }
    $n = mt_rand(0, 4);
    switch (mt_rand(0, 5)) {
        case 0:
            $a = [];
            for ($i = 0; $i < $n; $i++) {
                $a[] = rnd_value($depth - 1);
            }
            return $a;
        case 1:
            $a = [];
            for ($i = 0; $i < $n; $i++) {
                $a[mt_rand(0, 1) ? rnd_string() : mt_rand(-3, 5)] = rnd_value($depth - 1);
            }
            return $a;
        case 2:
            $o = new stdClass();
            for ($i = 0; $i < $n; $i++) {
                $o->{rnd_string()} = rnd_value($depth - 1);
            }
            return $o;
        case 3:
            return new Point(rnd_value($depth - 1), rnd_scalar());
        case 4:
            return new Visibility();
        default:
            return [Backed::A, mt_rand(0, 4) ? Backed::A : Unit::U][mt_rand(0, 1)];
    }
}

function rnd_flags(array $names): int
{
    $f = 0;
    foreach ($names as $name) {
        if (mt_rand(0, 3) === 0) {
            $f |= constant($name);
        }
    }
    return $f;
}

function rnd_json(): string
{
    $json = json_encode(rnd_value(4), JSON_PARTIAL_OUTPUT_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE);
    $extras = ['12345678901234567890', '-0', '1E400', '[1,]', '{"a":1,"a":2}', '{"":1,"_empty_":2}',
        '"\ud834"', '"\ud834\udd1e"', "\"\xff\"", '[[[[[[1]]]]]]', ' true ', 'nul', '{"\u0000a":1}', '0.1e-999'];
    switch (mt_rand(0, 4)) {
        case 0:
            return $extras[mt_rand(0, count($extras) - 1)];
        case 1:
            return substr($json, 0, mt_rand(0, strlen($json)));
        case 2:
            if ($json !== '') {
                $json[mt_rand(0, strlen($json) - 1)] = chr(mt_rand(0, 255));
            }
            return $json;
        default:
            return $json;
    }
}

function make_cases(int $count): array
{
    $encodeFlags = ['JSON_HEX_TAG', 'JSON_HEX_AMP', 'JSON_HEX_APOS', 'JSON_HEX_QUOT', 'JSON_FORCE_OBJECT',
        'JSON_NUMERIC_CHECK', 'JSON_UNESCAPED_SLASHES', 'JSON_PRETTY_PRINT', 'JSON_UNESCAPED_UNICODE',
        'JSON_PARTIAL_OUTPUT_ON_ERROR', 'JSON_PRESERVE_ZERO_FRACTION', 'JSON_UNESCAPED_LINE_TERMINATORS',
        'JSON_INVALID_UTF8_IGNORE', 'JSON_INVALID_UTF8_SUBSTITUTE', 'JSON_THROW_ON_ERROR'];
    $decodeFlags = ['JSON_OBJECT_AS_ARRAY', 'JSON_BIGINT_AS_STRING', 'JSON_INVALID_UTF8_IGNORE',
        'JSON_INVALID_UTF8_SUBSTITUTE', 'JSON_THROW_ON_ERROR'];
    $cases = [];
    for ($i = 0; $i < $count; $i++) {
        $depth = mt_rand(0, 4) ? 512 : mt_rand(1, 4);
        switch (mt_rand(0, 2)) {
            case 0:
                $cases[] = ['json_encode', [rnd_value(4), rnd_flags($encodeFlags), $depth]];
                break;
            case 1:
                $assoc = [null, true, false][mt_rand(0, 2)];
                $cases[] = ['json_decode', [rnd_json(), $assoc, $depth, rnd_flags($decodeFlags)]];
                break;
            default:
                if (function_exists('json_validate')) {
                    $cases[] = ['json_validate', [rnd_json(), $depth, rnd_flags(['JSON_INVALID_UTF8_IGNORE'])]];
                } else {
                    $cases[] = ['json_decode', [rnd_json(), true, $depth]];
                }
        }
    }
    return $cases;
}

/* ==== Driver ==== */

function spawn(array $cmd): int
{
    $p = proc_open($cmd, [0 => ['file', '/dev/null', 'r'], 1 => STDOUT, 2 => STDERR], $pipes);
    return $p === false ? -1 : proc_close($p);
}

function driver(): int
{
    $ext = getenv('ZSER_EXT') ?: dirname(__DIR__, 2) . '/ext/modules/zser.so';
    $seed = getenv('ZSER_SEED') !== false ? (int)getenv('ZSER_SEED') : random_int(1, PHP_INT_MAX);
    $count = (int)(getenv('ZSER_CASES') ?: 4000);
    $php = PHP_BINARY;

    $probe = [$php, '-n', '-d', "extension=$ext", '-r',
        'if (!extension_loaded("zser")) exit(2);'
        . 'try { jsond_encode(1); jsond_decode("1"); exit(0); } catch (Throwable $e) { exit(3); }'];
    $rc = spawn($probe);
    if ($rc === 3) {
        echo "json override diff: skipped: jsond_encode/jsond_decode not implemented in this build yet\n";
        return 77;
    }
    if ($rc !== 0) {
        echo "json override diff: cannot load $ext\n";
        return 1;
    }

    mt_srand($seed);
    $cases = make_cases($count);
    $dir = sys_get_temp_dir() . '/zser-override-' . getmypid();
    @mkdir($dir, 0700);
    $files = ['cases' => "$dir/cases", 'reference' => "$dir/reference", 'subject' => "$dir/subject"];
    file_put_contents($files['cases'], serialize($cases));
    try {
        $ref = spawn([$php, '-n', '-d', 'serialize_precision=-1', __FILE__, 'reference', $files['cases'], $files['reference']]);
        $sub = spawn([$php, '-n', '-d', 'serialize_precision=-1', '-d', "extension=$ext", '-d', 'zser.json_override=1',
            __FILE__, 'subject', $files['cases'], $files['subject']]);
        if ($ref !== 0 || $sub !== 0) {
            echo "json override diff: a child process failed (reference $ref, subject $sub), seed $seed\n";
            return 1;
        }
        $want = unserialize(file_get_contents($files['reference']));
        $got = unserialize(file_get_contents($files['subject']));
    } finally {
        array_map('unlink', array_filter($files, 'file_exists'));
        @rmdir($dir);
    }

    $bad = 0;
    foreach ($cases as $i => $case) {
        if ($got[$i] === $want[$i]) {
            continue;
        }
        if (++$bad <= 10) {
            echo "MISMATCH case $i (seed $seed): ", $case[0], '(', var_export($case[1], true), ")\n",
                '  ext/json: ', var_export($want[$i], true), "\n",
                '  override: ', var_export($got[$i], true), "\n";
        }
    }
    printf("json override diff: %d cases, %d mismatches, seed %d\n", count($cases), $bad, $seed);
    return $bad ? 1 : 0;
}

if (PHP_SAPI === 'cli' && isset($argv[1]) && in_array($argv[1], ['reference', 'subject'], true)) {
    exit(child($argv[1], $argv[2], $argv[3]));
}
exit(driver());
