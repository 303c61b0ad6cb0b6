# Sourced by .ci/run: defines one stage.
# ---- debug-zts: zser built against a debug, thread-safe PHP (tools/debug-php.sh, cached outside
# the clone) and the phpt and differential suites run under it, where Zend's assertions, its
# refcount checks and its end-of-request leak report judge what zser does with engine internals.
# The module is built from a copy of ext/ and core/ in build/debug-zts, so the host build in ext/
# stays as it is. A leak report is a failure, in a phpt (LEAK, or the report in its output) and
# in a differential script alike.
debug_zts_leak_re='memory leaks? detected|Freeing 0x[0-9a-f]+ \([0-9]+ bytes\)|Assertion .* failed|Last leak repeated'

debug_zts_build() {
	local prefix=$1 dir=$2 f stamp
	mkdir -p "$dir"
	# the files a build reads, committed or not; sources deleted here are deleted in the copy
	git ls-files -co --exclude-standard ext core | grep -E '\.(c|h|m4)$' | grep -v '^core/tests/' |
		sort >"$dir/.files.new"
	if [ -f "$dir/.files" ]; then
		comm -23 "$dir/.files" "$dir/.files.new" | while read -r f; do rm -f "$dir/$f"; done
	fi
	mv "$dir/.files.new" "$dir/.files"
	# copied with their times, so that make rebuilds only what changed
	tar -cf - -T "$dir/.files" | tar -xpf - -C "$dir"
	stamp=$({
		cat "$prefix/.zser-build" "$dir/.files" ext/config.m4
		echo "${WERROR:-0}"
	} | cksum)
	if [ ! -f "$dir/ext/Makefile" ] || [ "$(cat "$dir/.configured" 2>/dev/null)" != "$stamp" ]; then
		rm -f "$dir/.configured"
		(cd "$dir/ext" && "$prefix/bin/phpize" --clean >/dev/null 2>&1 &&
			"$prefix/bin/phpize" >"$dir/phpize.log" 2>&1 &&
			./configure --with-php-config="$prefix/bin/php-config" \
				CFLAGS="-O2 -g -Wall -Wextra $([ "${WERROR:-0}" = 1 ] && echo -Werror)" \
				>"$dir/configure.log" 2>&1) || { tail -20 "$dir/phpize.log" "$dir/configure.log" 2>/dev/null; return 1; }
		echo "$stamp" >"$dir/.configured"
	fi
	make -C "$dir/ext" -s -j2 EXTRA_CFLAGS=-MP >"$dir/make.log" 2>&1 || {
		grep -E 'error|warning' "$dir/make.log" | head -40
		return 1
	}
}

stage_debug_zts() {
	local prefix dir php ext runner out passed failed skipped leaked borked warned ok bad t log
	if ! prefix=$(bash tools/debug-php.sh | tail -n 1) || [ ! -x "$prefix/bin/php" ]; then
		echo "debug-zts: the debug ZTS PHP did not build"
		record debug-zts 0 1
		return
	fi
	dir=$PWD/build/debug-zts
	if ! debug_zts_build "$prefix" "$dir"; then
		echo "debug-zts: zser did not build against $prefix"
		record debug-zts 0 1
		return
	fi
	php=$prefix/bin/php
	ext=$dir/ext/modules/zser.so
	if ! "$php" -n -d "extension=$ext" -r 'exit(extension_loaded("zser") && ZEND_THREAD_SAFE
			&& ZEND_DEBUG_BUILD ? 0 : 1);'; then
		echo "debug-zts: $ext does not load into a debug ZTS $php"
		record debug-zts 0 1
		return
	fi

	runner=$(find "$prefix/lib/php" -path '*/build/run-tests.php' | head -n 1)
	out=$(mktemp)
	# ZSER_EXT: the module the tests that start a PHP of their own load (bin_deep.inc)
	ZSER_EXT=$ext TEST_PHP_EXECUTABLE=$php NO_INTERACTION=1 REPORT_EXIT_STATUS=0 \
		"$php" "$runner" -n -q --show-diff -j2 -d "extension=$ext" \
		-d report_memleaks=1 ${PHPT_ARGS:-} tests/ >"$out" 2>&1
	grep -E '^(FAIL|BORK|LEAK)' "$out" | head -50
	grep -A40 -E '^=+ *DIFF' "$out" | head -200
	passed=$(grep -E '^Tests passed' "$out" | grep -oE '[0-9]+' | head -n 1)
	failed=$(grep -E '^Tests failed' "$out" | grep -oE '[0-9]+' | head -n 1)
	skipped=$(grep -E '^Tests skipped' "$out" | grep -oE '[0-9]+' | head -n 1)
	leaked=$(grep -E '^Tests leaked' "$out" | grep -oE '[0-9]+' | head -n 1)
	warned=$(grep -E '^Tests warned' "$out" | grep -oE '[0-9]+' | head -n 1)
	borked=$(grep -cE '^BORK' "$out")
	[ -n "$passed" ] || { tail -20 "$out"; passed=0; failed=${failed:-1}; }
	record debug-zts-phpt "$passed" "$((${failed:-0} + ${leaked:-0} + ${warned:-0} + borked))" \
		"${skipped:-0}"
	rm -f "$out"

	ok=0 bad=0
	for t in tests/diff/*.php; do
		[ -f "$t" ] || continue
		log=$(mktemp)
		if "$php" -n -d "extension=$ext" -d memory_limit=1G -d report_memleaks=1 "$t" >"$log" 2>&1 &&
			! grep -qE "$debug_zts_leak_re" "$log"; then
			ok=$((ok + 1))
		else
			echo "debug-zts: $t"
			grep -E "$debug_zts_leak_re" "$log" | head -20
			tail -5 "$log"
			bad=$((bad + 1))
		fi
		rm -f "$log"
	done
	record debug-zts-diff "$ok" "$bad"
}
