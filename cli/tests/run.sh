#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
# Runs the CLI test suites (each prints "NAME: N cases (seed S), P passed, F failed") and ends
# with one line "P passed, F failed" (one per script) for CI. Needs build/cli/zser and php8.2 with igbinary.
# ZSER_SEED replays a run; ZSER_CASES sets the number of random graphs in compare.php and of
# random values in lossless.php.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
PHP=${PHP:-php${PHP_VERSION:-8.2}}
# With the extension built, zser blobs are covered too.
ext=()
so="$here/../../ext/modules/zser.so"
[ -f "$so" ] && ext=(-d "extension=$so")
passed=0
failed=0
for t in compare hostile convert fromjson writers operator lossless convert_cmd; do
	out=$("$PHP" "${ext[@]}" -d memory_limit=1G -d display_errors=stderr "$here/$t.php" 2>&1)
	rc=$?
	printf '%s\n' "$out" | grep -E '^(FAIL|PHP |Fatal)' | head -20
	line=$(printf '%s\n' "$out" | grep -E "^$t: " | tail -n 1)
	echo "${line:-$t: no summary (exit $rc)}"
	p=$(printf '%s' "$line" | sed -n 's/.*, \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
	f=$(printf '%s' "$line" | sed -n 's/.*, \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
	if [ -z "$p" ]; then
		p=0
		f=1
	elif [ "$rc" -ne 0 ] && [ "${f:-0}" -eq 0 ]; then
		f=1
	fi
	# Each script counts as one test, like every other suite; its case counts are printed above.
	if [ "$f" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
