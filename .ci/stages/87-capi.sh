# Sourced by .ci/run: defines one stage.
# ---- capi: `make install` and a separate extension built on the installed php_zser.h
stage_capi() {
	local out line
	out=$(PHP="$PHP" timeout 300 bash tests/capi/run.sh 2>&1)
	echo "$out"
	line=$(grep -E '^capi: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' <<<"$out" | tail -n 1)
	if [ -z "$line" ]; then
		record capi 0 1
		return
	fi
	read -r _ p _ f _ s _ <<<"$line"
	record capi "$p" "$f" "$s"
}
