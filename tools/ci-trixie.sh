#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Builds and tests zser against Debian 13 (trixie)'s PHP 8.4 inside a root file system made with
# debootstrap, so that every CI run covers a second PHP version without touching the host's
# PHP 8.2 build. The root is kept in a cache directory between runs and reused when its marker
# says it is complete for the current package list; the work tree is copied into it afresh on
# each run and built there (ext/ of the checkout is left alone).
#
# Usage: tools/ci-trixie.sh [STAGE...]      (default: the stages listed in $stages below)
# Needs root (debootstrap, mount, chroot). Environment:
#   ZSER_CI_ROOT       the root's directory (default /var/cache/zser-ci/trixie)
#   ZSER_CI_MIRROR     Debian mirror (default: the one apt uses on this machine)
#   ZSER_SHARED        the shared data folder (default: ../shared or ../../shared of the checkout)
#   FUZZ_SMOKE_SECONDS seconds per fuzz target inside the root (default 5)
#   ZSER_SEED, ZSER_CASES are passed on to the suites.
# Last line: "php84: P passed, F failed, S skipped" (the inner .ci/run's tally); exit 0 only
# when everything passed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
root=${ZSER_CI_ROOT:-/var/cache/zser-ci/trixie}
suite=trixie
php_version=8.4
stages=("$@")
[ ${#stages[@]} -gt 0 ] || stages=(unit phpt diff diff-override cli capi fuzz-smoke regress integration)

# Packages of the root; a change here reruns apt-get install on the kept root.
packages=(
	"php$php_version-cli" "php$php_version-dev" "libphp$php_version-embed"
	"php$php_version-igbinary" "php$php_version-msgpack" "php$php_version-apcu"
	"php$php_version-redis" "php$php_version-xml"
	redis-server make clang llvm libclang-rt-dev valgrind git ca-certificates
)

say() { echo "php84: $*"; }
finish_fail() {
	say "$*"
	echo "php84: 0 passed, 1 failed, 0 skipped"
	exit 1
}

[ "$(id -u)" -eq 0 ] || {
	say "skipped: needs root for debootstrap and chroot"
	echo "php84: 0 passed, 0 failed, 1 skipped"
	exit 77
}
command -v debootstrap >/dev/null || finish_fail "debootstrap is not installed (make deps)"

# The mirror apt already uses: deb822 .sources files first, then sources.list. Security and
# update suites are skipped; the first plain Debian archive wins.
find_mirror() {
	local f uri
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] || continue
		uri=$(awk 'tolower($1) == "uris:" && $2 !~ /security/ {print $2; exit}' "$f")
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
	for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
		[ -f "$f" ] || continue
		uri=$(awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /=/ && $i !~ /\]$/) {
			if ($i !~ /security/) print $i; exit}}' "$f" | head -n 1)
		[ -n "$uri" ] && { echo "$uri"; return; }
	done
}

# Unmounts everything below the root, deepest first.
unmount_root() {
	local m
	[ -d "$root" ] || return 0
	for m in $(awk -v r="$root/" 'index($2, r) == 1 {print $2}' /proc/self/mounts | sort -r); do
		umount -l "$m" 2>/dev/null
	done
}

# rm -rf of a directory with anything mounted below it would go through into /dev or the shared
# folder of the host: refuse, whatever unmount_root left.
remove_tree() {
	if awk -v r="$1" '$2 == r || index($2, r "/") == 1 {found = 1} END {exit !found}' /proc/self/mounts; then
		echo "php84: refusing to remove $1: something is still mounted below it"
		return 1
	fi
	rm -rf --one-file-system "$1"
}

shared=${ZSER_SHARED:-}
if [ -z "$shared" ]; then
	for d in "$top/../shared" "$top/../../shared"; do
		[ -d "$d" ] && { shared=$(cd "$d" && pwd); break; }
	done
fi

mkdir -p "$(dirname "$root")"
exec 9>"$root.lock"
flock 9
trap unmount_root EXIT
trap 'exit 1' INT TERM
unmount_root

start=$SECONDS
if [ ! -f "$root/.zser-ci-base" ]; then
	mirror=${ZSER_CI_MIRROR:-$(find_mirror)}
	[ -n "$mirror" ] || finish_fail "no Debian mirror in apt's configuration (set ZSER_CI_MIRROR)"
	say "making the $suite root in $root from $mirror"
	remove_tree "$root" || finish_fail "cannot remove the incomplete root"
	if ! debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.debootstrap.log" 2>&1; then
		tail -n 20 "$root.debootstrap.log"
		unmount_root
		finish_fail "debootstrap failed"
	fi
	# Package scripts start no daemons in the root (redis-server is started by the tests).
	printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
	chmod 0755 "$root/usr/sbin/policy-rc.d"
	touch "$root/.zser-ci-base"
fi

mount -t proc proc "$root/proc" || finish_fail "cannot mount /proc in the root"
# read-only, for the kernel's settings the tests look at (transparent huge pages)
mount -t sysfs -o ro sysfs "$root/sys" 2>/dev/null
mount --bind /dev "$root/dev" || finish_fail "cannot bind /dev into the root"
mount --bind /dev/pts "$root/dev/pts" 2>/dev/null
mkdir -p "$root/dev/shm" && mount -t tmpfs tmpfs "$root/dev/shm" 2>/dev/null
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null

in_root() {
	chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

want=$(printf '%s\n' "${packages[@]}")
if [ "$(cat "$root/.zser-ci-complete" 2>/dev/null)" != "$want" ]; then
	rm -f "$root/.zser-ci-complete"
	say "installing PHP $php_version and the tools into the root"
	if ! in_root apt-get update -qq >"$root.apt.log" 2>&1 ||
		! in_root apt-get install -y -qq --no-install-recommends "${packages[@]}" >>"$root.apt.log" 2>&1; then
		tail -n 20 "$root.apt.log"
		finish_fail "apt-get install in the root failed"
	fi
	in_root apt-get clean
	printf '%s\n' "$want" >"$root/.zser-ci-complete"
fi
say "root ready after $((SECONDS - start)) s"

# A fresh copy of the work tree (tracked files and new ones not ignored), built inside.
remove_tree "$root/build" || finish_fail "cannot remove the last run's copy"
mkdir -p "$root/build/zser" "$root/build/shared"
(cd "$top" && git ls-files -z --cached --others --exclude-standard |
	while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
	tar --null -T - -cf -) | tar -xf - -C "$root/build/zser" || finish_fail "cannot copy the work tree"
if [ -n "$shared" ]; then
	mount --bind "$shared" "$root/build/shared" && mount -o remount,bind,ro "$root/build/shared"
else
	say "no shared data folder found: the suites that read it run without it"
fi

out=$root.out
in_root PHP_VERSION="$php_version" CI="${CI:-}" FUZZ_SMOKE_SECONDS="${FUZZ_SMOKE_SECONDS:-5}" \
	${ZSER_SEED:+ZSER_SEED="$ZSER_SEED"} ${ZSER_CASES:+ZSER_CASES="$ZSER_CASES"} \
	bash -c 'cd /build/zser && php -v | head -n 1 &&
		make -s build WERROR=1 >/tmp/build.log 2>&1 || { tail -n 40 /tmp/build.log; exit 3; }
		bash .ci/run "$@"' zser "${stages[@]}" 2>&1 | tee "$out" | sed -u 's/^/php84| /'
rc=${PIPESTATUS[0]}
tally=$(tail -n 1 "$out" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?$/\1 \2 \4/p')
say "stages ran in $((SECONDS - start)) s in all"
if [ -z "$tally" ]; then
	finish_fail "no tally from the stages (exit $rc)"
fi
read -r p f k <<<"$tally"
echo "php84: $p passed, $f failed, ${k:-0} skipped"
[ "$rc" -eq 0 ] && [ "$f" -eq 0 ]
