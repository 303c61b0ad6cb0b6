<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * One fleet client process: logs $count users in on host A (even-numbered clients) or on
 * host C, which still writes with the `php` handler; changes every session on host B; reads
 * every session back on A, and checks each against what it built itself from the same
 * user and seed; it also reads the raw bytes from Redis and decodes them with
 * zser_unserialize(). All logins happen before any change, so many sessions are live at
 * once, and several client processes run side by side. Finally every third session gets its
 * stored bytes truncated in Redis: host A must refuse it with the warning PHP gives for bad
 * session data, destroy it, and serve a fresh session on the next request.
 * Usage: php client.php HOST_A_PORT HOST_B_PORT HOST_C_PORT REDIS_PORT CLIENT_NO COUNT SEED
 * Prints one line "client N: P passed, F failed" and the failures; exits 0 only if all pass.
 */
require __DIR__ . '/fleet_values.php';

[, $portA, $portB, $portC, $redisPort, $clientNo, $count, $seed] = $argv;
[$loginHost, $loginPort] = $clientNo % 2 ? ['C', (int)$portC] : ['A', (int)$portA];
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

$redis = new Redis();
$redis->connect('127.0.0.1', (int)$redisPort, 5);

$sessions = [];
for ($i = 0; $i < $count; $i++) {
    $user = "user-$clientNo-$i";
    $s = (int)$seed * 1000 + (int)$clientNo * 100 + $i;
    [$res, $cookie] = request($loginPort, "op=login&user=$user&seed=$s", null);
    if (($res['host'] ?? '') !== $loginHost || $cookie === null || isset($res['error'])) {
        $failures[$user] = "login on $loginHost: " . json_encode($res);
        continue;
    }
    $sessions[$user] = ['seed' => $s, 'cookie' => $cookie, 'sid' => $res['sid']];
}

foreach ($sessions as $user => $c) {
    [$res] = request((int)$portB, "op=modify&user=$user&seed={$c['seed']}", $c['cookie']);
    if (($res['host'] ?? '') !== 'B' || ($res['saw_login'] ?? false) !== true || ($res['sid'] ?? '') !== $c['sid']) {
        $failures[$user] = 'modify on B: ' . json_encode($res);
    }
}

foreach ($sessions as $user => $c) {
    if (isset($failures[$user])) {
        continue;
    }
    $expected = [];
    fleet_login($expected, $user, $c['seed']);
    fleet_modify($expected, $user, $c['seed']);
    [$res] = request((int)$portA, 'op=read', $c['cookie']);
    $got = isset($res['session']) ? base64_decode($res['session']) : null;
    if (($res['host'] ?? '') !== 'A' || $got !== serialize($expected)) {
        $failures[$user] = 'read on A differs: ' . json_encode($res);
        continue;
    }
    if (in_array(false, $res['invariants'], true)) {
        $failures[$user] = 'invariants on A: ' . json_encode($res['invariants']);
        continue;
    }
    // What the store holds is zser data, and decodes here to the same session.
    $raw = $redis->get("PHPREDIS_SESSION:{$c['sid']}");
    $decoded = is_string($raw) ? @zser_unserialize($raw) : false;
    if (!is_array($decoded) || serialize($decoded) !== serialize($expected)) {
        $failures[$user] = 'redis does not hold the zser session: ' . var_export(substr((string)$raw, 0, 40), true);
    }
}

foreach ($sessions as $user => $c) {
    if (isset($failures[$user]) || $c['seed'] % 3 !== 0) {
        continue;
    }
    $key = "PHPREDIS_SESSION:{$c['sid']}";
    $raw = (string)$redis->get($key);
    $redis->set($key, substr($raw, 0, intdiv(strlen($raw), 2)));
    [$res] = request((int)$portA, 'op=read', $c['cookie']);
    if (($res['error'] ?? '') !== 'session_start failed'
        || !str_contains((string)($res['warning'] ?? ''), 'Failed to decode session object')
        || $redis->exists($key)) {
        $failures[$user] = 'truncated session not refused cleanly: ' . json_encode($res);
        continue;
    }
    [$res] = request((int)$portA, 'op=read', $c['cookie']);
    if (($res['host'] ?? '') !== 'A' || isset($res['error']) || base64_decode($res['session'] ?? '') !== serialize([])) {
        $failures[$user] = 'no fresh session after a truncated one: ' . json_encode($res);
    }
}

$passed = $count - count($failures);
printf("client %d: %d passed, %d failed\n", $clientNo, $passed, count($failures));
foreach ($failures as $user => $why) {
    echo "  FAIL $user (seed $seed): $why\n";
}
exit($failures ? 1 : 0);
