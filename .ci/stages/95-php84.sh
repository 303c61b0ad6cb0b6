# Sourced by .ci/run: defines one stage.
# ---- php84: the suites again on Debian 13's PHP 8.4, in a debootstrapped root kept between runs
# (tools/ci-trixie.sh; ZSER_CI_ROOT moves it). One count per stage run inside the root; the
# format and stub stages depend on tool versions and run on the host only.
stage_php84() {
	local out line n s p f k
	out=$(mktemp)
	timeout "${ZSER_PHP84_TIMEOUT:-2400}" bash tools/ci-trixie.sh ${ZSER_PHP84_STAGES:-} 2>&1 | tee "$out"
	n=0
	# "php84| == phpt         120 passed, 0 failed, 3 skipped"
	while read -r line; do
		read -r s p f k < <(sed -nE 's/^php84\| == ([a-z0-9-]+) +([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$/\1 \2 \3 \5/p' <<<"$line")
		[ -n "$p" ] || continue
		record "php84-$s" "$p" "$f" "${k:-0}"
		n=$((n + 1))
	done <"$out"
	line=$(tail -n 1 "$out")
	if [ "$n" -eq 0 ]; then
		# the root or the build failed before any stage ran (or the run was skipped: not root)
		if grep -q '^php84: skipped' "$out"; then
			record php84 0 0 1
		else
			record php84 0 1
		fi
	elif ! grep -qE '^php84: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' <<<"$line"; then
		echo "php84: the run ended without its tally (timeout?)"
		record php84 0 1
	fi
	rm -f "$out"
}
