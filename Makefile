# Build and install fieldcheck: the binary, its man page, shell completions and the JSON Schema
# of its --json records.
#
#     make                      # the release binary: $(RELEASE_BUILD)
#     make dist                 # the self-contained binary (only glibc dynamic) and its archive,
#                               # in .build/dist (scripts/dist.sh)
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
SHAREDIR = $(DESTDIR)$(PREFIX)/share/fieldcheck
# The release build, as CI makes it and the benchmarks measure it. Every function starts on a
# 64-byte boundary (LLVM aligns them to 16), so that a hot loop sits in the same place in its
# cache lines whatever the code around it: without it a csv run moved by 10 % with changes to
# unrelated code, and it is 10-25 % faster on csv and explained numbers (benchmarks/README.md).
# Given here, not in Package.swift: SwiftPM refuses unsafeFlags in a package another one
# depends on by version.
# The commit goes into `fieldcheck --version`.
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
RELEASE_BUILD = swift build -c release --static-swift-stdlib -Xswiftc -Xllvm -Xswiftc -align-all-functions=6 \
	-Xcc -DFIELDCHECK_COMMIT=\"$(COMMIT)\"

.PHONY: all release dist install uninstall test

all: release

# Always run: SwiftPM builds only what changed.
release:
	$(RELEASE_BUILD)

dist: release
	scripts/dist.sh

# The release binary is brought up to date first (after a git pull, say), unless BINARY names
# another one; it is installed stripped.
ifeq ($(BINARY),.build/release/fieldcheck)
INSTALL_FROM = release
endif

install: $(INSTALL_FROM)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR) $(SHAREDIR)
	install -s -m 755 $(BINARY) $(BINDIR)/fieldcheck
	install -m 644 man/fieldcheck.1 $(MANDIR)/fieldcheck.1
	install -m 644 schema/fieldcheck-output.schema.json $(SHAREDIR)/fieldcheck-output.schema.json
	$(BINARY) --generate-completion-script bash > $(BASHDIR)/fieldcheck
	$(BINARY) --generate-completion-script zsh > $(ZSHDIR)/_fieldcheck
	$(BINARY) --generate-completion-script fish > $(FISHDIR)/fieldcheck.fish

uninstall:
	rm -f $(BINDIR)/fieldcheck $(MANDIR)/fieldcheck.1 $(BASHDIR)/fieldcheck $(ZSHDIR)/_fieldcheck $(FISHDIR)/fieldcheck.fish \
		$(SHAREDIR)/fieldcheck-output.schema.json
	rmdir $(SHAREDIR) 2>/dev/null || true

test:
	swift test
