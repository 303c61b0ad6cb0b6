#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Instruction counts (valgrind --tool=callgrind, event Ir) per call of igbinary and zser on the
# datasets of bench/php/binary.php: stable figures where
# wall-clock timings are too noisy. Only instructions executed inside the named internal
# function (and what it calls) are counted (--toggle-collect), so PHP's start-up, the loop and
# the dataset generation cancel out. It measures, it does not judge; no test runs it.
#
#   tools/callgrind-bin.sh [DATASET-NUMBER...]   1-based, in the order of the bench (default all)
#   PHP=php8.2  EXT=ext/modules/zser.so  CALLS=N (calls per measurement; default by size)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php8.2}
EXT=${EXT:-$top/ext/modules/zser.so}

command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }
[ -f "$EXT" ] || { echo "$EXT is missing; run make build first" >&2; exit 1; }

script=$(mktemp --suffix=.php)
out=$(mktemp -d)
trap 'rm -rf "$script" "$out"' EXIT
cat >"$script" <<'PHP'
<?php
require getenv('ZS_TOP') . '/bench/lib/common.php';
require getenv('ZS_TOP') . '/bench/lib/datasets.php';
[, $idx, $fn, $calls] = $argv;
$sets = array_values(bench_binary_datasets());
$v = $sets[(int)$idx - 1][0]();
$blob = match ($fn) {
	'igbinary_unserialize' => igbinary_serialize($v),
	'zser_unserialize' => zser_serialize($v),
		default => null,
};
for ($i = 0; $i < (int)$calls; $i++) {
	$blob === null ? $fn($v) : $fn($blob);
}
PHP

names=$(ZS_TOP="$top" "$PHP" -r 'require getenv("ZS_TOP")."/bench/lib/common.php"; require getenv("ZS_TOP")."/bench/lib/datasets.php"; echo implode("\n", array_keys(bench_binary_datasets()));')
mapfile -t all <<<"$names"
sets=("$@")
[ ${#sets[@]} -eq 0 ] && sets=($(seq 1 ${#all[@]}))

ir() { # fn dataset calls -> Ir per call
	local f=$out/cg.$1.$2
	ZS_TOP="$top" valgrind --tool=callgrind --callgrind-out-file="$f" --collect-atstart=no \
		--toggle-collect="zif_$1" "$PHP" -d "extension=$EXT" -d memory_limit=2G "$script" "$2" "$1" "$3" \
		>/dev/null 2>&1 || { echo "?"; return; }
	awk -v c="$3" '/^summary:/ { printf "%d", $2 / c }' "$f"
}

printf "%-24s %12s %12s %7s | %12s %12s %7s\n" dataset 'igb ser' 'zser ser' 'igb/zs' 'igb unser' 'zser unser' 'igb/zs'
for i in "${sets[@]}"; do
	case $i in 1) c=${CALLS:-2000} ;; 2) c=${CALLS:-200} ;; *) c=${CALLS:-3} ;; esac
	si=$(ir igbinary_serialize "$i" "$c"); sz=$(ir zser_serialize "$i" "$c")
	ui=$(ir igbinary_unserialize "$i" "$c"); uz=$(ir zser_unserialize "$i" "$c")
	printf "%-24s %12s %12s %7.2f | %12s %12s %7.2f\n" "${all[$((i - 1))]}" "$si" "$sz" \
		"$(awk -v a="$si" -v b="$sz" 'BEGIN { print a / b }')" "$ui" "$uz" "$(awk -v a="$ui" -v b="$uz" 'BEGIN { print a / b }')"
done
