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
	# config.m4 lists the module's sources: every ext/*.c must be there, and every core file it
	# names must exist; a core file the module needs but the list lacks fails the phpt stage's
	# load check (an undefined symbol).
	for f in ext/*.c; do
		grep -qw "$(basename "$f")" ext/config.m4 || { echo "ext/config.m4 does not list $f"; bad=$((bad + 1)); }
	done
	for f in $(sed -n '/zser_core_sources="/,/"$/p' ext/config.m4 | grep -o 'zs_[a-z0-9_]*\.c'); do
		[ -f "core/$f" ] || { echo "ext/config.m4 lists core/$f, which does not exist"; bad=$((bad + 1)); }
	done
	record core-c99 "$ok" "$bad"
}
