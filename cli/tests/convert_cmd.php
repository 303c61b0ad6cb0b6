<?php
// zser — SPDX-License-Identifier: MIT
//
// `zser convert` as a command: each error path (bad input, forced wrong format, bad options,
// output that cannot be written, binary to a terminal, values the target cannot express,
// output that would not read back, --max-output) exits with its documented code, names
// format, offset and reason, and writes nothing; --no-verify skips the check; `php` session
// data becomes exactly what the zser session handler reads back, so it can be stored again.
// Env: ZSER_SEED (unused here; printed for the summary's format).

require __DIR__ . '/lib.php';

$seed = test_seed();
$pass = $fail = 0;
ob_start(); // sessions start only before any output
$tmpdir = sys_get_temp_dir() . '/zser-convert-' . getmypid();
@mkdir($tmpdir);
register_shutdown_function(function () use ($tmpdir) {
	array_map('unlink', glob("$tmpdir/*"));
	@rmdir($tmpdir);
});

if (!function_exists('zser_unserialize')) {
	echo "convert_cmd: 0 cases (zser extension not loaded), 0 passed, 1 failed\n";
	exit(1);
}

/** Runs zser with a pseudo-terminal as stdout (script(1)); returns [exit code, all output]. */
function zser_tty(array $args, string $in): array
{
	global $tmpdir;
	file_put_contents("$tmpdir/tty-in", $in);
	$cmd = implode(' ', array_map('escapeshellarg', array_merge([zser_bin()], $args))) .
		' < ' . escapeshellarg("$tmpdir/tty-in");
	$p = proc_open(['timeout', '20', 'script', '-qec', $cmd, '/dev/null'],
		[0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
	$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
	return [proc_close($p), $out];
}

/** A failed convert: exit code $want_rc, every $needles in stderr, nothing on stdout, and no
 * -o file left behind. */
function refused(string $what, array $args, string $in, int $want_rc, array $needles): void
{
	global $tmpdir;
	$o = "$tmpdir/out-" . md5($what);
	[$rc, $out, $err] = zser_run(array_merge(['convert'], $args, ['-o', $o]), $in);
	$ok = $rc === $want_rc && $out === '' && !file_exists($o);
	foreach ($needles as $n) {
		$ok = $ok && str_contains($err, $n);
	}
	ok($ok, "$what: rc=$rc (want $want_rc), stderr: " . trim($err));
	// and to stdout: nothing either
	[$rc2, $out2] = zser_run(array_merge(['convert'], $args), $in);
	ok($rc2 === $want_rc && $out2 === '', "$what (stdout): rc=$rc2, " . strlen($out2) . ' bytes out');
}

$value = ['id' => 7, 'tags' => ['a', 'b'], 'f' => -0.0];
$ser = serialize($value);

// ---- bad input
refused('truncated serialize()', [], substr($ser, 0, -3), 1, ['error at offset', '(reading php-serialize)']);
refused('unknown format', [], "\x01\x02garbage", 1, ['error at offset 0', 'unrecognised format']);
refused('empty input', [], '', 1, ['error at offset 0', 'empty input']);
refused('forced wrong format', ['--from=igbinary'], $ser, 1, ['error at offset 0', 'igbinary']);
refused('corrupt zser', [], "Z\x01\xDA", 1, ['error at offset 2', 'unknown tag', '(reading zser v1)']);
if (function_exists('igbinary_serialize')) {
	refused('truncated igbinary', [], substr(igbinary_serialize($value), 0, -2), 1,
		['error at offset', '(reading igbinary v2)']);
}

// ---- bad command lines and output
foreach ([['--to=json'], ['--to='], ['--from=xml'], ['a', 'b']] as $args) {
	[$rc, $out, $err] = zser_run(array_merge(['convert'], $args), $ser);
	ok($rc === 2 && $out === '' && str_contains($err, "try 'zser --help'"), 'usage ' . implode(' ', $args) . ": rc=$rc " . trim($err));
}
foreach ([['dump', '--to=zser'], ['check', '--no-verify']] as $args) {
	[$rc, , $err] = zser_run($args, $ser);
	ok($rc === 2 && str_contains($err, 'option only for convert'), implode(' ', $args) . ": rc=$rc " . trim($err));
}
[$rc, $out, $err] = zser_run(['convert', '-o', "$tmpdir/no/such/dir/x"], $ser);
ok($rc === 3 && str_contains($err, 'cannot write'), "unwritable -o: rc=$rc " . trim($err));
[$rc, $out, $err] = zser_run(['convert', "$tmpdir/missing-input"], '');
ok($rc === 3 && $out === '', "missing input file: rc=$rc " . trim($err));
[$rc, $tty] = zser_tty(['convert'], $ser);
ok($rc === 2 && str_contains($tty, 'not writing a binary blob to a terminal'), "zser to a terminal: rc=$rc $tty");
[$rc, $tty] = zser_tty(['convert', '--force'], $ser);
ok($rc === 0 && str_contains($tty, 'Z'), "--force to a terminal: rc=$rc");
[$rc, $tty] = zser_tty(['convert', '--to=serialize'], zser_serialize($value));
ok($rc === 0 && str_contains($tty, $ser), "serialize() text to a terminal: rc=$rc $tty");

// ---- what the target cannot express, and output that would not read back
// a NaN other than PHP's NAN: serialize() spells every NaN "NAN"
$odd_nan = zser_serialize([unpack('e', "\x01\x00\x00\x00\x00\x00\xf8\x7f")[1]]);
refused('NaN payload to serialize()', ['--to=serialize'], $odd_nan, 1,
	['error at offset 3', 'verification failed', 'float', 'nothing written']);
[$rc, $out, $err] = zser_run(['convert', '--to=serialize', '--no-verify'], $odd_nan);
ok($rc === 0 && $out === 'a:1:{i:0;d:NAN;}', "--no-verify writes what it can: rc=$rc $out");
// an array whose keys repeat as PHP stores them ("5" is 5): zser has no way to write it
refused('duplicate key', [], 'a:2:{i:5;i:1;s:1:"5";i:2;}', 1,
	['verification failed', 'duplicate key', 'nothing written']);
// a Serializable object whose payload took slots of nested zser blobs (FORMAT.md §8.3)
refused('OBJECT_BLOB_SLOTS', ['--to=serialize'], "Z\x81\x92\xD8\x41S\x00\x01x\xD6\x02", 1,
	['error at offset 3', 'nested zser blobs', 'writing serialize)']);
// a nested zser blob alone
refused('nested blob', ['--to=serialize'], "Z\x41\x00\xC0", 1, ['error at offset 0', 'nested zser blob']);
if (function_exists('igbinary_serialize')) {
	// An array returned from the function that made it hold a reference to itself: the
	// returned copy's element refers to the original, which igbinary_serialize() writes as a
	// copy of an array in progress, and igbinary_unserialize() makes an array that holds
	// itself without a reference, which no zser (or serialize()) value is.
	$mk = function () {
		$a = [1, 2];
		$a['me'] = &$a;
		return $a;
	};
	refused('igbinary array holding a copy of itself', [], igbinary_serialize($mk()), 1,
		['holds a copy of itself', '(reading igbinary v2, writing zser)']);
	ok(zser_run(['convert'], serialize($mk()))[0] === 0, 'the same array from serialize() converts');
}
// copies that blow up: each level holds the one before twice (igbinary shares them)
$big = str_repeat('x', 1000);
$levels = [$big];
for ($i = 0; $i < 24; $i++) {
	$levels = [$levels, $levels];
}
if (function_exists('igbinary_serialize')) {
	$ig = igbinary_serialize($levels);
	refused('--max-output', ['--max-output=1000000'], $ig, 1, ['--max-output']);
}

// ---- success paths: -o, stdin's newline, --from, the session format
[$rc, $out, $err] = zser_run(['convert', '-o', "$tmpdir/ok.zser"], $ser . "\n");
ok($rc === 0 && $out === '' && zser_unserialize(file_get_contents("$tmpdir/ok.zser")) === $value,
	"-o, newline after the value on stdin: rc=$rc " . trim($err));
[$rc, $out, $err] = zser_run(['convert', '--from=serialize', '--to=zser'], $ser);
ok($rc === 0 && zser_unserialize($out) === $value, "--from=serialize: rc=$rc " . trim($err));
[$rc, $out, $err] = zser_run(['convert', '--to=serialize'], $ser);
ok($rc === 0 && $out === $ser, "serialize() to serialize(): rc=$rc $out");

// `php` session data: the output is what the zser session handler writes for the same
// $_SESSION (a zser blob of the array), so session_decode() under the zser handler gives the
// variables the php handler gives, & references between them included.
session_save_path($tmpdir);
ini_set('session.use_cookies', '0');
ini_set('session.cache_limiter', '');
$sessions = [
	'plain' => ['user' => 'ann', 'n' => 3, 'cart' => [1 => 'x', 'k' => 1.5]],
	'object' => ['o' => (object)['a' => 1], 'bin' => "\xff\x00"],
	'empty values' => ['e' => '', 'z' => 0, 'x' => null, 'l' => []],
];
foreach ($sessions as $name => $vars) {
	ini_set('session.serialize_handler', 'php');
	session_id('php' . md5($name));
	session_start();
	$_SESSION = $vars;
	if ($name === 'object') {
		$_SESSION['same'] = $_SESSION['o'];
		$_SESSION['ref'] = &$_SESSION['bin'];
	}
	$php = session_encode();
	$_SESSION = [];
	session_decode($php);
	$want = serialize($_SESSION);
	$want_zser = zser_serialize($_SESSION);
	session_write_close();
	[$rc, $out, $err] = zser_run(['convert'], $php);
	ok($rc === 0, "session $name: rc=$rc " . trim($err));
	ini_set('session.serialize_handler', 'zser');
	session_id('zser' . md5($name));
	session_start();
	$_SESSION = [];
	$decoded = session_decode($out);
	ok($decoded && serialize($_SESSION) === $want,
		"session $name: the zser handler reads the converted data as the php handler read the source: " . serialize($_SESSION));
	ok($out === $want_zser, "session $name: the bytes the zser handler writes for it");
	session_write_close();
}

echo "convert_cmd: error paths and sessions (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
