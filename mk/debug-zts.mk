# zser under a debug, thread-safe PHP built from Debian's source package (tools/debug-php.sh):
# the first run builds that PHP into a cache outside the clone (ZSER_DEBUG_PHP_PREFIX), later
# runs reuse it. `make test` runs the same stage among the others.
.PHONY: debug-php test-debug-zts

debug-php:
	@bash tools/debug-php.sh

test-debug-zts: deps
	@bash .ci/run debug-zts
