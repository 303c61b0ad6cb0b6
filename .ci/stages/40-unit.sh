# Sourced by .ci/run: defines one stage.
# ---- unit: C unit tests of the core, one executable each
stage_unit() {
	local ok=0 bad=0 t
	for t in build/unit/test_*; do
		[ -x "$t" ] || continue
		if "$t"; then ok=$((ok + 1)); else bad=$((bad + 1)); fi
	done
	record unit "$ok" "$bad"
}
