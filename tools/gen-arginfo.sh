#!/usr/bin/env bash
# Regenerates ext/zser_arginfo.h from ext/zser.stub.php with PHP's own gen_stub.php.
# gen_stub.php wants nikic/PHP-Parser beside it; Debian ships it as php-parser, so the
# script runs from a scratch copy that points there instead of downloading anything.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
php_config=${PHP_CONFIG:-php-config}
php_bin=${PHP:-php}
gen=$("$php_config" --extension-dir)/build/gen_stub.php
[ -f "$gen" ] || { echo "gen-arginfo: $gen not found (php-dev missing?)" >&2; exit 1; }
parser=/usr/share/php/PhpParser
[ -d "$parser" ] || { echo "gen-arginfo: php-parser is not installed" >&2; exit 1; }
version=$(grep -o 'version = "[0-9.]*"' "$gen" | head -n 1 | cut -d'"' -f2)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cp "$gen" "$scratch/gen_stub.php"
mkdir -p "$scratch/PHP-Parser-$version/lib"
ln -s "$parser" "$scratch/PHP-Parser-$version/lib/PhpParser"
"$php_bin" "$scratch/gen_stub.php" -f "$top/ext/zser.stub.php"
