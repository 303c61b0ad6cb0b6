#!/usr/bin/env bash
# Installs the Debian packages that building, testing and benchmarking need, and nothing
# that is already there. Only apt-get is used; nothing is downloaded from anywhere else.
set -euo pipefail
v=${PHP_VERSION:-8.2}
packages=(
	"php$v-cli" "php$v-dev" "libphp$v-embed"
	"php$v-igbinary" "php$v-msgpack" "php$v-apcu" "php$v-redis"
	# the forbidden-class tests serialize DOM and SimpleXML objects
	"php$v-xml"
	redis-server php-parser debootstrap clang libclang-rt-dev llvm valgrind clang-format make
)
missing=()
for p in "${packages[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}"
sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
