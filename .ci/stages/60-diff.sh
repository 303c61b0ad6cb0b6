# Sourced by .ci/run: defines one stage.
# ---- diff: differential suites (tests/diff/*.php), thousands of generated cases each
stage_diff() {
	local ok=0 bad=0 t
	for t in tests/diff/*.php; do
		[ -f "$t" ] || continue
		if "$PHP" -d "extension=$EXT" -d memory_limit=1G "$t"; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
		fi
	done
	record diff "$ok" "$bad"
}
