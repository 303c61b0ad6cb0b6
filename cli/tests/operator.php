<?php
// zser — SPDX-License-Identifier: MIT
//
// The zser tool as someone meets it at a shell: a blob piped from redis-cli (with its newline),
// sessions in the `php` handler's format, the version byte of blobs with references, a corrupt
// blob's dump (the tree up to the fault and the bytes around it), output that stays in
// proportion to the input (shared long strings, deep nesting, --max-output), a terminal on
// stdin or stdout, directories, several files to check, one wording of an error whatever the
// format, and the property names that PHP refuses only for some classes, run through the
// tool, unserialize() and zser_unserialize() alike. Env: ZSER_SEED (default: fresh, printed).

require __DIR__ . '/lib.php';

$seed = test_seed();
$pass = $fail = 0;
ob_start(); // sessions start only before any output
$has_ext = function_exists('zser_serialize');
$tmpdir = sys_get_temp_dir() . '/zser-operator-' . getmypid();
@mkdir($tmpdir);
register_shutdown_function(function () use ($tmpdir) {
	array_map('unlink', glob("$tmpdir/*"));
	@rmdir($tmpdir);
});

/** Runs zser with a pseudo-terminal as stdin, stdout and stderr (script(1)); `$pipe_in`, when
 * given, is piped into zser's stdin instead. Returns [exit code, everything printed]. */
function zser_tty(array $args, ?string $pipe_in = null): array
{
	$cmd = implode(' ', array_map('escapeshellarg', array_merge([zser_bin()], $args)));
	if ($pipe_in !== null) {
		$cmd = 'printf %s ' . escapeshellarg($pipe_in) . " | $cmd";
	}
	$p = proc_open(['timeout', '20', 'script', '-qec', $cmd, '/dev/null'],
		[0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
	$out = stream_get_contents($pipes[1]) . stream_get_contents($pipes[2]);
	return [proc_close($p), $out];
}

$value = ['user' => ['name' => 'bob', 'roles' => ['admin', 'dev']], 'counter' => 3, 'f' => 1.5];
$blobs = ['serialize' => serialize($value), 'igbinary' => igbinary_serialize($value)];
if ($has_ext) {
	$blobs['zser'] = zser_serialize($value);
}

// ---- redis-cli --raw GET k | zser dump -: one LF after the value is forgiven on stdin only
foreach ($blobs as $fmt => $blob) {
	[$rc, $out, $err] = zser_run(['dump', '-'], $blob . "\n");
	ok($rc === 0 && str_contains($out, '"bob"') && str_contains($err, 'ignored the newline after the value'),
		"$fmt + LF on stdin: dumped with a note (rc=$rc) " . trim($err));
	[$rc, $out, $err] = zser_run(['check'], $blob . "\n");
	ok($rc === 0 && str_contains($out, 'valid ') && str_contains($out, strlen($blob) + 1 . ' bytes'),
		"$fmt + LF: check valid, size of what was read (rc=$rc) $out");
	[$rc, , $err] = zser_run(['check'], $blob . "\n\n");
	ok($rc === 1 && str_contains($err, 'error at offset ' . strlen($blob) . ': trailing bytes'),
		"$fmt + two LFs: trailing bytes at the first (rc=$rc) " . trim($err));
	[$rc, , $err] = zser_run(['check'], $blob . "\r\n");
	ok($rc === 1 && str_contains($err, 'error at offset ' . strlen($blob) . ': trailing bytes'),
		"$fmt + CRLF: trailing bytes (rc=$rc) " . trim($err));
	$f = "$tmpdir/lf-$fmt";
	file_put_contents($f, $blob . "\n");
	[$rc, , $err] = zser_run(['check', $f], '');
	ok($rc === 1 && str_contains($err, 'trailing bytes'), "$fmt + LF in a FILE: still trailing bytes (rc=$rc) " . trim($err));
	[$rc, , $err] = zser_run(['check'], $blob);
	ok($rc === 0 && !str_contains($err, 'note'), "$fmt without LF: no note (rc=$rc) " . trim($err));
}
[$rc, , $err] = zser_run(['dump', '-'], "\n");
ok($rc === 1 && str_contains($err, 'error at offset 0: empty input (a newline alone'),
	"a newline alone (redis-cli's missing key): empty input (rc=$rc) " . trim($err));

// ---- the version byte: bit 7 is the reference flag, not part of the version
if ($has_ext) {
	$a = [1];
	$r = [&$a, &$a];
	$withref = zser_serialize($r);
	ok((ord($withref[1]) & 0x80) !== 0, 'a blob with references sets bit 7 of its version byte');
	[$rc, $out] = zser_run(['check'], $withref);
	ok($rc === 0 && str_starts_with($out, 'valid zser v1 (reference flag), '), "references: $out");
	[$rc, $out] = zser_run(['dump'], $withref);
	ok($rc === 0 && str_starts_with($out, 'format: zser v1 (reference flag), '), 'dump header with references');
	[$rc, $out] = zser_run(['dump', '--json'], $withref);
	ok($rc === 0 && (json_decode($out, true)['version'] ?? null) === 1, 'dump --json: version 1 with references');
	[$rc, $out] = zser_run(['check'], zser_serialize([1]));
	ok($rc === 0 && str_starts_with($out, 'valid zser v1, '), "no references: $out");
	[$rc, , $err] = zser_run(['check'], "Z\x82\xc0");
	ok($rc === 1 && str_contains($err, 'unsupported format version'), 'version 2 with the flag: refused ' . trim($err));
}

// ---- sessions: the `php` handler's name|value pairs, and php_serialize (a serialize() array)
$sessions = [
	'scalars and arrays' => ['user' => ['id' => 7, 'name' => "caf\xc3\xa9"], 'counter' => 1, 'x' => null, 'f' => -0.5],
	'object shared across variables' => (function () {
		$o = new stdClass();
		$o->p = 1;
		return ['a' => $o, 'b' => $o];
	})(),
	'reference across variables' => (function () {
		$s = ['v' => 1];
		$s['w'] = &$s['v'];
		return $s;
	})(),
	'names with odd bytes' => ['a b' => 1, 'Zed' => 'z', 'n:1' => [], 'é' => true],
	'empty' => [],
];
session_save_path($tmpdir);
ini_set('session.use_cookies', '0');
ini_set('session.use_only_cookies', '0');
ini_set('session.cache_limiter', '');
foreach (['php', 'php_serialize'] as $handler) {
	ini_set('session.serialize_handler', $handler);
	session_start();
	foreach ($sessions as $name => $vars) {
		$_SESSION = $vars;
		$enc = (string)session_encode(); // false for no variables under the php handler
		// what PHP reads back from that text is the reference
		$_SESSION = [];
		session_decode($enc);
		$want = (new PhpDescriber())->value($_SESSION);
		if ($enc === '') {
			[$rc, , $err] = zser_run(['check'], $enc);
			ok($rc === 1 && str_contains($err, 'empty input'), "session [$handler] $name: nothing to read: " . trim($err));
			continue;
		}
		[$rc, $out, $err] = zser_run(['dump', '--json'], $enc);
		$doc = json_decode($out, true);
		$got = is_array($doc) ? (new DumpNormalizer($doc))->slot($doc['value']) : null;
		$fmt = $handler === 'php' ? 'php-session' : 'php-serialize';
		ok($rc === 0 && $doc['format'] === $fmt && $got === $want,
			"session [$handler] $name: rc=$rc " . ($got === null ? trim($err) : first_diff($want, $got)) . ' ' . json_encode($enc));
		[$rc, $out] = zser_run(['check'], $enc);
		ok($rc === 0 && str_starts_with($out, "valid $fmt, "), "session [$handler] $name: check: $out");
	}
	session_write_close();
}
[$rc, $out] = zser_run(['check', '--format=session'], 'Zed|i:1;');
ok($rc === 0 && $out === "valid php-session, 8 bytes\n", "--format=session: $out");
[$rc, $out] = zser_run(['check'], 'Zed|i:1;');
ok($rc === 0 && $out === "valid php-session, 8 bytes\n", "a session whose first name starts with Z is no zser blob: $out");
[$rc, , $err] = zser_run(['check', '--format=session'], 'N;');
ok($rc === 1 && str_contains($err, 'error at offset 0: trailing bytes (reading php-session)'), "--format=session on serialize(): " . trim($err));
[$rc, $out] = zser_run(['dump'], 'user|a:1:{s:4:"name";s:3:"bob";}counter|i:1;');
ok($rc === 0 && $out === "format: php-session, 44 bytes\narray(2) {\n  [\"user\"] => array(1) {\n    [\"name\"] => string(3) \"bob\"\n  }\n  [\"counter\"] => int(1)\n}\n",
	"session dump text: $out");
foreach ([
	'cut in a value' => ['a|i:1;b|a:1:{i:0;s:3:"ab', 'truncated input', 24],
	'no bar after the last value' => ['a|i:1;junk', 'trailing bytes', 6],
	'bad value' => ['a|i:1;b|x:1;', 'unknown tag', 8],
	'R: to a slot of no variable' => ['a|i:1;b|R:9;', 'back-reference out of range', 10],
] as $name => [$enc, $want, $at]) {
	[$rc, , $err] = zser_run(['check'], $enc);
	ok($rc === 1 && str_contains($err, "error at offset $at: $want (reading php-session)"),
		"session $name: rc=$rc " . trim($err));
	// PHP refuses the same text
	session_start();
	$_SESSION = [];
	$decoded = @session_decode($enc);
	session_write_close();
	ok($decoded === false, "session $name: session_decode() refuses it too");
}

// ---- dump of a corrupt blob: the tree read up to the fault, then a hex window around it
$big = ['first' => 'kept', 'list' => [1, 2, 3], 'tail' => str_repeat('t', 40)];
$corrupt = ['serialize' => serialize($big), 'igbinary' => igbinary_serialize($big)];
if ($has_ext) {
	$corrupt['zser'] = zser_serialize($big);
}
foreach ($corrupt as $fmt => $blob) {
	$cut = strlen($blob) - 10; // inside the last string
	[$rc, $out, $err] = zser_run(['dump'], substr($blob, 0, $cut));
	// zser names the string's start, the others the end of the input
	$off = preg_match('/^error at offset (\d+): truncated input/', $err, $m) ? (int)$m[1] : -1;
	ok($rc === 1 && $off > 0 && $off <= $cut && str_contains($out, '["first"] => string(4) "kept"') && str_contains($out, '[2] => int(3)')
		&& str_ends_with($out, "}\n(the value is cut short here: error at offset $off)\n"),
		"$fmt cut at $cut: dump shows what was read (rc=$rc)\n$out");
	ok(preg_match('/^> ' . sprintf('%08x', intdiv($off, 16) * 16) . '  /m', $err) === 1
		&& ($off < $cut || str_contains($err, "(offset $cut is the end of the input: more bytes were expected)")),
		"$fmt cut at $cut: hex window around the fault " . $err);
	// a bad byte: the caret stands under the byte at the offset of the error
	$at = strpos($blob, 'kept');
	$at -= $fmt === 'igbinary' ? 2 : 1; // igbinary: the string's tag; else its header byte
	$bad = substr($blob, 0, $at) . "\x7f" . substr($blob, $at + 1);
	[$rc, , $err] = zser_run(['dump', '--format=' . $fmt], $bad);
	if (preg_match('/error at offset (\d+)/', $err, $m) && (int)$m[1] < strlen($bad)) {
		$off = (int)$m[1];
		$lines = explode("\n", $err);
		$marked = array_values(array_filter($lines, fn ($l) => str_starts_with($l, '> ')));
		$caret = array_values(array_filter($lines, fn ($l) => str_contains($l, "^^ offset $off")));
		$col = $caret ? strpos($caret[0], '^^') : -1;
		$byte = $marked && $col > 0 ? substr($marked[0], $col, 2) : '';
		ok($rc === 1 && count($marked) === 1 && $byte === bin2hex($bad[$off]),
			"$fmt bad byte: the caret points at byte $off ($byte) " . $err);
	} else {
		ok(false, "$fmt bad byte: an error inside the blob, got rc=$rc " . $err);
	}
}
// check prints no tree and no window
[$rc, $out, $err] = zser_run(['check'], 'a:1:{i:0;X;}');
ok($rc === 1 && $out === '' && !str_contains($err, '^^'), 'check: error line only');
// dump --json of a corrupt blob: no partial JSON
[$rc, $out] = zser_run(['dump', '--json'], 'a:1:{i:0;X;}');
ok($rc === 1 && $out === '', 'dump --json of a corrupt blob prints no JSON');

// ---- output in proportion to the input
$long = str_repeat('L', 300000);
$shared = ['igbinary' => igbinary_serialize(array_fill(0, 20, $long) + ['k' => str_repeat('s', 64), 'm' => str_repeat('s', 64)])];
if ($has_ext) {
	$shared['zser'] = zser_serialize(array_fill(0, 20, $long) + ['k' => str_repeat('s', 64), 'm' => str_repeat('s', 64)]);
}
foreach ($shared as $fmt => $blob) {
	[$rc, $out] = zser_run(['dump'], $blob);
	ok($rc === 0 && substr_count($out, '#s1 "L') === 1 && substr_count($out, '<string #s1, 293.0 KB, shown above>') === 19
		&& substr_count($out, '#s2 "ssss') === 1 && substr_count($out, '<string #s2, 64 bytes, shown above>') === 1,
		"$fmt: a shared long string is printed once and named after");
	ok(strlen($out) < strlen($blob) + 2000, "$fmt: dump of " . strlen($blob) . ' bytes prints ' . strlen($out) . ' bytes');
	[$rc, $out] = zser_run(['dump', '--max-output=1000'], $blob);
	ok($rc === 0 && strlen($out) === 1000 + strlen("\n... output stopped at 1000 bytes (--max-output)\n")
		&& str_ends_with($out, "\n... output stopped at 1000 bytes (--max-output)\n"), "$fmt: --max-output=1000 stops at 1000 bytes");
}
// to-json has no references: each use of a shared string is written out, so --max-output
// bounds it; past the limit the text is cut and the exit status says so
foreach ($shared as $fmt => $blob) {
	[$rc, $out, $err] = zser_run(['to-json', '--max-output=0'], $blob);
	ok($rc === 0 && substr_count($out, $long) === 20 && json_decode($out, true) !== null,
		"$fmt: to-json writes each use of a shared string (" . strlen($out) . ' bytes)');
	[$rc, $out, $err] = zser_run(['to-json', '--max-output=100000'], $blob);
	ok($rc === 1 && strlen($out) === 100000 && str_contains($err, 'passes --max-output=100000 bytes')
		&& str_contains($err, '0 removes it'), "$fmt: to-json --max-output=100000 cuts at 100000 bytes and exits 1: " . trim($err));
	[$rc, $out, $err] = zser_run(['to-json', '--max-output=' . (6 << 20)], $blob);
	ok($rc === 0 && $err === '' && str_ends_with($out, "}\n"), "$fmt: to-json within --max-output is whole");
}
// dump --json writes a string the blob holds once at each use, so it is bounded the same way
$interned = igbinary_serialize(array_fill(0, 20, str_repeat('J', 300000)));
[$rc, $out, $err] = zser_run(['dump', '--json', '--max-output=50000'], $interned);
ok($rc === 1 && strlen($out) === 50000 && str_contains($err, 'passes --max-output=50000 bytes'),
	'dump --json --max-output=50000 cuts at 50000 bytes and exits 1: ' . trim($err));
[$rc, $out, $err] = zser_run(['dump', '--json'], $interned);
ok($rc === 0 && $err === '' && json_decode($out, true) !== null, 'dump --json within the default limit is whole');
$amplified = igbinary_serialize(array_fill(0, 300, str_repeat('A', 300000)));
[$rc, $out, $err] = zser_run(['to-json'], $amplified);
ok($rc === 1 && strlen($out) === (64 << 20) && str_contains($err, '--max-output=67108864'),
	'to-json of ' . strlen($amplified) . ' bytes stops at the default 64 MB instead of ' . (300 * 300000) . ' bytes');
unset($amplified, $out);
// strings shorter than 64 bytes, and strings serialize() writes out each time, print in full
[$rc, $out] = zser_run(['dump'], igbinary_serialize(array_fill(0, 3, str_repeat('s', 63))));
ok($rc === 0 && substr_count($out, str_repeat('s', 63)) === 3 && !str_contains($out, '#s'), 'short shared strings print in full');
[$rc, $out] = zser_run(['dump'], serialize(array_fill(0, 3, $long)));
ok($rc === 0 && substr_count($out, $long) === 3 && !str_contains($out, '#s'), 'serialize() strings (each in the input) print in full');
// one long string beyond the default limit (64 MB) is cut, with a note; 0 lifts the limit
$huge = serialize(str_repeat('h', 70 << 20));
[$rc, $out, $err] = zser_run(['dump'], $huge);
ok($rc === 0 && strlen($out) === (64 << 20) + strlen("\n... output stopped at 67108864 bytes (--max-output)\n")
	&& str_contains($err, 'the dump was cut at 67108864 bytes'), 'default --max-output is 64 MB: ' . strlen($out) . ' ' . trim($err));
[$rc, $out, $err] = zser_run(['dump', '--max-output=0'], $huge);
ok($rc === 0 && strlen($out) === strlen("format: php-serialize, " . strlen($huge) . " bytes\nstring(" . (70 << 20) . ") \"\"\n") + (70 << 20) && $err === '',
	'--max-output=0: no limit');
unset($huge, $out);
foreach (['abc', '-1', '', '1k'] as $bad) {
	[$rc, , $err] = zser_run(['dump', "--max-output=$bad"], 'N;');
	ok($rc === 2 && str_contains($err, '--max-output needs a number'), "--max-output=$bad: usage error");
}
// depth: lines stop growing past 32 levels; total output grows linearly
$sizes = [];
foreach ([1000, 2000, 4000] as $levels) {
	$blob = str_repeat('a:1:{i:0;', $levels) . 'N;' . str_repeat('}', $levels);
	[$rc, $out] = zser_run(['dump'], $blob);
	$sizes[$levels] = strlen($out);
	ok($rc === 0 && str_contains($out, "\n" . str_repeat('  ', 32) . "<$levels> [0] => NULL\n"), "$levels levels: deepest line shows its level");
}
ok($sizes[4000] - $sizes[2000] < 2.2 * ($sizes[2000] - $sizes[1000]),
	'deep dumps grow linearly: ' . json_encode($sizes));

// ---- terminals
[$rc, $out] = zser_tty(['check']);
ok($rc === 1 && str_contains($out, 'zser: reading from standard input (end with Ctrl-D; or give a FILE)'),
	"terminal stdin: says it is reading (rc=$rc) " . trim($out));
[$rc, $out] = zser_tty(['from-json'], '[1,2]');
ok($rc === 2 && str_contains($out, 'not writing a binary blob to a terminal') && !str_contains($out, "Z\x01"),
	"from-json to a terminal: refused (rc=$rc) " . trim($out));
[$rc, $out] = zser_tty(['from-json', '--force'], '[1,2]');
ok($rc === 0 && str_contains($out, "Z\x01"), "from-json --force to a terminal: written (rc=$rc)");
[$rc, $out] = zser_tty(['from-json', '-o', "$tmpdir/out.zs"], '[1,2]');
ok($rc === 0 && trim($out) === '' && file_get_contents("$tmpdir/out.zs") === "Z\x01\x92\x01\x02", "from-json -o FILE (rc=$rc)");
[$rc, $out, $err] = zser_run(['from-json', "--output=$tmpdir/out2.zs"], '{"a":1}');
ok($rc === 0 && $out === '' && zser_run(['check'], file_get_contents("$tmpdir/out2.zs"))[0] === 0, 'from-json --output=FILE');
[$rc, , $err] = zser_run(['from-json', '-o', "$tmpdir/out3.zs"], '[1,');
ok($rc === 1 && !file_exists("$tmpdir/out3.zs"), 'from-json -o FILE of bad JSON leaves no file');
[$rc, , $err] = zser_run(['from-json', '-o', "$tmpdir/no/such/dir"], '[1]');
ok($rc === 3 && str_contains($err, 'cannot write'), 'from-json -o into a missing directory: ' . trim($err));
[$rc, , $err] = zser_run(['dump', '-o', "$tmpdir/x"], 'N;');
ok($rc === 2 && str_contains($err, '-o is for from-json'), '-o with dump: usage error');
[$rc, , $err] = zser_run(['from-json', '-o'], '[1]');
ok($rc === 2 && str_contains($err, '-o needs a FILE'), '-o without FILE: usage error');
[$rc, $out] = zser_run(['from-json'], '[1,2]');
ok($rc === 0 && $out === "Z\x01\x92\x01\x02", 'from-json to a pipe');

// ---- directories and several files
[$rc, , $err] = zser_run(['dump', $tmpdir], '');
ok($rc === 3 && trim($err) === "zser: $tmpdir: is a directory", "a directory: " . trim($err));
$good = "$tmpdir/good";
$bad = "$tmpdir/bad";
file_put_contents($good, serialize([1]));
file_put_contents($bad, 'a:1:{i:0;N;');
[$rc, $out, $err] = zser_run(['check', $good, $good], '');
ok($rc === 0 && $out === "$good: valid php-serialize, 14 bytes\n$good: valid php-serialize, 14 bytes\n", "two valid files: $out");
[$rc, $out, $err] = zser_run(['check', $good, $bad, $good], '');
ok($rc === 1 && substr_count($out, "$good: valid") === 2 && trim($err) === "$bad: error at offset 11: truncated input (reading php-serialize)",
	"one invalid among three: rc=$rc $out $err");
[$rc, $out, $err] = zser_run(['check', '-q', $good, $bad], '');
ok($rc === 1 && $out === '' && str_contains($err, "$bad: error at offset 11"), 'check -q: only the failures');
[$rc, $out, $err] = zser_run(['check', $good, "$tmpdir/missing", $bad], '');
ok($rc === 3 && str_contains($out, "$good: valid") && str_contains($err, "cannot open $tmpdir/missing") && str_contains($err, "$bad: error"),
	"a missing file among others: every file is checked, exit 3: $err");
[$rc, , $err] = zser_run(['dump', $good, $good], '');
ok($rc === 2 && str_contains($err, 'only check takes several files'), 'dump of two files: usage error');

// ---- one wording of an error, whatever the format
$same = [
	'truncated input' => ['a:1:{i:0;', igbinary_serialize([1, 2]) !== '' ? substr(igbinary_serialize(['x' => 'abc']), 0, -2) : ''],
	'trailing bytes' => ['N;N;', igbinary_serialize(null) . "\x00"],
	'maximum depth exceeded' => [str_repeat('a:1:{i:0;', 5000), "\0\0\0\2" . str_repeat("\x14\x01\x06\x00", 5000)],
	'count exceeds input' => ['a:99:{}', "\0\0\0\2\x14\x63"],
	'integer out of range' => ['i:9223372036854775808;', "\0\0\0\2\x20\x80\0\0\0\0\0\0\0"],
	'back-reference out of range' => ['a:1:{i:0;R:5;}', "\0\0\0\2\x14\x01\x06\x00\x01\x05"],
];
if ($has_ext) {
	$same['truncated input'][] = substr(zser_serialize(['x' => 'abc']), 0, -2);
	$same['trailing bytes'][] = zser_serialize(null) . "\x00";
	$same['maximum depth exceeded'][] = "Z\x01" . str_repeat("\x91", 5000) . "\xc0";
	$same['count exceeds input'][] = "Z\x01\xcf\xff\xff\xff\x07";
}
foreach ($same as $msg => $inputs) {
	foreach ($inputs as $i => $blob) {
		[$rc, , $err] = zser_run(['check'], $blob);
		ok($rc === 1 && preg_match('/^error at offset \d+: ' . preg_quote($msg, '/') . ' \(reading /', $err) === 1,
			"'$msg' #$i: " . trim($err));
	}
}
[$rc, , $err] = zser_run(['from-json'], '[1] x');
ok($rc === 1 && str_contains($err, ': trailing bytes (reading JSON)'), 'from-json: trailing bytes ' . trim($err));
[$rc, , $err] = zser_run(['from-json'], str_repeat('[', 5000));
ok($rc === 1 && str_contains($err, ': maximum depth exceeded (reading JSON)'), 'from-json: maximum depth exceeded ' . trim($err));

// ---- mangled property names: the tool, unserialize() and zser_unserialize() side by side
#[AllowDynamicProperties]
class Declares
{
	public $a = 1;
}
$names = ["\0Foo", "\0*", "\0", "\0\0a", "\0Foo\0", "\0*\0", "\0A\0b", "\0*\0p", "plain", ''];
// a placeholder of the same length, found once in the blob, is swapped for the name
$with_name = function (string $blob, string $ph, string $name): ?string {
	return substr_count($blob, $ph) === 1 ? str_replace($ph, $name, $blob) : null;
};
foreach ($names as $name) {
	$len = strlen($name);
	foreach (['Declares', 'stdClass'] as $class) {
		$ph = null;
		foreach (['~', '`', '^', '|', '}'] as $c) {
			$cand = str_repeat($c, $len);
			$o = new $class();
			if ($len) {
				$o->{$cand} = 7;
			}
			$blobs = ['serialize' => serialize($o)];
			if ($has_ext) {
				$blobs['zser'] = zser_serialize($o);
			}
			$ok_all = $len > 0;
			foreach ($blobs as $k => $b) {
				$ok_all = $ok_all && substr_count($b, $k === 'serialize' ? "\"$cand\"" : $cand) === 1;
			}
			if ($ok_all) {
				$ph = $cand;
				break;
			}
		}
		if ($ph === null) {
			continue; // the empty name: no property to rename
		}
		foreach ($blobs as $fmt => $b) {
			$blob = $fmt === 'serialize' ? str_replace("\"$ph\"", "\"$name\"", $b) : $with_name($b, $ph, $name);
			if ($fmt === 'serialize') {
				$php_ok = @unserialize($blob) !== false;
			} else {
				try {
					$php_ok = @zser_unserialize($blob) !== false;
				} catch (Throwable $e) {
					$php_ok = false;
				}
			}
			[$rc, $out, $err] = zser_run(['check'], $blob);
			$warned = str_contains($err, 'malformed mangled property name')
				&& str_contains($err, 'class-level checks need PHP');
			$label = json_encode($name) . " in $class [$fmt]";
			// valid format either way; the tool warns exactly where PHP refuses for a class
			// that declares properties
			ok($rc === 0 && str_starts_with($out, 'valid '), "$label: valid format (rc=$rc) " . trim($err));
			if ($class === 'Declares') {
				ok($warned === !$php_ok, "$label: PHP " . ($php_ok ? 'accepts' : 'refuses') . ', tool ' . ($warned ? 'warns' : 'is silent'));
			} else {
				ok($php_ok, "$label: PHP accepts it (no declared properties)");
				ok($warned === ($name[0] === "\0" && !preg_match('/^\0[^\0]+\0./s', $name)),
					"$label: tool warns on the malformed name only " . trim($err));
			}
			if ($warned) {
				ok(preg_match('/^warning at offset (\d+): 1 malformed mangled property name; PHP refuses it/', $err, $m) === 1
					&& substr($blob, (int)$m[1], 1) !== false, "$label: warning names an offset in the blob " . trim($err));
				[$rc, $out, $err] = zser_run(['check', '-q'], $blob);
				ok($rc === 0 && str_contains($out, 'valid ') && str_contains($err, 'warning'), "$label: check -q still says why");
			}
		}
	}
}

ob_end_flush();
echo "operator: " . ($pass + $fail) . " cases (seed $seed), $pass passed, $fail failed\n";
exit($fail ? 1 : 0);
