# Sourced by .ci/run: defines one stage.
# ---- core-c99: the core builds as plain C99 without PHP headers
stage_core_c99() {
	local ok=0 bad=0 f
	if grep -l '#include.*php\.h\|#include.*zend' core/*.c core/*.h; then
		echo "core/ includes PHP headers"
		bad=$((bad + 1))
	fi
	for f in core/*.c; do
		if cc -std=c99 -pedantic -Wall -Wextra -Werror -Wshadow -Wvla -Wstrict-prototypes \
			-Icore -c "$f" -o /dev/null; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
		fi
	done
	record core-c99 "$ok" "$bad"
}
