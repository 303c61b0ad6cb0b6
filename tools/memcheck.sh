#!/usr/bin/env bash
# zser — `make test-memcheck`: the whole phpt suite (tests/) under valgrind memcheck through
# run-tests.php -m, which runs every test with USE_ZEND_ALLOC=0 so that valgrind sees each
# emalloc. Fails on any test run-tests marks LEAK or FAIL, and on any invalid read/write,
# uninitialised use or definitely lost block in the valgrind logs. Prints a summary.
# PCRE's JIT is off: valgrind cannot follow JIT-compiled code and reports thousands of
# uninitialised reads inside it that are not real.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
PHP=${PHP:-php${PHP_VERSION:-8.2}}
EXT="$top/ext/modules/zser.so"
runner=$(php-config${PHP_VERSION:-8.2} --extension-dir)/build/run-tests.php
out=build/memcheck
rm -rf "$out"
mkdir -p "$out"
log=$out/run-tests.log

find tests -name '*.mem' -delete
echo "memcheck: running tests/ under valgrind (slow)..."
start=$(date +%s)
# Under valgrind run-tests gives every test 300 s without output, whatever --set-timeout says
# (and retries it once on a timeout). tests/json/encode_deep_nesting.phpt takes its depth from
# ZSER_TEST_DEEP_LEVELS: a million levels by default, 100,000 here (about 12 s under valgrind,
# still far past every depth limit it checks; the json_encode comparison at a hundredth of it).
# tests/json/encode_to_stream_memory.phpt takes its row count from ZSER_TEST_STREAM_ROWS:
# 60,000 (50 MB of text) by default, 6,000 here (its json_encode() comparison of 50 MB alone
# ran past the 300 s).
ZSER_TEST_DEEP_LEVELS=${ZSER_TEST_DEEP_LEVELS:-100000} \
ZSER_TEST_STREAM_ROWS=${ZSER_TEST_STREAM_ROWS:-6000} \
TEST_PHP_EXECUTABLE=$(command -v "$PHP") NO_INTERACTION=1 REPORT_EXIT_STATUS=0 \
	"$PHP" "$runner" -q -m -j2 -d "extension=$EXT" -d pcre.jit=0 -d opcache.enable_cli=0 ${PHPT_ARGS:-} tests/ >"$log" 2>&1
took=$(($(date +%s) - start))

num() { grep -E "^$1" "$log" | grep -oE '[0-9]+' | head -n 1; }
passed=$(num 'Tests passed')
failed=$(num 'Tests failed')
leaked=$(num 'Tests leaked')
skipped=$(num 'Tests skipped')
mems=$(find tests -name '*.mem' | sort)
invalid=0 lost=0 uninit=0
for m in $mems; do
	cp "$m" "$out/"
	invalid=$((invalid + $(grep -cE 'Invalid (read|write|free)|Mismatched free' "$m")))
	uninit=$((uninit + $(grep -cE 'uninitialised|Uninitialised' "$m")))
	lost=$((lost + $(grep -E 'definitely lost: [1-9]' "$m" -c)))
done
grep -E '^(FAIL|LEAK|BORK)' "$log" | head -30
echo "memcheck: ${passed:-0} tests clean, ${leaked:-0} leaked, ${failed:-0} failed," \
	"${skipped:-0} skipped in ${took}s; invalid accesses: $invalid, uninitialised uses: $uninit," \
	"tests with definite leaks: $lost (valgrind logs: $out/)"
bad=$(( ${failed:-0} + ${leaked:-0} + invalid + uninit + lost ))
[ -n "$passed" ] || { tail -20 "$log"; bad=$((bad + 1)); }
echo "$(( ${passed:-0} )) passed, $bad failed"
[ "$bad" -eq 0 ]
