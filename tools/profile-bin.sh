#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Where the time of one binary (un)serializer goes on this CPU: `perf record` samples a loop of
# one function over one dataset of bench/php/binary.php by a timer (the cpu-clock software
# event), so it works where the hardware's counters are not available to perf (virtual
# machines), and prints the functions by their share of the samples, with the calls made in the
# loop's time. Instruction counts (tools/callgrind-bin.sh) say what runs; this says what it
# costs, mispredicted branches and cache misses included: a branch that costs much shows as the
# instruction after it. The loop frees each result before the next call, as the bench's loops do,
# so PHP's zend_array_destroy() is in the figures. It measures, it does not judge; no test runs it.
#
#   tools/profile-bin.sh DATASET-NUMBER [FN]   1-based, as for tools/callgrind-bin.sh
#   FN: zser_unserialize (default), zser_serialize, igbinary_unserialize, igbinary_serialize
#   SECONDS_PER_RUN=N (default 5)  PHP=php8.2  EXT=ext/modules/zser.so
#   ANNOTATE=symbol: also the symbol's hottest instructions (perf annotate)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php${PHP_VERSION:-8.2}}
EXT=${EXT:-$top/ext/modules/zser.so}
ds=${1:?usage: tools/profile-bin.sh DATASET-NUMBER [FN]}
fn=${2:-zser_unserialize}

command -v perf >/dev/null || { echo "perf is not installed (apt-get install linux-perf)" >&2; exit 1; }
[ -f "$EXT" ] || { echo "$EXT is missing; run make build first" >&2; exit 1; }

script=$(mktemp --suffix=.php)
out=$(mktemp -d)
trap 'rm -rf "$script" "$out"' EXIT
cat >"$script" <<'PHP'
<?php
require getenv('ZS_TOP') . '/bench/lib/common.php';
require getenv('ZS_TOP') . '/bench/lib/datasets.php';
[, $idx, $fn, $seconds] = $argv;
$sets = array_values(bench_binary_datasets());
$v = $sets[(int)$idx - 1][0]();
$arg = match ($fn) {
	'igbinary_unserialize' => igbinary_serialize($v),
	'zser_unserialize' => zser_serialize($v),
	default => $v,
};
unset($v);
$n = 0;
$t = hrtime(true);
while (hrtime(true) - $t < (float)$seconds * 1e9) {
	for ($i = 0; $i < 10; $i++) {
		$fn($arg);
	}
	$n += 10;
}
printf("%d calls, %.1f us a call\n", $n, (hrtime(true) - $t) / $n / 1000);
PHP

ZS_TOP="$top" perf record -q -e cpu-clock -F 5000 -o "$out/perf.data" \
	"$PHP" -d "extension=$EXT" -d memory_limit=2G "$script" "$ds" "$fn" "${SECONDS_PER_RUN:-5}" ||
	exit 1
perf report -q -i "$out/perf.data" --sort sym -n 2>/dev/null | head -25
if [ -n "${ANNOTATE:-}" ]; then
	perf annotate -i "$out/perf.data" "$ANNOTATE" --stdio 2>/dev/null |
		grep -E '^ +[0-9]+\.[0-9]+ +:' | sort -rn | head -25
fi
