# Sourced by .ci/run: defines one stage.
# ---- linear: work counted in instructions under callgrind, never timed: zser_unserialize()'s
# instructions per input byte stay flat from a small blob to a large one, for each construct
# that names a string again by reference (linear.php); keys made to collide in a hash cost about
# what ordinary keys cost, and per key the same at two sizes (colliding.php); jsond_decode_stream()
# spends as many instructions per byte on a text four times longer (stream.php)
stage_linear() {
	local out p f t pass=0 fail=0
	if ! command -v valgrind >/dev/null; then
		echo "valgrind missing (make deps)"
		record linear 0 1
		return
	fi
	for t in linear colliding stream; do
		out=$(ZSER_EXT="$EXT" "$PHP" -n -d "extension=$EXT" "tests/linear/$t.php" 2>&1)
		printf '%s\n' "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
		read -r p f < <(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
		pass=$((pass + ${p:-0}))
		fail=$((fail + ${f:-1}))
	done
	record linear "$pass" "$fail"
}
