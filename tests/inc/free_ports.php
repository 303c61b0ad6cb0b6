<?php
/* zser — SPDX-License-Identifier: MIT
 *
 * php free_ports.php N: prints N distinct loopback TCP ports that were free a moment ago, for
 * the test scripts that start servers. They are taken below the kernel's ephemeral range: a
 * port from that range, once released, can be given to any outgoing connection before the
 * server that was to bind it starts (seen: redis-server "Address already in use"). Held open
 * together while chosen, so they differ.
 */
$n = max(1, (int)($argv[1] ?? 1));
$range = @file_get_contents('/proc/sys/net/ipv4/ip_local_port_range') ?: '32768 60999';
$low = (int)preg_split('/\s+/', trim($range))[0];
$held = [];
$ports = [];
while (count($ports) < $n) {
    $port = random_int(10000, max(10001, $low - 1));
    $sock = @stream_socket_server("tcp://127.0.0.1:$port");
    if ($sock) {
        $held[] = $sock;
        $ports[] = $port;
    }
}
echo implode(' ', $ports), "\n";
