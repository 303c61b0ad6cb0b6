<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * The application every fleet host runs (router script of `php -S`). The host's name comes
 * from the FLEET_HOST environment variable; sessions live in the shared Redis through
 * session.save_handler=redis; session.serialize_handler (and zser.session_write_format) are
 * set on the command line.
 *   ?op=login&user=U&seed=N   fills a new session
 *   ?op=modify&user=U&seed=N[&int_key=0]  checks the session is U's as logged in, then
 *                             changes it
 *   ?op=read                  returns the session and its invariants
 */
require __DIR__ . '/fleet_values.php';

header('Content-Type: application/json');
$op = $_GET['op'] ?? '';
$user = (string)($_GET['user'] ?? '');
$seed = (int)($_GET['seed'] ?? 0);
$out = ['host' => getenv('FLEET_HOST'), 'handler' => ini_get('session.serialize_handler'),
    'writes' => ini_get('zser.session_write_format')];

if (!session_start()) {
    // Bad stored bytes: PHP has destroyed the session and warned; the next request starts fresh.
    http_response_code(500);
    echo json_encode($out + ['error' => 'session_start failed', 'warning' => error_get_last()['message'] ?? null]);
    return;
}
$out['sid'] = session_id();
switch ($op) {
    case 'login':
        $_SESSION = [];
        fleet_login($_SESSION, $user, $seed);
        break;
    case 'modify':
        $expected = [];
        fleet_login($expected, $user, $seed);
        $out['saw_login'] = serialize($_SESSION) === serialize($expected);
        fleet_modify($_SESSION, $user, $seed, ($_GET['int_key'] ?? '1') === '1');
        break;
    case 'read':
        $out['invariants'] = $_SESSION ? fleet_invariants($_SESSION) : [];
        $out['session'] = base64_encode(serialize($_SESSION));
        break;
    default:
        http_response_code(400);
        $out['error'] = "unknown op '$op'";
}
session_write_close();
echo json_encode($out);
