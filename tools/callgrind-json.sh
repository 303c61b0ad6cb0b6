#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Instruction counts (valgrind --tool=callgrind, event Ir) of json_decode vs jsond_decode and
# json_encode vs jsond_encode on JSON corpora: stable figures where wall-clock timings are too
# noisy. Each figure is Ir of a PHP run making 2 calls - Ir of the same run making 1 call, so
# PHP's start-up, reading the file and the first call's warm-up cancel out. It measures, it
# does not judge; it never runs as part of the tests.
#
#   tools/callgrind-json.sh [CORPUS...]   corpus names (twitter, canada, ...) or paths;
#                                          default: twitter (canada takes minutes)
#   PHP=php8.2  EXT=ext/modules/zser.so   ASSOC=1 decodes as arrays (default: objects)
#   KEEP=DIR    keeps the callgrind.out file of every 2-call run in DIR, for callgrind_annotate
#               (those include PHP's start-up; look at the functions below zif_*/php_json_*)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php${PHP_VERSION:-8.2}}
EXT=${EXT:-$top/ext/modules/zser.so}
ASSOC=${ASSOC:-0}

command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -f "$EXT" ] || { echo "$EXT is missing; run make build first" >&2; exit 1; }

# The shared corpora sit beside the repository; in a git worktree, beside the main checkout.
data=${BENCH_JSON_DIR:-$top/../shared/bench-data/json}
if [ ! -d "$data" ]; then
	common=$(git -C "$top" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)
	[ -n "$common" ] && data=$(dirname "$common")/../shared/bench-data/json
fi

script=$(mktemp --suffix=.php)
trap 'rm -f "$script"' EXIT
cat >"$script" <<'PHP'
<?php
[, $fn, $path, $calls, $assoc] = $argv;
$s = file_get_contents($path);
$assoc = $assoc === '1';
if (str_ends_with($fn, '_encode')) {
	$v = json_decode($s, $assoc);
	for ($i = 0; $i < (int)$calls; $i++) {
		$fn($v);
	}
} else {
	for ($i = 0; $i < (int)$calls; $i++) {
		$fn($s, $assoc);
	}
}
PHP

# ir FN PATH CALLS -> prints the Ir total, or nothing when the run failed
ir() {
	local out=/dev/null
	if [ -n "${KEEP:-}" ] && [ "$3" = 2 ]; then
		mkdir -p "$KEEP"
		out="$KEEP/callgrind.out.$1.$(basename "$2" .json)"
	fi
	valgrind --tool=callgrind --callgrind-out-file="$out" \
		"$PHP" -n -d "extension=$EXT" -d memory_limit=2G "$script" "$1" "$2" "$3" "$ASSOC" 2>&1 |
		awk '/Collected :/ {print $NF} /Fatal error|Uncaught/ {bad=1} END {if (bad) exit 1}' |
		tail -n 1
}

# per_call FN PATH -> Ir per call, or n/a
per_call() {
	local one two
	if one=$(ir "$1" "$2" 1) && two=$(ir "$1" "$2" 2) && [ -n "$one" ] && [ -n "$two" ]; then
		echo $((two - one))
	else
		echo n/a
	fi
}

corpora=("$@")
[ ${#corpora[@]} -eq 0 ] && corpora=(twitter)
printf 'callgrind Ir per call (decode as %s); ratio = jsond / json\n' "$([ "$ASSOC" = 1 ] && echo arrays || echo objects)"
printf '%-14s %-7s %15s %15s %7s\n' corpus op json jsond ratio
for c in "${corpora[@]}"; do
	path=$c
	[ -f "$path" ] || path="$data/$c.json"
	[ -f "$path" ] || { echo "no corpus $c (looked in $data)" >&2; continue; }
	name=$(basename "$path" .json)
	for op in decode encode; do
		j=$(per_call "json_$op" "$path")
		d=$(per_call "jsond_$op" "$path")
		r=n/a
		[[ "$j" =~ ^[0-9]+$ && "$d" =~ ^[0-9]+$ && "$j" -gt 0 ]] && r=$(awk -v a="$d" -v b="$j" 'BEGIN {printf "%.3f", a / b}')
		printf '%-14s %-7s %15s %15s %7s\n' "$name" "$op" "$j" "$d" "$r"
	done
done
