#!/usr/bin/env python3
"""Typography report: how evenly mdpdf sets the corpus (`make typo-report`).

For each corpus document under the default and academic themes, from mdpdf's own
layout data (`--line-report`): lines, justified lines, the share of lines whose
adjustment ratio is above 1 (loose) or below -0.8 (tight), the widest space between
words in em, hyphenated lines, the longest run of consecutive hyphenated lines, and
overfull lines (must be 0). With PyMuPDF installed, also the share of justified prose
lines whose mean word gap exceeds 0.5 em as measured from the PDF's word boxes
(bench/word_gaps.py); MDPDF_BASE_BIN names a second binary (an older mdpdf) whose PDFs
are measured the same way, for a before/after comparison. Always exits 0.

Environment: MDPDF_BIN (default .build/release/mdpdf), MDPDF_SHARED (default ../shared).
"""
import csv
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("MDPDF_BIN") or os.path.join(ROOT, ".build", "release", "mdpdf")
BASE = os.environ.get("MDPDF_BASE_BIN")
SHARED = os.environ.get("MDPDF_SHARED") or os.path.normpath(os.path.join(ROOT, "..", "shared"))
CORPUS = os.path.join(SHARED, "corpus")
DOCS = ["argument-parser/README.md", "vscode-markdown-pdf/README.md", "commonmark-spec/spec.md",
        "public-apis/README.md", "pandoc-manual/MANUAL.md", "rust-book/chapter04.md"]
THEMES = ["default", "academic"]

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
try:
    import word_gaps
except ImportError:  # PyMuPDF missing
    word_gaps = None


def layout_figures(report):
    rows = list(csv.DictReader(open(report, encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE))
    justified = [r for r in rows if r["justified"] == "1"]
    ratios = [float(r["ratio"]) for r in rows if r["ratio"]]
    run = longest = 0
    for r in rows:
        run = run + 1 if r["hyphenated"] == "1" else 0
        longest = max(longest, run)
    n = len(ratios) or 1
    return {
        "lines": len(rows), "justified": len(justified),
        "loose": sum(1 for x in ratios if x > 1) / n, "tight": sum(1 for x in ratios if x < -0.8) / n,
        "widest": max((float(r["widest_space_em"]) for r in justified), default=0.0),
        "hyphenated": sum(1 for r in rows if r["hyphenated"] == "1"), "hyphen_run": longest,
        "overfull": sum(1 for r in rows if r["overfull"] == "1"),
    }


def pdf_gaps(binary, src, theme, work):
    if word_gaps is None or not binary:
        return None
    out = os.path.join(work, "measure.pdf")
    if subprocess.run([binary, src, "-o", out, "--theme", theme], capture_output=True).returncode != 0:
        return None
    return word_gaps.measure(out)


def main():
    if not os.access(BIN, os.X_OK):
        print(f"mdpdf not found at {BIN}: run `make release` first (`make typo-report` does)")
        return 0
    print(f"Typography report ({BIN}); ratio: the breaker's adjustment ratio; gap: PDF-measured mean word gap")
    head = f"{'document':<32} {'theme':<9} {'lines':>6} {'just.':>6} {'loose':>6} {'tight':>6} {'widest':>7} " \
           f"{'hyph.':>5} {'run':>3} {'over':>4} {'gap>0.5em':>9}"
    if BASE:
        head += f" {'before':>9}"
    print(head)
    with tempfile.TemporaryDirectory(prefix="mdpdf-typo-") as work:
        for doc in DOCS:
            src = os.path.join(CORPUS, doc)
            for theme in THEMES:
                report, pdf = os.path.join(work, "lines.tsv"), os.path.join(work, "out.pdf")
                r = subprocess.run([BIN, src, "-o", pdf, "--theme", theme, "--line-report", report], capture_output=True)
                if r.returncode != 0:
                    print(f"{doc:<32} {theme:<9} FAILED (exit {r.returncode})")
                    continue
                f = layout_figures(report)
                gaps = pdf_gaps(BIN, src, theme, work)
                line = (f"{doc:<32} {theme:<9} {f['lines']:>6} {f['justified']:>6} {100 * f['loose']:>5.1f}% "
                        f"{100 * f['tight']:>5.1f}% {f['widest']:>6.2f}em {f['hyphenated']:>5} {f['hyphen_run']:>3} "
                        f"{f['overfull']:>4} " + (f"{100 * gaps['loose_share']:>8.1f}%" if gaps else f"{'n/a':>9}"))
                if BASE:
                    before = pdf_gaps(BASE, src, theme, work)
                    line += f" {100 * before['loose_share']:>8.1f}%" if before else f" {'n/a':>9}"
                print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
