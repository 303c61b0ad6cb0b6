<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * Shared helpers of the PHP benchmarks: run mode (full or BENCH_QUICK), side-by-side timing with
 * medians, memory deltas, detection of functions that are missing or still throw, number
 * formatting, plain-text and Markdown tables, and the check-failure tally. No dataset lives here
 * (see datasets.php) and nothing here draws charts (see svg.php).
 */

declare(strict_types=1);

define('BENCH_ROOT', dirname(__DIR__, 2));

/** True for the short smoke run (BENCH_QUICK=1): tiny loops, one round, same correctness checks. */
function bench_quick(): bool
{
	return getenv('BENCH_QUICK') === '1';
}

/** Number of side-by-side rounds per measurement; BENCH_ROUNDS overrides. */
function bench_rounds(): int
{
	$r = getenv('BENCH_ROUNDS');
	if ($r !== false && (int)$r > 0) {
		return (int)$r;
	}
	return bench_quick() ? 1 : 9;
}

/** Wall time one sample should last, in nanoseconds, so short operations are looped. */
function bench_sample_ns(): int
{
	return bench_quick() ? 2_000_000 : 25_000_000;
}

/** Directory where charts go: docs/ on a full run, bench/out/ on a quick one (BENCH_SVG_DIR overrides). */
function bench_svg_dir(): string
{
	$d = getenv('BENCH_SVG_DIR');
	if ($d === false || $d === '') {
		$d = bench_quick() ? BENCH_ROOT . '/bench/out' : BENCH_ROOT . '/docs';
	}
	if (!is_dir($d)) {
		mkdir($d, 0777, true);
	}
	return $d;
}

/** Directory for the Markdown tables of the last run (bench/out/, not committed). */
function bench_out_dir(): string
{
	$d = getenv('BENCH_OUT_DIR');
	if ($d === false || $d === '') {
		$d = BENCH_ROOT . '/bench/out';
	}
	if (!is_dir($d)) {
		mkdir($d, 0777, true);
	}
	return $d;
}

/**
 * The JSON corpora: <repo>/../shared/bench-data/json. In a git worktree the shared data sits
 * beside the main checkout instead, found through git's common directory. BENCH_JSON_DIR
 * overrides both.
 */
function bench_corpus_dir(): string
{
	$d = getenv('BENCH_JSON_DIR');
	if ($d !== false && $d !== '') {
		return $d;
	}
	$d = BENCH_ROOT . '/../shared/bench-data/json';
	if (!is_dir($d)) {
		$common = trim((string)@shell_exec('git -C ' . escapeshellarg(BENCH_ROOT)
			. ' rev-parse --path-format=absolute --git-common-dir 2>/dev/null'));
		if ($common !== '' && is_dir(dirname($common) . '/../shared/bench-data/json')) {
			$d = dirname($common) . '/../shared/bench-data/json';
		}
	}
	return $d;
}

/**
 * Whether $fn exists and works: placeholders of functions not written yet throw, and a benchmark
 * must then print "n/a" instead of dying.
 */
function bench_works(string $fn, callable $probe): bool
{
	if (!function_exists($fn)) {
		return false;
	}
	try {
		$probe();
		return true;
	} catch (Throwable $e) {
		return false;
	}
}

/* ==== failures: every wrong round trip is counted, and the script exits 1 at the end ==== */

$GLOBALS['bench_failures'] = [];

function bench_fail(string $what): void
{
	$GLOBALS['bench_failures'][] = $what;
	fwrite(STDERR, "CHECK FAILED: $what\n");
}

/* A warning or notice during a benchmark means something went wrong with its data or a
 * competitor (a failed unpack, a missing file): count it as a failed check, not as noise. */
set_error_handler(function (int $no, string $msg, string $file, int $line): bool {
	bench_fail(sprintf('PHP error %d "%s" at %s:%d', $no, $msg, basename($file), $line));
	return true;
});

/** Prints the verdict of the correctness checks and returns the exit status. */
function bench_finish(string $script): int
{
	$f = $GLOBALS['bench_failures'];
	if ($f) {
		printf("%s: %d correctness check(s) FAILED\n", $script, count($f));
		return 1;
	}
	printf("%s: all correctness checks passed\n", $script);
	return 0;
}

/* ==== timing ==== */

/**
 * Nanoseconds taken by $loop($n), where $loop runs the measured operation $n times in its own
 * for loop: a closure call per operation would add its cost to every sample and pull the ratios
 * of short operations towards 1.
 */
function bench_time(callable $loop, int $n): int
{
	/* Each sample starts with an empty garbage-collector root buffer and ends, inside the
	 * clock, by collecting the cycles its own calls left: each implementation pays for its own
	 * garbage exactly, however far PHP's adaptive threshold has moved (the collections of
	 * earlier datasets raise it, and the runs inside a sample then came or not by chance). */
	gc_collect_cycles();
	if (bench_clock() === 'wall') {
		$t = hrtime(true);
		$loop($n);
		gc_collect_cycles();
		return hrtime(true) - $t;
	}
	$t = bench_cpu_ns();
	$loop($n);
	gc_collect_cycles();
	return bench_cpu_ns() - $t;
}

/**
 * The clock of every figure: "cpu" (default) is the user + system CPU time of this process, which
 * leaves out the time it waits for a core while other processes run; "wall" is elapsed time.
 * On a shared 2-core machine with a load of several, wall-clock ratios of two identical loops
 * spread from 0.8 to 1.8, CPU-time ratios far less. BENCH_CLOCK selects.
 */
function bench_clock(): string
{
	return getenv('BENCH_CLOCK') === 'wall' ? 'wall' : 'cpu';
}

/** User + system CPU time of this process in nanoseconds (microsecond resolution). */
function bench_cpu_ns(): int
{
	$r = getrusage();
	return ($r['ru_utime.tv_sec'] + $r['ru_stime.tv_sec']) * 1_000_000_000
		+ ($r['ru_utime.tv_usec'] + $r['ru_stime.tv_usec']) * 1000;
}

/** How many operations of $loop make one sample of about bench_sample_ns(); at least 1. */
function bench_calibrate(callable $loop): int
{
	$t = bench_time($loop, 1);
	$n = 1;
	while ($t < 1_000_000 && $n < 1_000_000) {
		$n *= 4;
		$t = bench_time($loop, $n);
	}
	$per = max(1, intdiv($t, $n));
	return max(1, intdiv(bench_sample_ns(), $per));
}

/**
 * bench_calibrate() for each implementation apart (null entries skipped): for a comparison
 * whose implementations differ by tens of times, where one count would leave the fastest a
 * sample of a millisecond or two, as noisy as a single call.
 *
 * @param array<string, ?callable> $impls
 * @return array<string, int>
 */
function bench_calibrate_each(array $impls): array
{
	$n = [];
	foreach ($impls as $name => $loop) {
		if ($loop !== null) {
			$n[$name] = bench_calibrate($loop);
		}
	}
	return $n;
}

function bench_median(array $xs): float
{
	sort($xs);
	$c = count($xs);
	if ($c === 0) {
		return NAN;
	}
	return $c % 2 ? (float)$xs[intdiv($c, 2)] : ($xs[$c / 2 - 1] + $xs[$c / 2]) / 2.0;
}

/**
 * Times several implementations of one operation side by side: each round runs every
 * implementation's loop once with $n operations, the order rotating from round to round so that a burst of
 * noise from other processes hits all of them alike. $n is one count for all, or a count per
 * name (bench_calibrate_each(): each loop then lasts about a sample, however fast it is). Null
 * entries (missing implementations) are skipped. Returns, per name, the median nanoseconds per
 * call and, per name, the median over rounds of (its time per call / the first
 * implementation's time per call in the same round); `times` holds each round's time per call.
 *
 * @param array<string, ?callable> $impls name => fn(int $n) running $n operations
 * @param int|array<string, int> $n
 * @return array{ns: array<string, ?float>, ratio: array<string, ?float>, times: array<string, list<float>>}
 */
function bench_side_by_side(array $impls, int|array $n, ?int $rounds = null): array
{
	$rounds ??= bench_rounds();
	$names = array_keys(array_filter($impls, fn($f) => $f !== null));
	$times = array_fill_keys($names, []);
	foreach ($names as $name) {
		$impls[$name](1); /* warm caches and the allocator once */
	}
	for ($r = 0; $r < $rounds; $r++) {
		$order = $names;
		if ($order) {
			$k = $r % count($order);
			$order = array_merge(array_slice($order, $k), array_slice($order, 0, $k));
		}
		foreach ($order as $name) {
			$count = is_array($n) ? $n[$name] : $n;
			$times[$name][] = bench_time($impls[$name], $count) / $count;
		}
	}
	$ns = [];
	$ratio = [];
	$base = array_key_first($impls);
	foreach (array_keys($impls) as $name) {
		if (!isset($times[$name])) {
			$ns[$name] = null;
			$ratio[$name] = null;
			continue;
		}
		$ns[$name] = bench_median($times[$name]);
		if (!isset($times[$base])) {
			$ratio[$name] = null;
			continue;
		}
		$per = [];
		foreach ($times[$name] as $i => $t) {
			$per[] = $t / max(1e-9, $times[$base][$i]);
		}
		$ratio[$name] = bench_median($per);
	}
	return ['ns' => $ns, 'ratio' => $ratio, 'times' => $times];
}

/** Median over rounds of time($a) / time($b) from one bench_side_by_side() result; null if either is missing. */
function bench_paired_ratio(array $res, string $a, string $b): ?float
{
	if (!isset($res['times'][$a], $res['times'][$b])) {
		return null;
	}
	$per = [];
	foreach ($res['times'][$a] as $i => $t) {
		$per[] = $t / max(1e-9, $res['times'][$b][$i]);
	}
	return bench_median($per);
}

/**
 * The ratio the method reports for one loop timed against itself: how far from 1.0 a ratio can
 * drift by noise alone in this run. Printed with the results so they can be read against it.
 */
function bench_noise_floor(callable $loop): float
{
	$r = bench_side_by_side(['a' => $loop, 'b' => $loop], bench_calibrate($loop));
	return $r['ratio']['b'];
}

/**
 * Bytes that the value made by $make() keeps allocated (memory_get_usage() delta while it is
 * alive). The input is created by the caller beforehand so only the result is counted.
 */
function bench_memory(callable $make): int
{
	gc_collect_cycles();
	$before = memory_get_usage();
	$v = $make();
	$after = memory_get_usage();
	unset($v);
	return $after - $before;
}

/* ==== formatting ==== */

function fmt_ns(?float $ns): string
{
	if ($ns === null) {
		return 'n/a';
	}
	if ($ns < 1e3) {
		return sprintf('%.0f ns', $ns);
	}
	if ($ns < 1e6) {
		return sprintf('%.2f µs', $ns / 1e3);
	}
	return sprintf('%.2f ms', $ns / 1e6);
}

function fmt_ms(?float $ns): string
{
	return $ns === null ? 'n/a' : sprintf('%.1f', $ns / 1e6);
}

function fmt_ratio(?float $r): string
{
	return $r === null ? 'n/a' : sprintf('%.3f', $r);
}

function fmt_bytes(?int $b): string
{
	if ($b === null) {
		return 'n/a';
	}
	return number_format($b);
}

function fmt_mbs(?float $ns, int $bytes): string
{
	if ($ns === null || $ns <= 0) {
		return 'n/a';
	}
	return sprintf('%.0f', $bytes / ($ns / 1e9) / 1e6);
}

/**
 * Verdict of a ratio against a target: "ok" when $r <= $limit, "MISS" above, "n/a" when not
 * measured, "" when there is no target.
 */
function mark(?float $r, ?float $limit): string
{
	if ($limit === null) {
		return '';
	}
	if ($r === null) {
		return 'n/a';
	}
	return $r <= $limit ? 'ok' : 'MISS';
}

/** A target column cell: "ok (<=0.40)". */
function mark_cell(?float $r, ?float $limit): string
{
	if ($limit === null) {
		return '-';
	}
	return sprintf('%s (<=%.2f)', mark($r, $limit), $limit);
}

/**
 * Width of a cell in characters, counted without mbstring: a minimal PHP install lacks it and
 * the benches need it for nothing else.
 */
function text_width(string $s): int
{
	return (int)preg_match_all('/./su', $s);
}

/**
 * Prints an aligned plain-text table (first column left-aligned, the others right-aligned) and
 * returns the same table as Markdown for bench/out/.
 *
 * @param list<string> $head
 * @param list<list<string>> $rows
 */
function print_table(array $head, array $rows): string
{
	$w = [];
	foreach (array_merge([$head], $rows) as $row) {
		foreach ($row as $i => $cell) {
			$w[$i] = max($w[$i] ?? 0, text_width($cell));
		}
	}
	$line = function (array $row) use ($w): string {
		$out = [];
		foreach ($row as $i => $cell) {
			$pad = str_repeat(' ', $w[$i] - text_width($cell));
			$out[] = $i === 0 ? $cell . $pad : $pad . $cell;
		}
		return rtrim(implode('  ', $out));
	};
	echo $line($head), "\n";
	echo str_repeat('-', array_sum($w) + 2 * (count($w) - 1)), "\n";
	foreach ($rows as $row) {
		echo $line($row), "\n";
	}
	echo "\n";
	$md = '| ' . implode(' | ', $head) . " |\n|---|" . str_repeat('---:|', count($head) - 1) . "\n";
	foreach ($rows as $row) {
		$md .= '| ' . implode(' | ', $row) . " |\n";
	}
	return $md;
}

/** Prints the PHP build and the versions of every extension a benchmark compares. */
function bench_header(string $title): void
{
	printf("== %s%s\n", $title, bench_quick() ? ' (BENCH_QUICK=1: tiny loops, figures meaningless)' : '');
	printf("PHP %s %s, %s; json %s, igbinary %s, msgpack %s, zser %s\n", PHP_VERSION,
		PHP_ZTS ? 'ZTS' : 'NTS', PHP_OS, phpversion('json') ?: '-', phpversion('igbinary') ?: 'not loaded',
		phpversion('msgpack') ?: 'not loaded', phpversion('zser') ?: 'not loaded');
	printf("clock: %s; %d side-by-side round(s) per figure, samples of about %d ms\n\n",
		bench_clock() === 'cpu' ? 'CPU time of this process (user + system)' : 'wall time',
		bench_rounds(), intdiv(bench_sample_ns(), 1_000_000));
}
