# Sourced by .ci/run: defines one stage.
# ---- bench-smoke: every benchmark runs in quick mode (a few seconds) and every competitor's
# round trip is correct; it asserts correctness only, never speed
stage_bench_smoke() {
	local out
	out=$(mktemp)
	if BENCH_QUICK=1 BENCH_SVG_DIR="$top/bench/out" PHP="$PHP" bash bench/run >"$out" 2>&1; then
		record bench-smoke 1 0
	else
		grep -E 'CHECK FAILED|FAILED|Fatal|Warning|Error' "$out" | head -30
		tail -5 "$out"
		record bench-smoke 0 1
	fi
	rm -f "$out"
}
