# Sourced by .ci/run: defines one stage.
# ---- diff-override: json_* with zser.json_override=1 against plain ext/json, each side in its
# own process (tests/override/json_override_diff.php); one test per suite run.
stage_diff_override() {
	local ok=0 bad=0 skipped=0 rc
	ZSER_EXT="$EXT" "$PHP" -n tests/override/json_override_diff.php
	rc=$?
	case $rc in
	0) ok=$((ok + 1)) ;;
	77) skipped=$((skipped + 1)) ;;
	*) bad=$((bad + 1)) ;;
	esac
	record diff-override "$ok" "$bad" "$skipped"
}
