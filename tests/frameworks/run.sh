#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Framework integrations against a real redis-server on a free loopback port: the Symfony Cache
# marshaller (symfony_cache.php), the cache migration script (migrate_redis.php, which needs
# build/cli/zser) and every PHP example of docs/integrations/symfony-cache.md, whose output must
# equal the text block that follows it in the page.
# Usage: tests/frameworks/run.sh [EXT_SO]   env: PHP (php8.2).
# Last line: "frameworks: P passed, F failed, S skipped".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
PHP=${PHP:-php8.2}
ext=${1:-$top/ext/modules/zser.so}
passed=0 failed=0 skipped=0
finish() {
	echo "frameworks: $passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit
}
count() {
	local status
	while read -r status _; do
		case $status in
		ok) passed=$((passed + 1)) ;;
		FAIL) failed=$((failed + 1)) ;;
		esac
	done
}

sf=$("$PHP" -r 'echo stream_resolve_include_path("Symfony/Component/Cache/autoload.php") ?: "";')
modules=$("$PHP" -m 2>/dev/null)
if ! command -v redis-server >/dev/null || ! grep -qx redis <<<"$modules" || [ -z "$sf" ]; then
	echo "skip redis-server, php-redis or php-symfony-cache missing (tools/install-deps.sh installs them)"
	skipped=1
	finish
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/zser-frameworks.XXXXXX")
redis_pid=
cleanup() {
	[ -n "$redis_pid" ] && kill "$redis_pid" 2>/dev/null && wait "$redis_pid" 2>/dev/null
	rm -rf "$work"
}
trap cleanup EXIT
port=$("$PHP" -n "$here/../inc/free_ports.php" 1)
redis-server --port "$port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
redis_pid=$!
for _ in $(seq 50); do
	"$PHP" -r '$r = new Redis(); exit(@$r->connect("127.0.0.1", (int)$argv[1], 0.1) ? 0 : 1);' "$port" 2>/dev/null && break
	sleep 0.1
done
export REDIS_PORT=$port

run_php() {
	(cd "$top" && "$PHP" -d "extension=$ext" -d display_errors=stderr "$@")
}

out=$(run_php "$here/symfony_cache.php" 2>&1)
echo "$out"
count <<<"$out"
grep -qE '^(ok|FAIL) ' <<<"$out" || { echo "FAIL symfony_cache.php printed no result"; failed=$((failed + 1)); }

out=$(run_php "$here/migrate_redis.php" 2>&1)
echo "$out"
count <<<"$out"
grep -qE '^(ok|FAIL) ' <<<"$out" || { echo "FAIL migrate_redis.php printed no result"; failed=$((failed + 1)); }

# The page's examples: each ```php block, then the ```text block after it.
doc=$top/docs/integrations/symfony-cache.md
n=$("$PHP" "$here/doc_blocks.php" "$doc" "$work" | tail -n 1)
for i in $(seq 1 "$n"); do
	got=$(run_php "$work/example$i.php" 2>&1)
	if [ "$got" = "$(cat "$work/example$i.txt")" ]; then
		echo "ok   docs example $i"
		passed=$((passed + 1))
	else
		echo "FAIL docs example $i printed:"
		echo "$got"
		failed=$((failed + 1))
	fi
done
[ "$n" -gt 0 ] || { echo "FAIL no examples found in $doc"; failed=$((failed + 1)); }
finish
