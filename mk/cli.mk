# zser command-line tool: build/cli/zser from cli/*.c and core/*.c only (no PHP).
# `make build` builds it through BUILD_EXTRA; `make install-cli` installs it and its man page.
CLI_BIN      = build/cli/zser
CLI_SOURCES := $(sort $(wildcard cli/*.c))
CLI_CFLAGS   = -std=c99 -pedantic -O2 -g $(WFLAGS) -Wshadow -Wvla -Wstrict-prototypes -Icore -Icli
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
MANDIR      ?= $(PREFIX)/share/man

BUILD_EXTRA += cli
INSTALL_EXTRA += install-cli
INSTALLED_EXTRA += $(BINDIR)/zser $(MANDIR)/man1/zser.1
UNINSTALL_EXTRA += uninstall-cli

.PHONY: cli install-cli uninstall-cli test-cli

cli: $(CLI_BIN)

$(CLI_BIN): $(CLI_SOURCES) $(wildcard cli/*.h) $(CORE_SOURCES) $(wildcard core/*.h)
	@mkdir -p build/cli
	$(CC) $(CLI_CFLAGS) -o $@ $(CLI_SOURCES) $(CORE_SOURCES) -lm

install-cli: $(CLI_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 0755 -s $(CLI_BIN) $(DESTDIR)$(BINDIR)/zser
	install -m 0644 docs/zser.1 $(DESTDIR)$(MANDIR)/man1/zser.1

uninstall-cli:
	rm -f $(DESTDIR)$(BINDIR)/zser $(DESTDIR)$(MANDIR)/man1/zser.1

test-cli: $(CLI_BIN)
	bash cli/tests/run.sh
