#!/usr/bin/env bash
# Builds a debug, thread-safe (ZTS) PHP from Debian's own source package of the PHP the host runs,
# with only what the test suites need, and installs it into a cache directory outside the clone
# that later runs reuse. Prints the install prefix on its last line.
#
#   ZSER_DEBUG_PHP_PREFIX  install prefix (default /var/cache/zser-ci/php<v>-debug-zts)
#   PHP_VERSION            Debian's php<v> source package to build (default 8.2)
#   JOBS                   make -j (default 2)
#
# The prefix is reused while its marker file, written last, holds the same configure line and
# source version; anything else (a half-finished build, a changed line) is rebuilt from scratch.
# The deb-src entries are derived at run time from apt's own configured mirrors, into a private
# apt state directory, so the host's apt configuration is never changed.
set -euo pipefail
v=${PHP_VERSION:-8.2}
prefix=${ZSER_DEBUG_PHP_PREFIX:-/var/cache/zser-ci/php$v-debug-zts}
jobs=${JOBS:-2}
work="$prefix.work"
marker="$prefix/.zser-build"

# Only what the suites load: json, session, the always-built standard/SPL/pcre/hash/random,
# dom/simplexml/xml/fileinfo for the forbidden-class tests, ctype and tokenizer for run-tests.php.
configure_args=(
	--prefix="$prefix" --enable-debug --enable-zts
	--disable-all --disable-cgi --disable-phpdbg --enable-cli --without-pear
	--enable-session --enable-ctype --enable-tokenizer --enable-filter --enable-fileinfo
	--with-libxml --enable-dom --enable-simplexml --enable-xml
)
# --enable-debug compiles with -O0, whose frames overflow the 8 MB stack in serialize() of a
# 5,000-deep array that the tests compare with, and run the suites several times slower.
# Assertions and the allocator's checks do not depend on it; -O2 after it wins.
make_args=(EXTRA_CFLAGS=-O2)

apt_source_versions() {
	# the host's own version first, then the others newest first: a mirror may lack one
	local host
	host=$(dpkg-query -W -f='${Version}' "php$v-cli" 2>/dev/null || true)
	{
		apt-cache "${apt_opts[@]}" showsrc "php$v" 2>/dev/null |
			awk '/^Version:/ {print $2}' | sort -Vr | grep -Fx -- "$host"
		apt-cache "${apt_opts[@]}" showsrc "php$v" 2>/dev/null |
			awk '/^Version:/ {print $2}' | sort -Vru | grep -vFx -- "$host"
	} | awk '!seen[$0]++'
}

# Debian's phpize takes libtool's m4 files from <prefix>/share/aclocal, which is /usr/share/aclocal
# for the packaged PHP: the cached one points there too.
link_aclocal() {
	mkdir -p "$prefix/share"
	[ -e "$prefix/share/aclocal" ] || ln -s /usr/share/aclocal "$prefix/share/aclocal"
}

need_root() {
	if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ---- build dependencies (explicit, so no apt-get build-dep of Debian's full extension set)
deps=(build-essential autoconf bison re2c pkg-config libtool libxml2-dev dpkg-dev)
missing=()
for p in "${deps[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "debug-php: installing ${missing[*]}" >&2
	export DEBIAN_FRONTEND=noninteractive
	need_root apt-get update -qq
	need_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# ---- a private apt state holding deb-src twins of the host's deb entries
apt_dir="$work/apt"
mkdir -p "$apt_dir/parts" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
: >"$apt_dir/sources.list"
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	# deb822 stanzas: a stanza that lists "deb" gets its Types line replaced by deb-src
	awk 'BEGIN {RS = ""; ORS = "\n\n"}
		/(^|\n)Types:([^\n]*[ \t])?deb([ \t]|\n|$)/ {sub(/Types:[^\n]*/, "Types: deb-src"); print}' "$f" \
		>"$apt_dir/parts/$(basename "$f")"
done
for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
	[ -f "$f" ] || continue
	sed -n 's/^[[:space:]]*deb[[:space:]]/deb-src /p' "$f" >>"$apt_dir/sources.list"
done
apt_opts=(
	-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=$apt_dir/parts"
	-o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
	-o "Dir::State::status=/var/lib/dpkg/status"
)

want="configure ${configure_args[*]} ${make_args[*]}"
if [ -f "$marker" ] && [ -z "${ZSER_DEBUG_PHP_REFRESH:-}" ]; then
	# a reused build does not look for a newer source: only the configure line must match
	if [ "$(sed -n 1p "$marker")" = "$want" ]; then
		link_aclocal
		echo "$prefix"
		exit 0
	fi
fi

apt-get "${apt_opts[@]}" update -qq
rm -rf "$work/src"
mkdir -p "$work/src"
srcver=
for cand in $(apt_source_versions); do
	if [ -f "$marker" ] && [ "$(cat "$marker")" = "$(printf '%s\nsource %s' "$want" "$cand")" ]; then
		echo "$prefix"
		exit 0
	fi
	if (cd "$work/src" && apt-get "${apt_opts[@]}" source -qq "php$v=$cand" >"$work/source.log" 2>&1); then
		srcver=$cand
		break
	fi
	echo "debug-php: php$v $cand: source not available from the mirror" >&2
	rm -rf "$work/src" && mkdir -p "$work/src"
done
[ -n "$srcver" ] || { echo "debug-php: no php$v source package in apt's mirrors" >&2; exit 1; }
echo "debug-php: building php$v $srcver (debug, ZTS) into $prefix" >&2
rm -rf "$prefix"
srcdir=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d -name "php$v-*" | head -n 1)
[ -n "$srcdir" ] || { echo "debug-php: apt-get source unpacked nothing" >&2; exit 1; }
cd "$srcdir"
# Debian's patches change configure.ac and the m4 files, so configure is regenerated
./buildconf --force >/dev/null 2>&1
./configure "${configure_args[@]}" >"$work/configure.log" 2>&1 ||
	{ tail -40 "$work/configure.log" >&2; exit 1; }
make -j"$jobs" "${make_args[@]}" >"$work/make.log" 2>&1 || { grep -E 'error' "$work/make.log" | head -40 >&2; exit 1; }
make "${make_args[@]}" install >"$work/install.log" 2>&1 || { tail -40 "$work/install.log" >&2; exit 1; }
link_aclocal
printf '%s\nsource %s\n' "$want" "$srcver" >"$marker"
# the build tree is a gigabyte of objects nothing reuses
rm -rf "$work/src"
echo "$prefix"
