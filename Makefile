# zser — top-level build. `make test` and `make bench` work on a fresh Debian 12 machine
# as root: they install what is missing (apt-get only), build, then run.
# phpize runs inside ext/ and writes its own Makefile there; this one only drives it.

PHP_VERSION ?= 8.2
PHP         ?= php$(PHP_VERSION)
PHPIZE      ?= phpize$(PHP_VERSION)
PHP_CONFIG  ?= php-config$(PHP_VERSION)
CC          ?= cc
# WERROR=1 (set by .ci/run) turns every warning into an error.
WERROR      ?= 0
WFLAGS       = -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror)
EXT_CFLAGS  ?= -O2 -g
CORE_CFLAGS  = -std=c99 -O2 -g $(WFLAGS) -Wshadow -Wvla -Wstrict-prototypes -Icore

EXT_SO       = ext/modules/zser.so
EXT_SOURCES := $(sort $(wildcard ext/*.c ext/*.h core/*.c core/*.h))
CORE_SOURCES:= $(sort $(wildcard core/*.c))
UNIT_TESTS  := $(patsubst core/tests/%.c,build/unit/%,$(wildcard core/tests/test_*.c))

.PHONY: all build ext unit-build deps build-deps test bench install uninstall clean arginfo format

all: build

deps:
	@bash tools/install-deps.sh

build-deps:
	@bash tools/install-deps.sh build

# Optional parts (cli, fuzzers, ...) live in mk/*.mk and add themselves to BUILD_EXTRA.
BUILD_EXTRA :=
INSTALL_EXTRA :=
INSTALLED_EXTRA :=
UNINSTALL_EXTRA :=
-include $(sort $(wildcard mk/*.mk))

build: ext unit-build $(BUILD_EXTRA)

ext: $(EXT_SO)

ext/Makefile: ext/config.m4
	cd ext && $(PHPIZE) --clean >/dev/null && $(PHPIZE) >/dev/null
	cd ext && ./configure --with-php-config=$$(command -v $(PHP_CONFIG)) \
		CFLAGS="$(EXT_CFLAGS) $(WFLAGS)" >/dev/null

# -MP: each header in the ext/*.dep files gets an empty rule of its own, so deleting a header
# does not stop the next build with "No rule to make target".
$(EXT_SO): ext/Makefile $(EXT_SOURCES)
	$(MAKE) -C ext -s EXTRA_CFLAGS=-MP

unit-build: $(UNIT_TESTS)

build/unit/%: core/tests/%.c $(CORE_SOURCES) $(wildcard core/*.h) $(wildcard core/tests/*.h)
	@mkdir -p build/unit
	$(CC) $(CORE_CFLAGS) -Icore/tests -o $@ $< $(CORE_SOURCES) -lm

arginfo:
	PHP=$(PHP) PHP_CONFIG=$(PHP_CONFIG) bash tools/gen-arginfo.sh

test: deps build
	@bash .ci/run all

bench: deps build peers
	@bash bench/run

# install puts in place only what the extension and the CLI need (built stripped of debug
# information), and uninstall removes exactly those files. DESTDIR stages into another root.
PHP_EXT_DIR  = $(shell $(PHP_CONFIG) --extension-dir)
PHP_INC_DIR  = $(shell $(PHP_CONFIG) --include-dir)/ext/zser
INSTALLED_EXT = $(PHP_EXT_DIR)/zser.so $(PHP_INC_DIR)/php_zser.h

install: build-deps ext $(INSTALL_EXTRA)
	install -d $(DESTDIR)$(PHP_EXT_DIR) $(DESTDIR)$(PHP_INC_DIR)
	install -m 0755 $(EXT_SO) $(DESTDIR)$(PHP_EXT_DIR)/zser.so
	strip --strip-unneeded $(DESTDIR)$(PHP_EXT_DIR)/zser.so
	install -m 0644 ext/php_zser.h $(DESTDIR)$(PHP_INC_DIR)/php_zser.h
	@echo "installed:"; for f in $(INSTALLED_EXT) $(INSTALLED_EXTRA); do echo "  $(DESTDIR)$$f"; done
	@echo "enable it with extension=zser (see zser.ini); make uninstall removes these files"

uninstall: $(UNINSTALL_EXTRA)
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_EXT))
	-rmdir $(DESTDIR)$(PHP_INC_DIR) 2>/dev/null

format:
	clang-format -i $$(git ls-files '*.[ch]' | grep -v _arginfo.h)

clean:
	-[ -f ext/Makefile ] && $(MAKE) -C ext clean >/dev/null
	-cd ext && $(PHPIZE) --clean >/dev/null 2>&1
	rm -rf build core/*.lo core/*.o core/.libs

FORCE:
