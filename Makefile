# mdpdf: the two commands a new machine needs are `make demo` and `make test`.
SWIFT ?= swift

.PHONY: setup build release demo test bench typo-report themes fuzz fuzz-build clean

setup:
	@scripts/setup.sh

build: setup
	$(SWIFT) build

release: setup
	$(SWIFT) build -c release --static-swift-stdlib

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

## Re-embeds Themes/*.json into the binary's sources.
themes:
	scripts/embed-themes.sh

clean:
	rm -rf .build
