#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Instruction counts (valgrind --tool=callgrind, event Ir) per call of igbinary (or PHP's own
# serialize()/unserialize() with VS=php) and zser on the datasets of bench/php/binary.php:
# stable figures where
# wall-clock timings are too noisy. Only instructions executed inside the named internal
# function (and what it calls) are counted (--toggle-collect), so PHP's start-up, the loop and
# the dataset generation cancel out. It measures, it does not judge; no test runs it.
#
#   tools/callgrind-bin.sh [DATASET-NUMBER...]   1-based, in the order of the bench (default all)
#   PHP=php8.2  EXT=ext/modules/zser.so  CALLS=N (calls per measurement; default by size)
#   VS=igbinary (default) | php: what zser is compared with
#   ONLY=ser | unser: measure one direction (the other columns show -)
#   WARM=1: leave the first call out ((Ir of CALLS+1 calls - Ir of 1 call) / CALLS), as the
#     timed loops of the bench do in effect: the first call may pay once for what is cached
#     after it (a string's hash, kept in the string by PHP)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php${PHP_VERSION:-8.2}}
EXT=${EXT:-$top/ext/modules/zser.so}
VS=${VS:-igbinary}
case $VS in
igbinary) ser=igbinary_serialize unser=igbinary_unserialize tag=igb ;;
php) ser=serialize unser=unserialize tag=php ;;
*) echo "VS must be igbinary or php" >&2; exit 1 ;;
esac

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
	'unserialize' => serialize($v),
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

# Debian's php binary exports no zif_serialize/zif_unserialize, so PHP's side is counted
# inside what they call: php_var_serialize_init/php_var_serialize/php_var_serialize_destroy
# (all of serialize() but its argument parsing) and php_unserialize_with_options (all of
# unserialize() but its argument parsing). zser's side is the whole zif_ function.
toggles() { # fn -> --toggle-collect options
	case $1 in
	serialize) printf -- '--toggle-collect=%s\n' php_var_serialize_init php_var_serialize php_var_serialize_destroy ;;
	unserialize) echo --toggle-collect=php_unserialize_with_options ;;
	*) echo "--toggle-collect=zif_$1" ;;
	esac
}

total() { # fn dataset calls -> Ir of all the calls
	local f=$out/cg.$1.$2.$3
	mapfile -t tg < <(toggles "$1")
	ZS_TOP="$top" valgrind --tool=callgrind --callgrind-out-file="$f" --collect-atstart=no \
		"${tg[@]}" "$PHP" -d "extension=$EXT" -d memory_limit=2G "$script" "$2" "$1" "$3" \
		>/dev/null 2>&1 || { echo "?"; return; }
	awk '/^summary:/ { print $2 }' "$f"
}

ir() { # fn dataset calls -> Ir per call
	local a b
	if [ "${WARM:-0}" = 1 ]; then
		a=$(total "$1" "$2" $(($3 + 1))) b=$(total "$1" "$2" 1)
	else
		a=$(total "$1" "$2" "$3") b=0
	fi
	awk -v a="$a" -v b="$b" -v c="$3" 'BEGIN { if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/) printf "%d", (a - b) / c; else print "?" }'
}

ratio() { # a b -> a/b with 2 decimals, or - when either is not a count
	awk -v a="$1" -v b="$2" 'BEGIN { if (a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ && b > 0) printf "%.2f", a / b; else print "-" }'
}

printf "%-24s %12s %12s %7s | %12s %12s %7s\n" dataset "$tag ser" 'zser ser' "$tag/zs" "$tag unser" 'zser unser' "$tag/zs"
for i in "${sets[@]}"; do
	case $i in 1) c=${CALLS:-2000} ;; 2) c=${CALLS:-200} ;; *) c=${CALLS:-3} ;; esac
	si=- sz=- ui=- uz=-
	case ${ONLY:-} in '' | ser) si=$(ir "$ser" "$i" "$c"); sz=$(ir zser_serialize "$i" "$c") ;; esac
	case ${ONLY:-} in '' | unser) ui=$(ir "$unser" "$i" "$c"); uz=$(ir zser_unserialize "$i" "$c") ;; esac
	printf "%-24s %12s %12s %7s | %12s %12s %7s\n" "${all[$((i - 1))]}" "$si" "$sz" \
		"$(ratio "$si" "$sz")" "$ui" "$uz" "$(ratio "$ui" "$uz")"
done
