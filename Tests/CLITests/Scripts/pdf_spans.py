#!/usr/bin/env python3
"""Prints the text lines of a PDF with their spans, as JSON, using PyMuPDF.

Test-time helper for Tests/CLITests (CodeBlockTests): poppler reports no colors or
fonts per word, PyMuPDF does. Output: a list of lines in content order, each
{"page": n, "x": x0, "y": baseline, "spans": [{"text", "color" ("#rrggbb"), "font",
"size", "bold", "italic"}]}. With --glyphs first: every character drawn, with its glyph
id, size, origin, the right edge of its box (origin plus the font's advance) and baseline
({"page", "char", "glyph", "size", "x", "x1", "y", "font"}; HTMLDocumentTests: whether a
superscript is the font's own glyph or a smaller, raised one; ScriptTypographyTests: where
each character of a line sits). Exit status 3
when PyMuPDF is not installed (Debian: python3-fitz, installed by scripts/setup.sh).
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
        # Without images: MuPDF ends a text block at every image it keeps, so a line with
        # an inline picture (a colour emoji) would come back in pieces.
        for block in page.get_text("dict", flags=fitz.TEXTFLAGS_DICT & ~fitz.TEXT_PRESERVE_IMAGES)["blocks"]:
            for line in block.get("lines", []):
                spans = []
                for s in line["spans"]:
                    flags = s["flags"]
                    spans.append({
                        "text": s["text"],
                        "color": "#%06x" % s["color"],
                        "font": s["font"],
                        "size": round(s["size"], 2),
                        "bold": bool(flags & 16) or "Bold" in s["font"],
                        "italic": bool(flags & 2) or "Oblique" in s["font"] or "Italic" in s["font"],
                    })
                if not spans:
                    continue
                out.append({"page": number + 1, "x": round(line["bbox"][0], 2),
                            "y": round(line["spans"][0]["origin"][1], 2), "spans": spans})
    json.dump(out, sys.stdout, ensure_ascii=False)


def glyphs(path):
    out = []
    for number, page in enumerate(fitz.open(path)):
        for span in page.get_texttrace():
            for c in span["chars"]:
                out.append({"page": number + 1, "char": chr(c[0]) if c[0] >= 0 else "", "glyph": c[1],
                            "size": round(span["size"], 2), "x": round(c[2][0], 3), "x1": round(c[3][2], 3),
                            "y": round(c[2][1], 2), "font": span["font"]})
    json.dump(out, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    if sys.argv[1] == "--glyphs":
        glyphs(sys.argv[2])
    else:
        main(sys.argv[1])
