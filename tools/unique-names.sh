#!/usr/bin/env bash
# zser — SPDX-License-Identifier: MIT
#
# Lists the type names (typedefs) and static functions that more than one file of ext/
# defines. The extension is one program to a debugger, ctags and grep: a name defined in two
# files is two things under one name. Prints one line per such name and exits 1 if any.
set -u
cd "$(dirname "$0")/.." || exit 1
{
	for f in ext/*.c ext/*.h; do
		case $f in *_arginfo.h) continue ;; esac
		# static functions: "static ... name(" at the start of a line
		grep -oE '^static [^(=;]*[ *]([A-Za-z_][A-Za-z_0-9]*)\(' "$f" |
			sed -E 's/.*[ *]([A-Za-z_][A-Za-z_0-9]*)\($/\1/' | sort -u | sed "s|\$| $f|"
		# typedef names: "} name;" closing a typedef, or "typedef ... name;" on one line
		{
			grep -oE '^\} *[A-Za-z_][A-Za-z_0-9]*;' "$f" | sed -E 's/^\} *//; s/;$//'
			grep -oE '^typedef [^;{]*[ *]([A-Za-z_][A-Za-z_0-9]*);' "$f" |
				sed -E 's/.*[ *]([A-Za-z_][A-Za-z_0-9]*);$/\1/'
		} | sort -u | sed "s|\$| $f|"
	done
} | sort | awk '{n[$1]++; where[$1] = where[$1] " " $2}
	END {bad = 0; for (k in n) if (n[k] > 1) {print k ":" where[k]; bad = 1} exit bad}'
