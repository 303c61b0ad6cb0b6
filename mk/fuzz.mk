# zser — fuzzing and memory checking (docs/FUZZING.md).
#   make fuzz            every target for FUZZ_SECONDS each (default 60), one after another
#   make fuzz-smoke      FUZZ_SMOKE_TOTAL_SECONDS (default 260) shared by the targets: CI stage
#   make fuzz-long       every target until 10M executions (core-only) or 1M (PHP-level), in
#                        FUZZ_JOBS processes (default 2); an hour or more, not part of make test
#   make fuzz-regress    replays every saved crasher in fuzz/regress/<target>/
#   make fuzz-build      just the binaries, in build/fuzz/bin/
#   make test-memcheck   the phpt suite under valgrind (USE_ZEND_ALLOC=0)
#   make crash-hunt      bench/crash_hunt.php: zser and the other decoders vs mutated blobs
# Targets are fuzz/fuzz_<name>.c. One that includes fuzz_php.h runs inside PHP (embed SAPI)
# and links the extension's sources built with the sanitizers; any other links only core/.
# A line "// fuzz-needs: FILE..." in a target skips it until those files exist, so a target
# can be written before the code it tests has landed; a line "// fuzz-links: FILE.c..." links
# those files (the CLI's) into a core-only target.

FUZZ_CC        ?= clang
FUZZ_SECONDS   ?= 60
FUZZ_SMOKE_TOTAL_SECONDS ?= 260
FUZZ_LONG_JOBS ?= 2
FUZZ_JOBS      ?= 1
FUZZ_SAN       ?= -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_CFLAGS    ?= -O1 -g -fno-omit-frame-pointer
FUZZ_DIR        = build/fuzz
# _GNU_SOURCE as phpize's builds have it: Zend's headers call memrchr().
FUZZ_PHP_INC   := -D_GNU_SOURCE $(shell $(PHP_CONFIG) --includes 2>/dev/null)
FUZZ_PHP_LIBS  ?= -lphp$(PHP_VERSION) -lm
# The decoder's switch between its fast and slow paths, for fuzz_bin_oracle (docs/INTERNALS.md
# §12); off unless a target sets it, so the other targets run the fast paths as released. And
# zser_serialize()'s walk from the fifth level on instead of the 129th, so that the inputs reach
# its frames (§6).
FUZZ_EXT_DEFS  ?= -DZSER_DEC_ORACLE -DZSER_ENC_REC_DEPTH=4

FUZZ_ALL       := $(patsubst fuzz/%.c,%,$(wildcard fuzz/fuzz_*.c))
FUZZ_ALL       := $(filter-out fuzz_php,$(FUZZ_ALL))
FUZZ_PHP_T     := $(patsubst fuzz/%.c,%,$(shell grep -l '"fuzz_php.h"' $(wildcard fuzz/fuzz_*.c) /dev/null | grep -v fuzz_php))
# A target is buildable when every file named on its fuzz-needs line exists.
fuzz_ready      = $(shell f=fuzz/$(1).c; n=$$(sed -n 's|^// fuzz-needs:||p' $$f); \
                  for x in $$n; do [ -e "$$x" ] || exit 0; done; echo $(1))
FUZZ_READY     := $(foreach t,$(FUZZ_ALL),$(call fuzz_ready,$(t)))
FUZZ_BINS      := $(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_READY))

FUZZ_EXT_OBJS  := $(patsubst ext/%.c,$(FUZZ_DIR)/obj/ext/%.o,$(wildcard ext/*.c))
FUZZ_CORE_OBJS := $(patsubst core/%.c,$(FUZZ_DIR)/obj/core/%.o,$(wildcard core/*.c))
FUZZ_HDRS      := $(wildcard core/*.h ext/*.h fuzz/*.h)

# Every target, built or not (the scripts report the missing ones as skipped).
fuzz-list:
	@echo $(FUZZ_ALL)

.PHONY: fuzz-list fuzz fuzz-smoke fuzz-long fuzz-regress fuzz-build fuzz-seeds test-memcheck crash-hunt

fuzz-build: $(FUZZ_BINS)

$(FUZZ_DIR)/obj/core/%.o: core/%.c $(FUZZ_HDRS)
	@mkdir -p $(@D)
	@echo '  FUZZ-CC $<'
	@$(FUZZ_CC) -std=c99 $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Icore -c $< -o $@

$(FUZZ_DIR)/obj/ext/%.o: ext/%.c $(FUZZ_HDRS)
	@mkdir -p $(@D)
	@echo '  FUZZ-CC $<'
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Wno-unused-parameter \
		$(FUZZ_PHP_INC) -Iext -Icore -DZEND_ENABLE_STATIC_TSRMLS_CACHE=1 $(FUZZ_EXT_DEFS) -c $< -o $@

$(FUZZ_DIR)/obj/fuzz/%.o: fuzz/%.c $(FUZZ_HDRS)
	@mkdir -p $(@D)
	@echo '  FUZZ-CC $<'
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Wall -Wextra \
		$(if $(filter $*,$(FUZZ_PHP_T) fuzz_php),$(FUZZ_PHP_INC)) -Icore -Icli -Ifuzz -c $< -o $@

# PHP-level targets: harness + bootstrap + the whole extension and core, on libphp (embed).
$(addprefix $(FUZZ_DIR)/bin/,$(FUZZ_PHP_T)): $(FUZZ_DIR)/bin/%: $(FUZZ_DIR)/obj/fuzz/%.o \
		$(FUZZ_DIR)/obj/fuzz/fuzz_php.o $(FUZZ_EXT_OBJS) $(FUZZ_CORE_OBJS)
	@mkdir -p $(@D)
	@echo '  FUZZ-LD $@'
	@$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(FUZZ_PHP_LIBS)

# Core-only targets: harness + core, and the files of a line "// fuzz-links: FILE.c..." in the
# target (the CLI's, which the harness calls).
fuzz_links      = $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(shell sed -n 's|^// fuzz-links:||p' fuzz/$(1).c))

$(FUZZ_DIR)/obj/cli/%.o: cli/%.c $(FUZZ_HDRS) $(wildcard cli/*.h)
	@mkdir -p $(@D)
	@echo '  FUZZ-CC $<'
	@$(FUZZ_CC) -std=c99 $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -Icore -Icli -c $< -o $@

define fuzz_core_target
$(FUZZ_DIR)/bin/$(1): $(FUZZ_DIR)/obj/fuzz/$(1).o $(FUZZ_CORE_OBJS) $(call fuzz_links,$(1))
	@mkdir -p $$(@D)
	@echo '  FUZZ-LD $$@'
	@$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $$@ $$^ -lm
endef
$(foreach t,$(filter-out $(FUZZ_PHP_T),$(FUZZ_ALL)),$(eval $(call fuzz_core_target,$(t))))

# Seeds made from the module and ../shared at build time (never copied into the repo).
fuzz-seeds: ext
	@rm -rf $(FUZZ_DIR)/seeds
	@$(PHP) -n -d extension=igbinary -d extension=$(CURDIR)/$(EXT_SO) tools/fuzz-seeds.php $(FUZZ_DIR)/seeds

fuzz: fuzz-build fuzz-seeds
	@FUZZ_SECONDS=$(FUZZ_SECONDS) bash tools/fuzz-run.sh run $(FUZZ_ALL)

fuzz-smoke: fuzz-build fuzz-seeds
	@FUZZ_TOTAL_SECONDS=$(FUZZ_SMOKE_TOTAL_SECONDS) bash tools/fuzz-run.sh run $(FUZZ_ALL)

fuzz-long: fuzz-build fuzz-seeds
	@FUZZ_JOBS=$(FUZZ_LONG_JOBS) bash tools/fuzz-run.sh long $(FUZZ_ALL)

fuzz-regress: fuzz-build
	@bash tools/fuzz-run.sh regress $(FUZZ_ALL)

test-memcheck: ext
	@bash tools/memcheck.sh

crash-hunt: ext
	@$(PHP) -d extension=$(CURDIR)/$(EXT_SO) bench/crash_hunt.php
