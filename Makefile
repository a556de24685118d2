# mdpdf: the two commands a new machine needs are `make demo` and `make test`.
SWIFT ?= swift

.PHONY: setup build release demo test bench typo-report themes clean

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

## Re-embeds Themes/*.json into the binary's sources.
themes:
	scripts/embed-themes.sh

clean:
	rm -rf .build
