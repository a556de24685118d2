#!/usr/bin/env python3
"""Word spacing of justified prose lines, measured from a PDF's word boxes.

Usage: word_gaps.py FILE.pdf [--json]

Reads each text line with PyMuPDF (`pip install pymupdf`): its characters, their boxes
and fonts. A line counts when it is prose (no monospace font), has two words or more,
and ends at the body's right edge (within 0.6 pt of the rightmost line end on its
page), i.e. a justified line. A gap is the distance from one word's last glyph box to
the next word's first, in ems of the font size. Prints the justified lines, the share
whose mean gap exceeds 0.5 em, the largest single gap, the justified lines ending in a
hyphen, and the most prose lines in a row (in one block) that end in one.
"""
import json
import sys

try:
    import pymupdf as fitz  # PyMuPDF from PyPI
except ImportError:
    import fitz  # Debian's python3-fitz


def line_words(line):
    """[(x0, x1, size)] per word of a rawdict line, and whether any span is monospace."""
    words, current, mono = [], None, False
    for span in line["spans"]:
        if "Mono" in span["font"] or "Code" in span["font"] or "Courier" in span["font"]:
            mono = True
        for ch in span["chars"]:
            c = ch["c"]
            x0, _, x1, _ = ch["bbox"]
            if c.isspace():
                if current:
                    words.append(current)
                    current = None
                continue
            if current is None:
                current = [x0, x1, span["size"], c]
            else:
                current[1] = x1
                current[3] += c
    if current:
        words.append(current)
    return words, mono


def measure(pdf):
    doc = fitz.open(pdf)
    justified, loose, largest, hyphenated, longest_run = 0, 0, 0.0, 0, 0
    for page in doc:
        lines = []
        for block in page.get_text("rawdict")["blocks"]:
            run = 0
            for line in block.get("lines", []):
                words, mono = line_words(line)
                if words and not mono:
                    lines.append(words)
                run = run + 1 if words and not mono and words[-1][3].endswith(("\u00ad", "-")) else 0
                longest_run = max(longest_run, run)
        if not lines:
            continue
        right = max(l[-1][1] for l in lines)
        for words in lines:
            if len(words) < 2 or abs(words[-1][1] - right) > 0.6:
                continue
            justified += 1
            size = max(w[2] for w in words)
            gaps = [(b[0] - a[1]) / size for a, b in zip(words, words[1:])]
            if sum(gaps) / len(gaps) > 0.5:
                loose += 1
            largest = max(largest, max(gaps))
            if words[-1][3].endswith(("\u00ad", "-")):
                hyphenated += 1
    return {"justified": justified, "loose": loose, "loose_share": loose / justified if justified else 0.0,
            "largest_gap_em": largest, "hyphen_ends": hyphenated, "longest_hyphen_run": longest_run}


def main():
    r = measure(sys.argv[1])
    if "--json" in sys.argv:
        print(json.dumps(r))
    else:
        print(f"{sys.argv[1]}: {r['justified']} justified lines, {100 * r['loose_share']:.1f}% with mean gap > 0.5 em "
              f"({r['loose']}), largest gap {r['largest_gap_em']:.2f} em, {r['hyphen_ends']} end in a hyphen, "
              f"at most {r['longest_hyphen_run']} in a row")


if __name__ == "__main__":
    main()
