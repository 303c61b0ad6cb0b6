# Sourced by .ci/run: defines one stage.
# ---- integration: the Redis session fleet (tests/fleet/run.sh): one test, whose line above
# gives the number of client sessions checked. The script starts and stops its own redis-server and PHP web servers.
stage_integration() {
	local out rc passed failed
	out=$(mktemp)
	PHP="$PHP" timeout 90 bash tests/fleet/run.sh "$EXT" >"$out" 2>&1
	rc=$?
	cat "$out"
	if [ "$rc" -eq 77 ]; then
		record integration 0 0 1
	else
		passed=$(sed -nE 's/^fleet: ([0-9]+) passed, ([0-9]+) failed$/\1/p' "$out" | tail -n 1)
		failed=$(sed -nE 's/^fleet: ([0-9]+) passed, ([0-9]+) failed$/\2/p' "$out" | tail -n 1)
		# No summary (killed by the timeout, crashed) or a non-zero exit is a failure.
		[ -n "$passed" ] || passed=0
		[ -n "$failed" ] || failed=1
		[ "$rc" -ne 0 ] && [ "$failed" -eq 0 ] && failed=1
		if [ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]; then
			record integration 1 0
		else
			record integration 0 1
		fi
	fi
	rm -f "$out"
}
