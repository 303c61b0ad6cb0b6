# Sourced by .ci/run: defines one stage.
# ---- phpt: PHP's own run-tests.php over tests/
stage_phpt() {
	phpt_run phpt "$EXT"
}

# phpt_run NAME MODULE: the suite with that module, recorded under NAME
phpt_run() {
	local name=$1 EXT=$2 out runner passed failed skipped
	# A module that fails to load turns every test into a skip: that is a failure, not a skip.
	if ! "$PHP" -d "extension=$EXT" -r 'exit(extension_loaded("zser") ? 0 : 1);'; then
		echo "$name: $EXT does not load"
		record "$name" 0 1
		return
	fi
	runner=$("${PHP/php/php-config}" --extension-dir 2>/dev/null)/build/run-tests.php
	[ -f "$runner" ] || runner=$(php-config${PHP_VERSION:-8.2} --extension-dir)/build/run-tests.php
	out=$(mktemp)
	TEST_PHP_EXECUTABLE=$(command -v "$PHP") NO_INTERACTION=1 REPORT_EXIT_STATUS=0 \
		"$PHP" "$runner" -q --show-diff -j2 -d "extension=$EXT" ${PHPT_ARGS:-} tests/ >"$out" 2>&1
	grep -E '^(FAIL|BORK|LEAK)' "$out" | head -50
	grep -A40 -E '^=+ *DIFF' "$out" | head -200
	passed=$(grep -E '^Tests passed' "$out" | grep -oE '[0-9]+' | head -n 1)
	failed=$(grep -E '^Tests failed' "$out" | grep -oE '[0-9]+' | head -n 1)
	skipped=$(grep -E '^Tests skipped' "$out" | grep -oE '[0-9]+' | head -n 1)
	borked=$(grep -cE '^BORK' "$out")
	warned=$(grep -E '^Tests warned' "$out" | grep -oE '[0-9]+' | head -n 1)
	[ -n "$passed" ] || { tail -20 "$out"; passed=0; failed=${failed:-1}; }
	record "$name" "${passed:-0}" "$(( ${failed:-0} + borked + ${warned:-0} ))" "${skipped:-0}"
	rm -f "$out"
}
