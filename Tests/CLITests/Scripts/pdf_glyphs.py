#!/usr/bin/env python3
"""Prints every character a PDF draws with its glyph id, font size and baseline, as JSON,
using PyMuPDF's text trace.

Test-time helper for Tests/CLITests (HTMLDocumentTests): whether a superscript is the
font's own glyph (another glyph id at the same size) or a smaller, raised one. Output: a
list of {"page", "char", "glyph", "size", "y" (the baseline, from the top), "font"}.
Exit status 3 when PyMuPDF is not installed (Debian: python3-fitz).
"""
import json
import sys

try:
    import fitz  # PyMuPDF (Debian's python3-fitz, or pip's pymupdf)
except ImportError:
    sys.stderr.write("PyMuPDF is not installed: run scripts/setup.sh (Debian package python3-fitz)\n")
    sys.exit(3)


def main(path):
    out = []
    doc = fitz.open(path)
    for number, page in enumerate(doc):
        for span in page.get_texttrace():
            for c in span["chars"]:
                out.append({"page": number + 1, "char": chr(c[0]) if c[0] >= 0 else "", "glyph": c[1],
                            "size": round(span["size"], 2), "y": round(c[2][1], 2), "font": span["font"]})
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
