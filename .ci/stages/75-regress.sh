# Sourced by .ci/run: defines one stage.
# ---- regress: every saved crasher in fuzz/regress/<target>/ replayed through its target
# (ASan + UBSan build); one count per target that has saved inputs.
stage_regress() {
	local p f k
	mkdir -p build/fuzz
	make -s -k fuzz-build >build/fuzz/build.log 2>&1 || grep -E 'error|Error' build/fuzz/build.log | head -20
	bash tools/fuzz-run.sh regress $(make -s --no-print-directory fuzz-list)
	read -r p f k < <(awk '{p += $2 == "passed"; f += $2 == "failed"; k += $2 == "skipped"}
		END {print p + 0, f + 0, k + 0}' build/fuzz/regress-summary.txt)
	record regress "$p" "$f" "$k"
}
