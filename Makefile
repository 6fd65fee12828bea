# Build and install fieldcheck: the binary, its man page and shell completions.
#
#     make                      # swift build -c release --static-swift-stdlib
#     sudo make install         # into /usr/local (PREFIX=..., DESTDIR=... for packages)
#     make uninstall
#     make test                 # swift test
#
# BINARY names an already built binary to install instead of building one.
PREFIX ?= /usr/local
DESTDIR ?=
BINARY ?= .build/release/fieldcheck
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all install uninstall test

all: $(BINARY)

.build/release/fieldcheck:
	swift build -c release --static-swift-stdlib

install: $(BINARY)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BINARY) $(BINDIR)/fieldcheck
	install -m 644 man/fieldcheck.1 $(MANDIR)/fieldcheck.1
	$(BINARY) --generate-completion-script bash > $(BASHDIR)/fieldcheck
	$(BINARY) --generate-completion-script zsh > $(ZSHDIR)/_fieldcheck
	$(BINARY) --generate-completion-script fish > $(FISHDIR)/fieldcheck.fish

uninstall:
	rm -f $(BINDIR)/fieldcheck $(MANDIR)/fieldcheck.1 $(BASHDIR)/fieldcheck $(ZSHDIR)/_fieldcheck $(FISHDIR)/fieldcheck.fish

test:
	swift test
