# Sourced by .ci/run: defines one stage.
# ---- replay: every truncation and single-byte flip of a corpus of object-graph blobs decoded
# under valgrind (tools/replay.sh, tests/replay/replay.php); one count per range of mutants.
stage_replay() {
	local p f
	if ! command -v valgrind >/dev/null; then
		echo "replay: valgrind is not installed (make deps)"
		record replay 0 1
		return
	fi
	bash tools/replay.sh
	if [ ! -f build/replay/ranges ]; then
		record replay 0 1
		return
	fi
	f=0
	[ -f build/replay/failed ] && f=$(wc -l <build/replay/failed)
	p=$(($(wc -l <build/replay/ranges) - f))
	record replay "$p" "$f"
}
