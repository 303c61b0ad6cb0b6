# Sourced by .ci/run: defines one stage.
# ---- oracle: zser_unserialize()'s fast paths against its slow path (docs/INTERNALS.md §12).
# The switch between them exists only in a module built with -DZSER_DEC_ORACLE, made here from
# a copy of ext/ and core/ in build/oracle (the release build in ext/ has no such switch), and
# tests/oracle/decode_paths.php decodes every blob both ways with it. The same module is built
# with -DZSER_ZEND_INTERNALS=0, every engine helper of ext/zend_compat.h through PHP's public
# API (the path of PHP versions the seam was not checked on), and the phpt suite runs with it
# too, so that path cannot go stale. It is also built with -DZSER_ENC_REC_DEPTH=4: zser_serialize()
# writes past four levels (not 128) through its walk's frames, so the phpt suite's values reach
# them (docs/INTERNALS.md §6).
oracle_build() {
	local dir=$1 f stamp
	mkdir -p "$dir"
	git ls-files -co --exclude-standard ext core | grep -E '\.(c|h|m4)$' | grep -v '^core/tests/' |
		sort >"$dir/.files.new"
	if [ -f "$dir/.files" ]; then
		comm -23 "$dir/.files" "$dir/.files.new" | while read -r f; do rm -f "$dir/$f"; done
	fi
	mv "$dir/.files.new" "$dir/.files"
	# copied with their times, so that make rebuilds only what changed
	tar -cf - -T "$dir/.files" | tar -xpf - -C "$dir"
	stamp=$({
		cat "$dir/.files" ext/config.m4
		echo "${WERROR:-0} $PHP public-api rec4"
	} | cksum)
	if [ ! -f "$dir/ext/Makefile" ] || [ "$(cat "$dir/.configured" 2>/dev/null)" != "$stamp" ]; then
		rm -f "$dir/.configured"
		(cd "$dir/ext" && "${PHPIZE:-phpize${PHP_VERSION:-8.2}}" --clean >/dev/null 2>&1 &&
			"${PHPIZE:-phpize${PHP_VERSION:-8.2}}" >"$dir/phpize.log" 2>&1 &&
			./configure --with-php-config="$(command -v "${PHP_CONFIG:-php-config${PHP_VERSION:-8.2}}")" \
				CFLAGS="-O2 -g -Wall -Wextra -DZSER_DEC_ORACLE -DZSER_ZEND_INTERNALS=0 -DZSER_ENC_REC_DEPTH=4 $([ "${WERROR:-0}" = 1 ] && echo -Werror)" \
				>"$dir/configure.log" 2>&1) || { tail -20 "$dir/phpize.log" "$dir/configure.log" 2>/dev/null; return 1; }
		echo "$stamp" >"$dir/.configured"
	fi
	make -C "$dir/ext" -s EXTRA_CFLAGS=-MP >"$dir/make.log" 2>&1 || {
		grep -E 'error|warning' "$dir/make.log" | head -40
		return 1
	}
}

stage_oracle() {
	local dir=$PWD/build/oracle
	if ! oracle_build "$dir"; then
		echo "oracle: the module with -DZSER_DEC_ORACLE did not build"
		record oracle 0 1
		return
	fi
	if "$PHP" -d "extension=$dir/ext/modules/zser.so" -d memory_limit=2G tests/oracle/decode_paths.php; then
		record oracle 1 0
	else
		record oracle 0 1
	fi
	phpt_run phpt-public-api "$dir/ext/modules/zser.so"
}
