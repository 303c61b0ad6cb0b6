# Sourced by .ci/run: defines one stage.
# ---- fuzz-smoke: every libFuzzer target (fuzz/fuzz_*.c) for FUZZ_SMOKE_SECONDS (default 20)
# with ASan + UBSan, one after another; a target whose code has not landed yet is skipped.
stage_fuzz_smoke() {
	local p f k
	if ! make -s fuzz-build >build-fuzz.log 2>&1; then
		tail -30 build-fuzz.log
		rm -f build-fuzz.log
		record fuzz-smoke 0 1
		return
	fi
	rm -f build-fuzz.log
	make -s fuzz-seeds
	FUZZ_SECONDS=${FUZZ_SMOKE_SECONDS:-20} bash tools/fuzz-run.sh run \
		$(make -s --no-print-directory fuzz-list)
	read -r p f k < <(awk '{p += $2 == "passed"; f += $2 == "failed"; k += $2 == "skipped"}
		END {print p + 0, f + 0, k + 0}' build/fuzz/run-summary.txt)
	record fuzz-smoke "$p" "$f" "$k"
}
