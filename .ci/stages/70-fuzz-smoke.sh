# Sourced by .ci/run: defines one stage.
# ---- fuzz-smoke: every libFuzzer target (fuzz/fuzz_*.c) in FUZZ_SMOKE_TOTAL_SECONDS (default
# 260) shared evenly, with ASan + UBSan, one after another; a target whose code has not
# landed yet is skipped.
stage_fuzz_smoke() {
	local p f k
	# -k: a target that does not build is reported as failed by fuzz-run.sh; the rest run.
	mkdir -p build/fuzz
	make -s -k fuzz-build >build/fuzz/build.log 2>&1 || grep -E 'error|Error' build/fuzz/build.log | head -20
	make -s fuzz-seeds
	FUZZ_TOTAL_SECONDS=${FUZZ_SMOKE_TOTAL_SECONDS:-260} bash tools/fuzz-run.sh run \
		$(make -s --no-print-directory fuzz-list)
	read -r p f k < <(awk '{p += $2 == "passed"; f += $2 == "failed"; k += $2 == "skipped"}
		END {print p + 0, f + 0, k + 0}' build/fuzz/run-summary.txt)
	record fuzz-smoke "$p" "$f" "$k"
}
