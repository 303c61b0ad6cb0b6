#!/usr/bin/env bash
# Installs the Debian packages that building, testing and benchmarking need, and nothing
# that is already there. Only apt-get is used; nothing is downloaded from anywhere else.
#   install-deps.sh          everything `make test` and `make bench` use
#   install-deps.sh build    only what building and installing the extension and the CLI need
#                            (what `make install` uses: no test or benchmark tools on a server)
set -euo pipefail
v=${PHP_VERSION:-8.2}
if [ "${1:-}" = build ]; then
	packages=("php$v-dev" gcc libc6-dev make binutils)
else
packages=(
	"php$v-cli" "php$v-dev" "libphp$v-embed"
	"php$v-igbinary" "php$v-msgpack" "php$v-apcu" "php$v-redis"
	# the forbidden-class tests serialize DOM and SimpleXML objects
	"php$v-xml"
	# the Symfony Cache marshaller is tested in Symfony 5.4, with Redis
	php-symfony-cache
	redis-server php-parser debootstrap clang libclang-rt-dev llvm valgrind clang-format make
	# make bench builds the peer extension simdjson_plus (C++17) when ../shared/peers has it
	g++
)
# the js stage: Debian's Node.js (and npm, for `npm pack`) only when no node is on the PATH
command -v node >/dev/null || packages+=(nodejs npm)
fi
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
