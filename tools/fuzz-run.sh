#!/usr/bin/env bash
# zser — runs the libFuzzer targets built by `make fuzz-build` (docs/FUZZING.md).
#   tools/fuzz-run.sh run TARGET...      fuzz each target for $FUZZ_SECONDS (default 60)
#   tools/fuzz-run.sh regress TARGET...  replay every file in fuzz/regress/<target>/ once
#   tools/fuzz-run.sh long TARGET...     `run` until FUZZ_RUNS_CORE (default 10,000,000) or
#                                        FUZZ_RUNS_PHP (default 1,000,000) executions in all
#                                        its processes, in rounds whose time bound is computed
#                                        from a 15-second measurement of its speed
# FUZZ_TOTAL_SECONDS, when set, is shared out evenly among the targets that run instead.
# FUZZ_JOBS (default 1) runs that many fuzzing processes per target; FUZZ_RUNS_CORE and
# FUZZ_RUNS_PHP (default unset) stop a core-only or PHP-level target after that many
# executions (per process), with the time as an upper bound.
# One target at a time (the machine has two cores and others may be building). Each target
# ends as passed, failed (a finding: the log and the crashing input are kept under
# build/fuzz/) or skipped (not built yet because a file it needs is missing, or the function
# it calls still throws "not implemented": exit status 86). Results go to
# build/fuzz/<mode>-summary.txt as "target status executions seconds"; the last line printed
# is "N passed, N failed, N skipped".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1

mode=${1:?usage: fuzz-run.sh run|regress|long TARGET...}
shift
out=build/fuzz
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
max_len=${FUZZ_MAX_LEN:-32768}
summary=$out/$mode-summary.txt
mkdir -p "$out/logs"
: >"$summary"
passed=0 failed=0 skipped=0

# Sanitizer reports with full stacks; frames inside libphp (built without frame pointers)
# need the slow unwinder to show who allocated a leaked block.
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# leaks of the C library and the sanitizer runtime themselves (fuzz/lsan.supp says which)
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$top/fuzz/lsan.supp:print_suppressions=0}
if [ "$mode" = regress ]; then
	export ASAN_OPTIONS=${ASAN_OPTIONS:-fast_unwind_on_malloc=0}
	# each saved input in a request of its own, so a leak names its input
	export FUZZ_PHP_INPUTS_PER_REQUEST=1
fi
# The PHP-level harness sets it too and refuses to run on Zend MM (fuzz/fuzz_php.c).
export USE_ZEND_ALLOC=0

# A PHP-level target (embed SAPI) includes fuzz_php.h.
is_php() {
	grep -q '"fuzz_php.h"' "fuzz/$1.c"
}

if [ "$mode" = run ] && [ -n "${FUZZ_TOTAL_SECONDS:-}" ]; then
	ready=0
	for t in "$@"; do
		[ -x "$out/bin/$t" ] && ready=$((ready + 1))
	done
	seconds=$((FUZZ_TOTAL_SECONDS / (ready > 0 ? ready : 1)))
	[ "$seconds" -ge 1 ] || seconds=1
fi

# Common libFuzzer options: a hang is a finding after 10 s, and so is a single allocation
# over 1 GiB or a process over 2 GiB (Zend's memory_limit does not apply with Zend MM off).
opts=(-error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1)

note() {
	echo "$1 $2 ${3:-0} ${4:-0}" >>"$summary"
	case $2 in
	passed) passed=$((passed + 1)) ;;
	failed) failed=$((failed + 1)) ;;
	*) skipped=$((skipped + 1)) ;;
	esac
}

# The function a PHP-level target calls that is still the skeleton's placeholder (its body
# throws "not implemented"), if any. Checked from the source because the placeholders also
# trip ZEND_ASSERT checks (turned into UBSan traps here) before they throw.
placeholder() {
	local f
	for f in $(grep -h 'needed\[\] =' "fuzz/$1.c" | grep -o '"[a-z_0-9]*"' | tr -d '"'); do
		if awk -v fn="PHP_FUNCTION($f)" '$0 == fn {inside = 1} inside && /not implemented/ {found = 1}
			inside && /^}/ {inside = 0} END {exit !found}' ext/*.c; then
			echo "$f"
			return
		fi
	done
}

for t in "$@"; do
	bin=$out/bin/$t
	log=$out/logs/$t.$mode.log
	if [ "$mode" = regress ] && [ -z "$(find "fuzz/regress/$t" -type f 2>/dev/null | head -n 1)" ]; then
		printf '%-22s no saved inputs\n' "$t"
		continue
	fi
	missing=$(placeholder "$t")
	if [ -n "$missing" ]; then
		printf '%-22s skipped (%s() is not implemented yet)\n' "$t" "$missing"
		note "$t" skipped
		continue
	fi
	if [ ! -x "$bin" ]; then
		needs=$(sed -n 's|^// fuzz-needs:||p' "fuzz/$t.c")
		absent=
		for n in $needs; do [ -e "$n" ] || absent="$absent $n"; done
		if [ -n "$absent" ]; then
			printf '%-22s skipped (waits for:%s)\n' "$t" "$absent"
			note "$t" skipped
		else
			printf '%-22s FAILED: did not build (run make fuzz-build)\n' "$t"
			note "$t" failed
		fi
		continue
	fi
	if [ "$mode" = regress ]; then
		files=()
		[ -d "fuzz/regress/$t" ] && mapfile -t files < <(find "fuzz/regress/$t" -type f ! -name '*.md' | sort)
		if [ ${#files[@]} -eq 0 ]; then
			printf '%-22s no saved inputs\n' "$t"
			continue
		fi
		"$bin" "${opts[@]}" "${files[@]}" >"$log" 2>&1
		rc=$?
		if [ $rc -eq 0 ]; then
			printf '%-22s passed (%d inputs replayed)\n' "$t" "${#files[@]}"
			note "$t" passed "${#files[@]}"
		elif [ $rc -eq 86 ]; then
			printf '%-22s skipped (%s)\n' "$t" "$(grep -m1 SKIP "$log")"
			note "$t" skipped
		else
			printf '%-22s FAILED replaying %d inputs (log: %s)\n' "$t" "${#files[@]}" "$log"
			grep -E -m30 'FINDING|ERROR:|SUMMARY:|runtime error|^input|Running:|#[0-9]+ ' "$log"
			note "$t" failed
		fi
		continue
	fi

	work=$out/corpus/$t
	arts=$out/artifacts/$t
	mkdir -p "$work" "$arts"
	dirs=("$work")
	for d in "fuzz/corpus/$t" "$out/seeds/$t"; do
		[ -d "$d" ] && dirs+=("$d")
	done
	# A target may ask for a smaller input cap with a "// fuzz-max-len: N" line.
	len=$(sed -n 's|^// fuzz-max-len: *\([0-9]*\).*|\1|p' "fuzz/$t.c")
	# ...and for libFuzzer options of its own with a "// fuzz-options: ..." line.
	read -r -a own <<<"$(sed -n 's|^// fuzz-options: *||p' "fuzz/$t.c")"
	dict=()
	[ -f "fuzz/dict/$t.dict" ] && dict=(-dict="fuzz/dict/$t.dict")
	extra=("${own[@]}")
	runs=${FUZZ_RUNS_CORE:-}
	if is_php "$t"; then
		# The harness checks for leaks when a request of many inputs ends; libFuzzer's own
		# check after each input that allocated more than it freed would mostly scan the
		# heap for a request's caches (fuzz/fuzz_php.c).
		extra+=(-detect_leaks=0)
		runs=${FUZZ_RUNS_PHP:-}
		export FUZZ_PHP_LEAK_DIR=$arts
	fi
	rounds=1
	if [ "$mode" = long ]; then
		# executions in all processes; the time bound of a round is 3 times what the
		# measured speed needs, plus a minute. A target that slows down as its corpus grows
		# (most PHP-level ones) ends a round short of the count: the next round resumes from
		# the corpus for what is left, up to FUZZ_LONG_ROUNDS rounds (default 4).
		if is_php "$t"; then total=${FUZZ_RUNS_PHP:-1000000}; else total=${FUZZ_RUNS_CORE:-10000000}; fi
		"$bin" "${opts[@]}" "${extra[@]}" "${dict[@]}" -max_len="${len:-$max_len}" \
			-max_total_time=15 -artifact_prefix="$arts/" "${dirs[@]}" >"$log.speed" 2>&1
		done_runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.speed" | tail -n 1)
		rate=$(((${done_runs:-0} + 14) / 15))
		[ "$rate" -ge 1 ] || rate=1
		rounds=${FUZZ_LONG_ROUNDS:-4}
		printf '%-22s %s executions (%s/s per process measured)\n' "$t" "$total" "$rate"
	fi
	if [ "$jobs" -gt 1 ]; then
		# -jobs runs the processes side by side, each logging to fuzz-<n>.log in the
		# current directory; they share the corpus directory.
		extra+=(-jobs="$jobs" -workers="$jobs")
	fi
	execs=0 took=0 rc=0
	: >"$log"
	[ "$jobs" -gt 1 ] && : >"$log.jobs"
	for ((round = 1; round <= rounds && rc == 0; round++)); do
		each=()
		if [ "$mode" = long ]; then
			left=$((total - execs))
			[ "$left" -gt 0 ] || break
			runs=$(((left + jobs - 1) / jobs))
			seconds=$((runs * 3 / rate + 60))
			[ "$round" -gt 1 ] && printf '%-22s round %s: %s executions left\n' "$t" "$round" "$left"
		fi
		[ -n "$runs" ] && each=(-runs="$runs")
		start=$(date +%s)
		if [ "$jobs" -gt 1 ]; then
			(cd "$out/logs" && mkdir -p "$t.jobs" && cd "$t.jobs" && rm -f fuzz-*.log &&
				"$top/$bin" "${opts[@]}" "${extra[@]}" "${each[@]}" "${dict[@]/-dict=/-dict=$top/}" \
					-max_len="${len:-$max_len}" -max_total_time="$seconds" \
					-artifact_prefix="$top/$arts/" "${dirs[@]/#/$top/}" >>"$top/$log" 2>&1)
			rc=$?
			# the processes' logs, whose final stats are counted (the parent's own output
			# repeats some of them)
			stats=$log.round
			cat "$out/logs/$t.jobs"/fuzz-*.log >"$stats" 2>/dev/null
			cat "$stats" >>"$log.jobs"
		else
			"$bin" "${opts[@]}" "${extra[@]}" "${each[@]}" "${dict[@]}" -max_len="${len:-$max_len}" \
				-max_total_time="$seconds" -artifact_prefix="$arts/" "${dirs[@]}" >"$log.round" 2>&1
			rc=$?
			stats=$log.round
			cat "$stats" >>"$log"
		fi
		took=$((took + $(date +%s) - start))
		n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$stats" | awk '{n += $1} END {print n + 0}')
		execs=$((execs + ${n:-0}))
		rm -f "$log.round"
		[ "$mode" = long ] || break
	done
	if [ $rc -eq 86 ]; then
		printf '%-22s skipped (%s)\n' "$t" "$(grep -m1 SKIP "$log" | sed 's/^[^:]*: SKIP: //')"
		note "$t" skipped
	elif [ $rc -eq 0 ]; then
		printf '%-22s passed: %s executions in %ss (%s/s), corpus %s files\n' "$t" "$execs" \
			"$took" "$((execs / (took > 0 ? took : 1)))" "$(find "$work" -type f | wc -l)"
		note "$t" passed "$execs" "$took"
		[ "$mode" = long ] && [ "$execs" -lt "$total" ] &&
			printf '%-22s short of %s executions after %s rounds\n' "$t" "$total" "$rounds"
	else
		printf '%-22s FAILED after %s executions (log: %s)\n' "$t" "$execs" "$log"
		grep -E -m30 'FINDING|ERROR:|SUMMARY:|runtime error|^input|Test unit written' "$log"
		echo "  save the input under fuzz/regress/$t/ once the bug is understood (docs/FUZZING.md)"
		note "$t" failed "$execs" "$took"
	fi
done

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
