# Sourced by .ci/run: defines one stage.
# ---- diff-override: json_* with zser.json_override=1 against plain ext/json.
#  1. tests/override/json_override_diff.php: seeded cases run in `php -n` (ext/json alone) and
#     in a process with the override on; outcomes must be identical.
#  2. every JSON differential suite built on tests/inc/json_diff_ref.php runs twice with one
#     seed: a recording pass (as written; ext/json's outcomes saved) and a replay pass with the
#     override on, where zser runs through the json_* names. Suites not built on the helper
#     are reported and skipped.
stage_diff_override() {
	local ok=0 bad=0 skipped=0 rc t seed rec
	ZSER_EXT="$EXT" "$PHP" -n tests/override/json_override_diff.php
	rc=$?
	case $rc in
	0) ok=$((ok + 1)) ;;
	77) skipped=$((skipped + 1)) ;;
	*) bad=$((bad + 1)) ;;
	esac
	rec=$(mktemp)
	for t in tests/diff/json_*.php; do
		[ -f "$t" ] || continue
		# a suite of a function ext/json has no name for says so on a line of its own
		if grep -q '^// diff-override: not applicable' "$t"; then
			continue
		fi
		if ! grep -q 'json_diff_ref.php' "$t"; then
			echo "diff-override: $t does not use tests/inc/json_diff_ref.php, not rerun"
			skipped=$((skipped + 1))
			continue
		fi
		seed=${ZSER_SEED:-$((RANDOM * 32768 + RANDOM))}
		echo "diff-override: $t, seed $seed"
		# Fewer cases than the diff stage's own run: the recording is held on disk.
		if ZSER_SEED=$seed ZSER_CASES=${ZSER_OVERRIDE_CASES:-30000} ZSER_JSON_DIFF_MODE="record:$rec" \
			"$PHP" -d "extension=$EXT" -d memory_limit=1G "$t" >/dev/null &&
			ZSER_SEED=$seed ZSER_CASES=${ZSER_OVERRIDE_CASES:-30000} ZSER_JSON_DIFF_MODE="replay:$rec" \
				"$PHP" -d "extension=$EXT" -d zser.json_override=1 -d memory_limit=1G "$t"; then
			ok=$((ok + 1))
		else
			echo "diff-override: $t failed with the override on (seed $seed)"
			bad=$((bad + 1))
		fi
	done
	rm -f "$rec"
	record diff-override "$ok" "$bad" "$skipped"
}
