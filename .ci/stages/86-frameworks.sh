# Sourced by .ci/run: defines one stage.
# ---- frameworks: the Symfony Cache marshaller and the cache examples of the docs, against a
# real redis-server (tests/frameworks/run.sh starts and stops it)
stage_frameworks() {
	local out line
	out=$(PHP="$PHP" timeout 120 bash tests/frameworks/run.sh "$EXT" 2>&1)
	echo "$out"
	line=$(grep -E '^frameworks: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' <<<"$out" | tail -n 1)
	if [ -z "$line" ]; then
		record frameworks 0 1
		return
	fi
	read -r _ p _ f _ s _ <<<"$line"
	record frameworks "$p" "$f" "$s"
}
