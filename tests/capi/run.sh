#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# `make install` into a scratch root: it installs exactly the extension, its header, the CLI and
# its man page, stripped, and `make uninstall` removes exactly those. Check that the installed
# zser registers its serializers whatever the load order; then build tests/capi (a separate
# extension using zser's C API through the installed ext/zser/php_zser.h) and run it next to zser.
# Usage: tests/capi/run.sh   env: PHP_VERSION (8.2), or PHP, PHPIZE, PHP_CONFIG.
# Last line: "capi: P passed, F failed, S skipped".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
PHP=${PHP:-php${PHP_VERSION:-8.2}}
PHPIZE=${PHPIZE:-phpize${PHP_VERSION:-8.2}}
PHP_CONFIG=${PHP_CONFIG:-php-config${PHP_VERSION:-8.2}}
passed=0 failed=0 skipped=0
pass() { echo "ok   $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failed=$((failed + 1)); }
skip() { echo "skip $*"; skipped=$((skipped + 1)); }
finish() {
	echo "capi: $passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit
}

work=$(mktemp -d "${TMPDIR:-/tmp}/zser-capi.XXXXXX")
trap 'rm -rf "$work"' EXIT

root=$work/root
incdir=$("$PHP_CONFIG" --include-dir)
extdir=$("$PHP_CONFIG" --extension-dir)
mk=(make -s --no-print-directory -C "$top" PHP_CONFIG="$PHP_CONFIG" PHPIZE="$PHPIZE" PREFIX=/usr/local DESTDIR="$root")
expected=$(printf '%s\n' "$extdir/zser.so" "$incdir/ext/zser/php_zser.h" /usr/local/bin/zser \
	/usr/local/share/man/man1/zser.1 | sort)
if "${mk[@]}" install >"$work/install.log" 2>&1; then
	got=$(cd "$root" && find . -type f | sed 's/^\.//' | sort)
	if [ "$got" = "$expected" ]; then
		pass "make install installs zser.so, ext/zser/php_zser.h, the CLI and its man page, nothing else"
	else
		fail "make install installed: $got"
	fi
else
	fail "make install (see below)"
	tail -n 20 "$work/install.log"
	finish
fi
if readelf -S "$root$extdir/zser.so" "$root/usr/local/bin/zser" | grep -q '\.debug_'; then
	fail "installed zser.so or zser still carries debug information"
else
	pass "installed zser.so and zser carry no debug information"
fi
# uninstall from a copy of the root, so that the checks below use the installed files
cp -a "$root" "$work/uninstall-root"
if "${mk[@]}" DESTDIR="$work/uninstall-root" uninstall >"$work/uninstall.log" 2>&1 &&
	[ -z "$(find "$work/uninstall-root" -type f)" ]; then
	pass "make uninstall removes every installed file"
else
	fail "make uninstall left: $(find "$work/uninstall-root" -type f)"
fi

# An installed zser listed before apcu and session still registers with both: its module
# dependencies make PHP start them first.
modules=$("$PHP" -n -d extension=apcu -m 2>/dev/null)
if grep -qx apcu <<<"$modules"; then
	info=$("$PHP" -n -d "extension=$root$extdir/zser.so" -d extension=apcu -d apc.enable_cli=1 --ri zser 2>&1)
	if grep -q '^APCu serializer => registered' <<<"$info" && grep -q '^Session serializer => registered' <<<"$info"; then
		pass "zser loaded before apcu registers as APCu and session serializer"
	else
		fail "zser loaded before apcu: $info"
	fi
else
	skip "APCu is not installed (apt-get install php${PHP_VERSION:-8.2}-apcu)"
fi

if ! grep -q 'php_zser_serialize' "$root$incdir/ext/zser/php_zser.h"; then
	skip "php_zser.h does not declare the C API yet (binary format not merged)"
	finish
fi

# The installed header compiles on its own and declares the public API only: its module entry,
# version and the two C API functions; the module globals, caches and decoder internals stay in
# the uninstalled zser_internal.h. Every name it adds with "zser" or the core's zs_ prefix in it,
# macros included, is listed here.
printf '#include "ext/zser/php_zser.h"\n' >"$work/alone.c"
# shellcheck disable=SC2046
if cc -fsyntax-only -Wall -Wextra -Werror -I"$root$incdir" $("$PHP_CONFIG" --includes) "$work/alone.c" \
	>"$work/alone.log" 2>&1; then
	pass "the installed php_zser.h compiles alone"
else
	fail "the installed php_zser.h does not compile alone"
	head -n 20 "$work/alone.log"
fi
public='PHP_ZSER_API PHP_ZSER_H PHP_ZSER_VERSION php_zser_serialize php_zser_unserialize phpext_zser_ptr zser_module_entry'
# shellcheck disable=SC2046
names=$(cc -E -dD -I"$root$incdir" $("$PHP_CONFIG" --includes) "$work/alone.c" 2>/dev/null |
	grep -v '^# [0-9]' | grep -oE '\b[A-Za-z_0-9]*([Zz][Ss][Ee][Rr]|\b[Zz][Ss]_)[A-Za-z_0-9]*' | sort -u | tr '\n' ' ' | sed 's/ $//')
if [ "$names" = "$public" ]; then
	pass "the installed php_zser.h declares only the public API ($public)"
else
	fail "the installed php_zser.h declares: $names (public API: $public)"
fi

cp "$here/config.m4" "$here/zser_capi_demo.c" "$work/"
if (cd "$work" && "$PHPIZE" >/dev/null 2>&1 &&
	./configure --with-php-config="$(command -v "$PHP_CONFIG")" \
		CPPFLAGS="-I$root$incdir" CFLAGS="-O1 -Wall -Wextra -Werror -Wno-unused-parameter" >/dev/null 2>&1 &&
	make -s >"$work/build.log" 2>&1); then
	pass "an extension using the C API builds against the installed header"
else
	fail "the C API demo does not build"
	tail -n 20 "$work/build.log" 2>/dev/null
	finish
fi

if ! "$PHP" -d "extension=$root$extdir/zser.so" -r 'if (!extension_loaded("zser")) exit(2); try { zser_serialize(1); } catch (Throwable $e) { exit(1); }' 2>/dev/null; then
	skip "the binary format is not implemented yet"
	finish
fi
out=$("$PHP" -d "extension=$root$extdir/zser.so" -d "extension=$work/modules/zser_capi_demo.so" "$here/check.php" 2>&1)
echo "$out"
while read -r status _; do
	case $status in
	ok) passed=$((passed + 1)) ;;
	*) failed=$((failed + 1)) ;;
	esac
done <<<"$out"
finish
