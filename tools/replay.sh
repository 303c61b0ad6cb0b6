#!/usr/bin/env bash
# zser — the mutant replay (`make replay`, CI stage `replay`): every truncation and single-byte
# flip of tests/replay/replay.php's corpus of object-graph blobs, decoded by zser_unserialize()
# under valgrind memcheck with USE_ZEND_ALLOC=0, REPLAY_JOBS processes at a time (default 2),
# each decoding one range of mutants one after another in its one request. Valgrind rather than
# ASan: a half-built array read before it was written is an uninitialised read, which only
# memcheck reports (ASan's fill byte makes such a zval look like a scalar).
# Any memory error, definite leak, crash, fatal error or broken promise fails the run; it then
# prints the valgrind report and the mutant in hex (with the two decoded before it in the same
# request), or for a leak, which valgrind reports only at exit, the one mutant found by halving
# the range. Exit status 0 when every range is clean. Logs: build/replay/ (or $REPLAY_OUT).
#   tools/replay.sh [RANGES]          RANGES: how many ranges to split the mutants into (6)
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php8.2}
EXT=${EXT:-$top/ext/modules/zser.so}
JOBS=${REPLAY_JOBS:-2}
ranges=${1:-6}
out=${REPLAY_OUT:-build/replay}
script=tests/replay/replay.php
rm -rf "$out"
mkdir -p "$out"

php_plain() { "$PHP" -n -d "extension=$EXT" "$script" "$@"; }

# replay FROM TO LOG: one valgrind process over mutants FROM..TO-1; status 0 when clean
replay() {
	USE_ZEND_ALLOC=0 valgrind -q --error-exitcode=99 --leak-check=full \
		--errors-for-leak-kinds=definite --show-leak-kinds=definite --num-callers=24 \
		"$PHP" -n -d "extension=$EXT" -d pcre.jit=0 "$script" run "$1" "$2" >"$3.out" 2>"$3" &&
		grep -q "^replayed $(($2 - $1))\$" "$3.out"
}
export -f replay
export PHP EXT script

total=$(php_plain count) || { echo "replay: the corpus does not build"; exit 1; }
per=$(((total + ranges - 1) / ranges))
for ((from = 0; from < total; from += per)); do
	echo "$from $((from + per > total ? total : from + per))"
done >"$out/ranges"
ranges=$(wc -l <"$out/ranges")
echo "replay: $total mutants in $ranges ranges, $JOBS at a time, under valgrind (USE_ZEND_ALLOC=0)"
start=$(date +%s)
xargs -P "$JOBS" -n 2 bash -c 'replay "$0" "$1" "'"$out"'/range-$0-$1.log" || echo "$0 $1" >>"'"$out"'/failed"' <"$out/ranges"
took=$(($(date +%s) - start))

# The mutant a failed range stopped at: the last "#ID" its log shows before valgrind's first
# report (the log interleaves the script's stderr with valgrind's).
culprit() {
	awk '/^#[0-9]+$/ {id = substr($0, 2)} /^==[0-9]+== [A-Z]/ {print id; exit} END {}' "$1"
}

# Halves [from, to) until one mutant alone leaks; prints it, or the smallest range that does.
bisect_leak() {
	local from=$1 to=$2 mid
	while [ $((to - from)) -gt 1 ]; do
		mid=$(((from + to) / 2))
		if ! replay "$from" "$mid" "$out/bisect.log"; then
			to=$mid
		elif ! replay "$mid" "$to" "$out/bisect.log"; then
			from=$mid
		else
			echo "range $from..$((to - 1)) (no half leaks alone)"
			return
		fi
	done
	echo "$from"
}

failed=0
if [ -s "$out/failed" ]; then
	while read -r from to; do
		failed=$((failed + 1))
		log="$out/range-$from-$to.log"
		echo "replay: mutants $from..$((to - 1)) FAILED (log: $log)"
		grep -v '^#[0-9]*$' "$log" | grep -v '^$' | head -40
		id=$(culprit "$log")
		if [ -z "$id" ] && ! grep -q 'definitely lost' "$log"; then
			# a fatal error or a broken promise: the last mutant started
			id=$(grep '^#[0-9]*$' "$log" | tail -n 1 | tr -d '#')
		fi
		if [ -n "$id" ]; then
			echo "replay: the mutant (and the two decoded before it in the same request):"
			php_plain show "$id" $((id > from ? id - 1 : id)) $((id > from + 1 ? id - 2 : id)) | sort -un
		else
			echo "replay: a leak; halving the range to find the mutant..."
			id=$(bisect_leak "$from" "$to")
			case $id in
			range*) echo "replay: $id" ;;
			*) php_plain show "$id" ;;
			esac
		fi
	done <"$out/failed"
fi
echo "replay: $((ranges - failed)) of $ranges ranges clean, $total mutants, ${took}s"
[ "$failed" -eq 0 ]
