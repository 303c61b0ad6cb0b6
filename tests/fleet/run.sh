#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Fleet test: one real redis-server and PHP built-in web servers as "hosts" on free loopback
# ports, all storing sessions in that Redis, as during a switch of the session handler to zser
# and its rollback (docs/integrations/redis-fleet.md): OP and OG are old hosts
# (session.serialize_handler php_serialize, igbinary); RP and RG run zser and write the old
# hosts' format (zser.session_write_format); Z writes zser. Client processes run side by side;
# each walks its users through login on an old host, the readers, the writer switch and the
# rollback (client.php). Everything started here is stopped on every exit path.
# Usage: tests/fleet/run.sh [EXT_SO]   env: PHP (php8.2), FLEET_CLIENTS (8), FLEET_SESSIONS (40),
#        ZSER_SEED (random). Last line: "fleet: P passed, F failed" or "fleet: skipped: reason".
# Exit 0 pass, 1 fail, 77 skip.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
PHP=${PHP:-php${PHP_VERSION:-8.2}}
ext=${1:-$top/ext/modules/zser.so}
clients=${FLEET_CLIENTS:-8}
per_client=${FLEET_SESSIONS:-40}
seed=${ZSER_SEED:-$((RANDOM * 32768 + RANDOM))}

skip() {
	echo "fleet: skipped: $*"
	exit 77
}

command -v redis-server >/dev/null || skip "redis-server is not installed (apt-get install redis-server)"
# (the module list is read whole first: grep -q closing the pipe early would fail pipefail)
modules=$("$PHP" -m 2>/dev/null)
grep -qx redis <<<"$modules" || skip "php-redis is not loaded (apt-get install php${PHP_VERSION:-8.2}-redis)"
grep -qx igbinary <<<"$modules" || skip "php-igbinary is not loaded (apt-get install php${PHP_VERSION:-8.2}-igbinary)"
[ -f "$ext" ] || { echo "fleet: $ext not built"; echo "fleet: 0 passed, 1 failed"; exit 1; }
"$PHP" -d "extension=$ext" -r 'if (!extension_loaded("zser")) exit(2);' || { echo "fleet: cannot load $ext"; echo "fleet: 0 passed, 1 failed"; exit 1; }
"$PHP" -d "extension=$ext" -r 'try { zser_unserialize(zser_serialize([1])); } catch (Throwable $e) { exit(1); }' ||
	skip "the zser binary format is not implemented in this build yet"

work=$(mktemp -d "${TMPDIR:-/tmp}/zser-fleet.XXXXXX")
# Each service runs under setsid as the leader of its own process group, so stopping the
# group also stops the worker processes `php -S` forks (PHP_CLI_SERVER_WORKERS).
pids=()
cleanup() {
	local pid
	for pid in "${pids[@]}"; do
		kill -TERM -- "-$pid" 2>/dev/null
	done
	for pid in "${pids[@]}"; do
		wait "$pid" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Distinct free loopback ports, outside the range the kernel gives outgoing connections.
hosts=(OP OG RP RG Z)
read -r redis_port port_OP port_OG port_RP port_RG port_Z < <("$PHP" -n "$here/../inc/free_ports.php" 6)

# No persistence, loopback only, its own directory.
setsid redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no --dir "$work" \
	--protected-mode yes --daemonize no --logfile "$work/redis.log" &
pids+=($!)

ports=()
for host in "${hosts[@]}"; do
	case $host in
	OP) port=$port_OP handler=php_serialize writes=zser ;;
	OG) port=$port_OG handler=igbinary writes=zser ;;
	RP) port=$port_RP handler=zser writes=php_serialize ;;
	RG) port=$port_RG handler=zser writes=igbinary ;;
	Z) port=$port_Z handler=zser writes=zser ;;
	esac
	ports+=("$host=$port")
	FLEET_HOST=$host PHP_CLI_SERVER_WORKERS=3 setsid "$PHP" -d "extension=$ext" \
		-d session.save_handler=redis -d "session.save_path=tcp://127.0.0.1:$redis_port" \
		-d "session.serialize_handler=$handler" -d "zser.session_write_format=$writes" \
		-d session.use_strict_mode=0 -d session.lazy_write=1 \
		-d display_errors=0 -d log_errors=1 -d "error_log=$work/php-$host.log" \
		-S "127.0.0.1:$port" -t "$here" "$here/app.php" >"$work/host-$host.log" 2>&1 &
	pids+=($!)
done

# Wait (at most 20 s, for a loaded machine) until Redis answers and the hosts accept connections.
ready=0
for _ in $(seq 200); do
	if "$PHP" -r '$r = new Redis(); try { $r->connect("127.0.0.1", '"$redis_port"', 0.2); exit($r->ping() ? 0 : 1); } catch (Throwable $e) { exit(1); }' 2>/dev/null &&
		"$PHP" -n -r 'foreach (['"$port_OP, $port_OG, $port_RP, $port_RG, $port_Z"'] as $p) { $c = @fsockopen("127.0.0.1", $p, $e, $s, 0.2); if (!$c) exit(1); } exit(0);'; then
		ready=1
		break
	fi
	sleep 0.1
done
if [ "$ready" != 1 ]; then
	echo "fleet: services did not start (ports $redis_port ${ports[*]})"
	tail -n 5 "$work"/*.log
	echo "fleet: 0 passed, 1 failed"
	exit 1
fi

port_list=$(IFS=,; echo "${ports[*]}")
echo "fleet: redis on $redis_port, hosts $port_list," \
	"$clients clients x $per_client sessions, seed $seed"
cpids=()
for c in $(seq "$clients"); do
	timeout 60 "$PHP" -d "extension=$ext" "$here/client.php" "$port_list" "$redis_port" "$c" \
		"$per_client" "$seed" >"$work/client-$c.out" 2>&1 &
	cpids+=($!)
done
for pid in "${cpids[@]}"; do
	wait "$pid"
done

passed=0
failed=0
for c in $(seq "$clients"); do
	line=$(grep -E '^client [0-9]+ \([a-z_]+\): ' "$work/client-$c.out")
	if [ -z "$line" ]; then
		echo "client $c produced no result:"
		head -n 20 "$work/client-$c.out"
		failed=$((failed + per_client))
		continue
	fi
	p=$(sed -E 's/.*: ([0-9]+) passed.*/\1/' <<<"$line")
	f=$(sed -E 's/.*, ([0-9]+) failed.*/\1/' <<<"$line")
	passed=$((passed + p))
	failed=$((failed + f))
	echo "$line"
	[ "$f" -gt 0 ] && head -n 5 "$work/client-$c.out"
done
# Warnings for the truncated sessions are expected; a fatal error or a crashed worker is not.
if cat "$work"/host-*.log "$work"/php-*.log 2>/dev/null | grep -qiE 'fatal error|segmentation|core dumped|signal|exited'; then
	echo "host logs report problems:"
	cat "$work"/host-*.log "$work"/php-*.log 2>/dev/null | grep -iE 'fatal error|segmentation|core dumped|signal|exited' | head -n 20
	failed=$((failed + 1))
fi
[ "$failed" -gt 0 ] && echo "fleet: replay with ZSER_SEED=$seed"
echo "fleet: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
