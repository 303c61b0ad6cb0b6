# Sourced by .ci/run: defines one stage.
# ---- js: the shared vectors (tests/vectors) through the extension, the CLI and the npm package
# in js/ (node --test: vectors, cuts and flips against the core reader, a differential run
# against zser_serialize()/zser_unserialize()), and `npm pack --dry-run`
stage_js() {
	local p=0 f=0 out n
	if ! command -v node >/dev/null; then
		echo "node missing (tools/install-deps.sh)"
		record js 0 1
		return
	fi
	mkdir -p build/vectors
	if ! cc -std=c99 -O2 -Wall -Wextra -Werror -Icore -o build/vectors/wire_check \
		tests/vectors/wire_check.c core/*.c -lm; then
		record js 0 1
		return
	fi
	# the extension: decode equal to the description, re-encode byte for byte
	out=$("$PHP" -d extension="$EXT" tools/check-vectors.php 2>&1)
	printf '%s\n' "$out" | grep -v ' passed, '
	read -r n < <(printf '%s\n' "$out" | sed -n 's/^\([0-9]*\) passed, 0 failed$/\1/p')
	if [ -n "$n" ] && [ "$n" -ge 200 ]; then p=$((p + 1)); else f=$((f + 1)); fi
	# the CLI: every vector valid, and dumped
	n=0
	for v in tests/vectors/*.zser; do
		if ! build/cli/zser check -q "$v" || ! build/cli/zser dump "$v" >/dev/null; then
			echo "zser check/dump refused $v"
			n=$((n + 1))
		fi
	done
	if [ "$n" -eq 0 ]; then p=$((p + 1)); else f=$((f + 1)); fi
	# the package's own tests
	out=$(cd js && ZSER_WIRE_CHECK="$top/build/vectors/wire_check" ZSER_PHP="$PHP" ZSER_EXT="$EXT" \
		node --test test/ 2>&1)
	printf '%s\n' "$out" | grep -E '^# (\\# )?[0-9]+ |^not ok|^# (pass|fail)' | sed 's/^/  /'
	p=$((p + $(printf '%s\n' "$out" | sed -n 's/^# pass \([0-9]*\)$/\1/p')))
	f=$((f + $(printf '%s\n' "$out" | sed -n 's/^# fail \([0-9]*\)$/\1/p')))
	# publishable: the file list npm would pack
	if out=$(cd js && npm pack --dry-run --json 2>/dev/null) &&
		printf '%s' "$out" | grep -q '"path": "zser.d.ts"'; then
		p=$((p + 1))
	else
		echo "npm pack --dry-run failed"
		f=$((f + 1))
	fi
	record js "$p" "$f"
}
