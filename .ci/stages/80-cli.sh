# Sourced by .ci/run: defines one stage.
# ---- cli: the zser command-line tool against PHP's own serialize()/igbinary and hostile input
stage_cli() {
	local out p f
	if [ ! -x build/cli/zser ]; then
		echo "build/cli/zser missing (make build)"
		record cli 0 1
		return
	fi
	out=$(PHP="$PHP" bash cli/tests/run.sh 2>&1)
	printf '%s\n' "$out" | grep -vE '^[0-9]+ passed, [0-9]+ failed$'
	read -r p f < <(printf '%s\n' "$out" | tail -n 1 | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
	record cli "${p:-0}" "${f:-1}"
}
