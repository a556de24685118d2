# mdpdf: the two commands a new machine needs are `make demo` and `make test`.
SWIFT ?= swift

.PHONY: setup build release demo test bench typo-report themes fuzz fuzz-build install-build man completions install uninstall clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

## Release builds take generic type metadata by accessor call rather than by mangled
## name, in mdpdf's modules and its dependencies alike: looking a type up by name makes the
## Swift runtime scan every protocol conformance in the binary (about 6,300) for its
## requirements, once per type; a one-line document spent about 20 million instructions
## (a quarter of its run) on it, for Codable themes and the argument parser's options.
##
## They link with lld (part of the Swift toolchain) rather than gold, for two things gold
## lacks: relative relocations packed (DT_RELR, glibc 2.36+), 2 MB of relocation records
## less to map at every start; and the functions a one-line document runs placed side by
## side, then those a book runs besides (scripts/function-order.txt, made by
## scripts/function-order.py): the kernel maps code 64 KB around each page touched, and
## spread over the binary's 20 MB of code they made 12.5 MB of it resident. And the binary exports no symbols (`--no-export-dynamic`
## overrides the Swift toolchain's `-export-dynamic`): nothing loads symbols from it (the
## plug-ins are plain C APIs), and its 8,400 exported names cost 0.7 MB of symbol tables
## that every library's symbol lookups searched first, 1 MB of peak memory in all. Five
## names are exported all the same: `snprintf` and `__snprintf_chk`, the exact fast path
## for the numbers of PDF operators (Sources/CFastPrintf/fast_printf.c), and
## `deflateInit_`, `deflate` and `deflateEnd`, which deflate cairo's streams with
## libdeflate (Sources/CFastDeflate/fast_deflate.c): the cairo linked into the binary
## binds to them when it is linked, and Debian's shared cairo, which librsvg draws SVGs
## with only when libmdpdf-cairo.so is missing (see Sources/MDImage/CairoExports.swift),
## binds to these exports. The jemalloc linked in exports its malloc family (see
## JEMALLOC_OBJECT below).
RELEASE_FLAGS = -c release --static-swift-stdlib \
	-Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	-Xswiftc -Xfrontend -Xswiftc -function-sections \
	-Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/function-order.txt -Xlinker --no-warn-symbol-ordering \
	-Xlinker --no-export-dynamic \
	-Xlinker --export-dynamic-symbol=snprintf -Xlinker --export-dynamic-symbol=__snprintf_chk \
	-Xlinker --export-dynamic-symbol=deflateInit_ -Xlinker --export-dynamic-symbol=deflate \
	-Xlinker --export-dynamic-symbol=deflateEnd

## jemalloc is linked into the release binary (debug builds and the tests load Debian's
## libjemalloc.so.2), from Debian's libjemalloc_pic.a made one relocatable object, which
## mdpdf's release link takes (Package.swift): the Swift toolchain links with
## `--exclude-libs ALL`, which keeps every name taken from an archive out of the binary's
## exports, and malloc and free must be exported for every library to bind to them
## (scripts/jemalloc-exports.list). Its C++ operators are left out (jemalloc_cpp.pic.o):
## libstdc++'s, linked in too, call its malloc and free. The shared library needed
## libstdc++.so for them, which then bound 1,700 of its own names at every start: with
## both linked in, neither is loaded. `swift build -c release` alone fails without it.
JEMALLOC_OBJECT = $(CURDIR)/.build/jemalloc-linked-in.o
$(JEMALLOC_OBJECT): | setup
	@rm -rf $@.parts && mkdir -p $@.parts
	cd $@.parts && ar x "$$(clang -print-file-name=libjemalloc_pic.a)" && rm -f jemalloc_cpp.pic.o && ld -r *.o -o $@
	@rm -rf $@.parts

release: setup $(JEMALLOC_OBJECT)
	@# SwiftPM does not know the ordering file or the jemalloc object: a newer one relinks the binary.
	@if [ scripts/function-order.txt -nt .build/release/mdpdf ]; then rm -f .build/release/mdpdf; fi
	@if [ $(JEMALLOC_OBJECT) -nt .build/release/mdpdf ]; then rm -f .build/release/mdpdf; fi
	$(SWIFT) build $(RELEASE_FLAGS)

## Converts samples/showcase.md to samples/showcase.pdf.
demo: release
	.build/release/mdpdf samples/showcase.md -o samples/showcase.pdf
	@echo "wrote samples/showcase.pdf"

## The whole test suite: unit tests per stage, then the built CLI on real documents.
test: setup
	$(SWIFT) build
	$(SWIFT) test

## Pages per second and peak memory on the shared corpus (release build).
bench: release
	python3 bench/run.py

## Word spacing, hyphenation and overfull lines on the corpus (release build).
typo-report: release
	python3 bench/typo_report.py

## The whole-pipeline fuzz target (libFuzzer, from the Swift toolchain) for FUZZ_SECONDS
## seconds. Inputs that crash, hang or exhaust memory land in .build/fuzz-findings/;
## copy each into Tests/Fuzz/regressions/ (the CLI tests replay that folder) and fix it.
FUZZ_SECONDS ?= 60
FUZZ_BIN = .build/fuzz/release/mdpdf-fuzz
fuzz-build: setup
	$(SWIFT) build -c release --build-path .build/fuzz --product mdpdf-fuzz \
		-Xswiftc -sanitize=fuzzer -Xswiftc -DMDPDF_FUZZ -Xswiftc -use-ld=lld

fuzz: fuzz-build
	mkdir -p .build/fuzz-corpus .build/fuzz-findings
	$(FUZZ_BIN) .build/fuzz-corpus Tests/Fuzz/seeds Tests/Fuzz/regressions \
		-dict=Tests/Fuzz/markdown.dict -max_total_time=$(FUZZ_SECONDS) \
		-timeout=20 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
		-artifact_prefix=.build/fuzz-findings/

## Install: the binary, its highlighting and image libraries, a man page generated from the argument
## parser (swift-argument-parser's generate-manual) and bash, zsh and fish completions.
## `make install PREFIX=~/.local`, `DESTDIR=` for packaging; CONFIG=debug installs the
## debug build and BUILD=0 installs what is built already (the tests do both, into a
## temporary prefix, from inside `swift test`, which holds .build's lock).
PREFIX ?= /usr/local
DESTDIR ?=
CONFIG ?= release
BIN = .build/$(CONFIG)/mdpdf
BINDIR = $(DESTDIR)$(PREFIX)/bin
LIBDIR = $(DESTDIR)$(PREFIX)/lib/mdpdf
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
# The manual's date: the last commit's, so that the same sources give the same page.
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date -u +%F)

BUILD ?= 1
# swift-argument-parser's manual generator, built in a scratch folder of its own.
MANTOOL = .build/tools/debug/generate-manual

install-build:
ifeq ($(BUILD),1)
	scripts/setup.sh
ifeq ($(CONFIG),release)
	$(MAKE) $(JEMALLOC_OBJECT)
	$(SWIFT) build $(RELEASE_FLAGS)
else
	$(SWIFT) build -c $(CONFIG)
endif
endif
	@test -x $(BIN) || { echo "$(BIN) is not built" >&2; exit 1; }

$(MANTOOL):
	$(SWIFT) build --product generate-manual --scratch-path .build/tools

## The man page, from the command's own help (written to .build/man/mdpdf.1).
man: install-build $(MANTOOL)
	mkdir -p .build/man
	$(MANTOOL) $(BIN) --date $(MAN_DATE) --output-directory .build/man

## Shell completions (written to .build/completions/).
completions: install-build
	scripts/completions.sh $(BIN) .build/completions

install: install-build man completions
	install -d $(BINDIR) $(LIBDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(BIN) $(BINDIR)/mdpdf
	install -m 644 .build/$(CONFIG)/libmdpdf-syntax.so $(LIBDIR)/libmdpdf-syntax.so
	install -m 644 .build/$(CONFIG)/libmdpdf-images.so $(LIBDIR)/libmdpdf-images.so
	install -m 644 .build/$(CONFIG)/libmdpdf-cairo.so $(LIBDIR)/libmdpdf-cairo.so
	install -m 644 .build/man/mdpdf.1 $(MANDIR)/mdpdf.1
	install -m 644 .build/completions/mdpdf.bash $(BASHDIR)/mdpdf
	install -m 644 .build/completions/_mdpdf $(ZSHDIR)/_mdpdf
	install -m 644 .build/completions/mdpdf.fish $(FISHDIR)/mdpdf.fish

uninstall:
	rm -f $(BINDIR)/mdpdf $(LIBDIR)/libmdpdf-syntax.so $(LIBDIR)/libmdpdf-images.so $(LIBDIR)/libmdpdf-cairo.so $(MANDIR)/mdpdf.1 \
		$(BASHDIR)/mdpdf $(ZSHDIR)/_mdpdf $(FISHDIR)/mdpdf.fish
	-rmdir $(LIBDIR) 2>/dev/null

## Re-embeds Themes/*.json into the binary's sources.
themes:
	scripts/embed-themes.sh

clean:
	rm -rf .build
