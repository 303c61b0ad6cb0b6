# Sourced by .ci/run: defines one stage.
# ---- format: every C file of ours is clang-formatted (generated arginfo excepted), and no
# type or static function name of ext/ is defined in two files (tools/unique-names.sh)
stage_format() {
	local bad=0 ok=0 f
	for f in $(git ls-files '*.c' '*.h' | grep -v '_arginfo\.h$'); do
		if clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
			ok=$((ok + 1))
		else
			echo "not formatted: $f"
			bad=$((bad + 1))
		fi
	done
	if bash tools/unique-names.sh; then
		ok=$((ok + 1))
	else
		echo "names defined in more than one file of ext/ (above): give each its own"
		bad=$((bad + 1))
	fi
	record format "$ok" "$bad"
}
