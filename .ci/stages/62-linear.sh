# Sourced by .ci/run: defines one stage.
# ---- linear: zser_unserialize()'s instructions per input byte (callgrind) stay flat from a small
# blob to a large one, for each construct that names a string again by reference
stage_linear() {
	local out p f
	if ! command -v valgrind >/dev/null; then
		echo "valgrind missing (make deps)"
		record linear 0 1
		return
	fi
	out=$(ZSER_EXT="$EXT" "$PHP" -n tests/linear/linear.php 2>&1)
	printf '%s\n' "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
	read -r p f < <(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
	record linear "${p:-0}" "${f:-1}"
}
