<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * One fleet client process: walks $count users through a switch of the session handler to
 * zser and a rollback, on the hosts of one old handler: php_serialize for odd-numbered
 * clients, igbinary for even ones (run.sh starts the hosts):
 *   1. log in on the old host O, which stores the old format;
 *   2. readers first: change the session on the new host R (reads everything, writes the old
 *      format), read it back on O, and visit R once more without a change (the stored bytes
 *      must stay as they are: session.lazy_write sees no change);
 *   3. writers switched: read on the new host Z (writes zser): the session is now stored as
 *      zser;
 *   4. rollback: writers switched back first, so a visit on R stores the old format again,
 *      and then the old host O reads the session.
 * At each step the session must be what the client built itself from the same user and seed
 * (objects, a shared object, references, enums, binary strings), and the stored bytes in
 * Redis must be in the format the step writes. Every step runs for all sessions before the
 * next, so many sessions are live at once, and the other clients run side by side: old,
 * reading and writing hosts serve the same Redis together. Finally every third session gets
 * its stored bytes truncated: host Z must refuse it with the warning PHP gives for bad
 * session data, destroy it, and serve a fresh session on the next request.
 * Usage: php client.php PORTS REDIS_PORT CLIENT_NO COUNT SEED, PORTS as
 *        "OP=port,OG=port,RP=port,RG=port,Z=port"
 * Prints one line "client N: P passed, F failed" and the failures; exits 0 only if all pass.
 */
require __DIR__ . '/fleet_values.php';

[, $portList, $redisPort, $clientNo, $count, $seed] = $argv;
$ports = [];
foreach (explode(',', $portList) as $kv) {
    [$k, $v] = explode('=', $kv);
    $ports[$k] = (int)$v;
}
$family = $clientNo % 2 ? 'php_serialize' : 'igbinary';
[$old, $reader] = $family === 'php_serialize' ? ['OP', 'RP'] : ['OG', 'RG'];
$intKey = $family !== 'igbinary';
$count = (int)$count;
$failures = [];

function request(int $port, string $query, ?string $cookie): array
{
    $ctx = stream_context_create(['http' => [
        'header' => $cookie === null ? '' : "Cookie: $cookie\r\n",
        'timeout' => 20,
        'ignore_errors' => true,
    ]]);
    $body = @file_get_contents("http://127.0.0.1:$port/app.php?$query", false, $ctx);
    $headers = $http_response_header ?? [];
    $setCookie = null;
    foreach ($headers as $h) {
        if (preg_match('/^Set-Cookie:\s*([^;]+)/i', $h, $m)) {
            $setCookie = $m[1];
        }
    }
    $json = $body === false ? null : json_decode($body, true);
    return [$json ?? ['error' => 'bad response: ' . var_export($body, true)], $setCookie];
}

/* The format of stored session bytes, from their first bytes. */
function stored_format($raw): string
{
    if (!is_string($raw) || $raw === '') {
        return 'none';
    }
    if ($raw[0] === 'Z') {
        return 'zser';
    }
    if (str_starts_with($raw, 'a:')) {
        return 'php_serialize';
    }
    return str_starts_with($raw, "\0\0\0\2") ? 'igbinary' : 'unknown';
}

$redis = new Redis();
$redis->connect('127.0.0.1', (int)$redisPort, 5);

$sessions = [];
for ($i = 0; $i < $count; $i++) {
    $user = "user-$clientNo-$i";
    $s = (int)$seed * 1000 + (int)$clientNo * 100 + $i;
    [$res, $cookie] = request($ports[$old], "op=login&user=$user&seed=$s", null);
    if (($res['host'] ?? '') !== $old || $cookie === null || isset($res['error'])) {
        $failures[$user] = "login on $old: " . json_encode($res);
        continue;
    }
    $expected = [];
    fleet_login($expected, $user, $s);
    fleet_modify($expected, $user, $s, $intKey);
    $sessions[$user] = ['seed' => $s, 'cookie' => $cookie, 'sid' => $res['sid'],
        'key' => "PHPREDIS_SESSION:{$res['sid']}", 'expected' => serialize($expected)];
}

/* Runs $step for every session still passing; a string it returns is that session's failure. */
function each_session(string $name, callable $step): void
{
    global $sessions, $failures;
    foreach ($sessions as $user => $c) {
        if (isset($failures[$user])) {
            continue;
        }
        $why = $step($user, $c);
        if (is_string($why)) {
            $failures[$user] = "$name: $why";
        }
    }
}

/* Reads the session on host $host; null when it is the expected one, else why not. */
function check_read(string $host, array $c): ?string
{
    global $ports;
    [$res] = request($ports[$host], 'op=read', $c['cookie']);
    $got = isset($res['session']) ? base64_decode($res['session']) : null;
    if (($res['host'] ?? '') !== $host || $got !== $c['expected']) {
        return "read on $host differs: " . json_encode($res);
    }
    if (in_array(false, $res['invariants'], true)) {
        return "invariants on $host: " . json_encode($res['invariants']);
    }
    return null;
}

function check_stored(array $c, string $format): ?string
{
    global $redis;
    $raw = $redis->get($c['key']);
    if (stored_format($raw) !== $format) {
        return "stored as " . stored_format($raw) . ", not $format: " . var_export(substr((string)$raw, 0, 24), true);
    }
    return null;
}

each_session("login on $old", fn($user, $c) => check_stored($c, $family));

// 1. Readers first: R reads the old format and writes it; O, still in the fleet, reads that.
each_session("modify on $reader", function ($user, $c) use ($reader, $intKey, $family) {
    [$res] = request($GLOBALS['ports'][$reader],
        "op=modify&user=$user&seed={$c['seed']}&int_key=" . (int)$intKey, $c['cookie']);
    if (($res['host'] ?? '') !== $reader || ($res['saw_login'] ?? false) !== true || ($res['sid'] ?? '') !== $c['sid']) {
        return json_encode($res);
    }
    return check_stored($c, $family);
});
each_session("read on $old after $reader wrote", fn($user, $c) => check_read($old, $c));
each_session("read-only visit on $reader", function ($user, $c) use ($reader, $redis) {
    $before = $redis->get($c['key']);
    $why = check_read($reader, $c);
    if ($why === null && $redis->get($c['key']) !== $before) {
        $why = 'rewritten although unchanged';
    }
    return $why;
});

// 2. Writers switched: a visit on Z stores zser, which decodes here to the same session.
each_session('read on Z', function ($user, $c) use ($redis) {
    $why = check_read('Z', $c) ?? check_stored($c, 'zser');
    if ($why === null) {
        $decoded = @zser_unserialize($redis->get($c['key']));
        if (!is_array($decoded) || serialize($decoded) !== $c['expected']) {
            $why = 'the zser bytes in Redis decode to another session';
        }
    }
    return $why;
});

// 3. Rollback: writers first (R writes the old format again), then the old handler reads.
each_session("rollback visit on $reader", fn($user, $c) => check_read($reader, $c) ?? check_stored($c, $family));
each_session("read on $old after the rollback", fn($user, $c) => check_read($old, $c));

each_session('truncated', function ($user, $c) use ($redis) {
    if ($c['seed'] % 3 !== 0) {
        return null;
    }
    $raw = (string)$redis->get($c['key']);
    $redis->set($c['key'], substr($raw, 0, intdiv(strlen($raw), 2)));
    [$res] = request($GLOBALS['ports']['Z'], 'op=read', $c['cookie']);
    if (($res['error'] ?? '') !== 'session_start failed'
        || !str_contains((string)($res['warning'] ?? ''), 'Failed to decode session object')
        || $redis->exists($c['key'])) {
        return 'not refused cleanly: ' . json_encode($res);
    }
    [$res] = request($GLOBALS['ports']['Z'], 'op=read', $c['cookie']);
    if (($res['host'] ?? '') !== 'Z' || isset($res['error']) || base64_decode($res['session'] ?? '') !== serialize([])) {
        return 'no fresh session after a truncated one: ' . json_encode($res);
    }
    return null;
});

$passed = $count - count($failures);
printf("client %d (%s): %d passed, %d failed\n", $clientNo, $family, $passed, count($failures));
foreach ($failures as $user => $why) {
    echo "  FAIL $user (seed $seed): $why\n";
}
exit($failures ? 1 : 0);
