#!/usr/bin/env python3
"""Prints the vector drawings and images of a PDF, as JSON, using PyMuPDF.

Test-time helper for Tests/CLITests (GitHubMarkdownCLITests): poppler reports no
paths. Output: {"drawings": [{"page": n, "fill": "#rrggbb" or null, "stroke": "#rrggbb"
or null, "rect": [x0, y0, x1, y1], "curves": k, "lines": k, "rects": k}],
"images": [{"page": n, "rect": [x0, y0, x1, y1]}]}, coordinates in points from the
top-left. Exit status 3 when PyMuPDF is not installed (Debian: python3-fitz).
"""
import json
import sys
import warnings

warnings.filterwarnings("ignore")
try:
    import fitz  # PyMuPDF (Debian's python3-fitz, or pip's pymupdf)
except ImportError:
    sys.stderr.write("PyMuPDF is not installed: run scripts/setup.sh (Debian package python3-fitz)\n")
    sys.exit(3)


def color(c):
    if c is None:
        return None
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in c[:3])


def main(path):
    doc = fitz.open(path)
    drawings, images = [], []
    for number, page in enumerate(doc):
        for d in page.get_drawings():
            kinds = [item[0] for item in d["items"]]
            r = d["rect"]
            drawings.append({"page": number + 1, "fill": color(d.get("fill")), "stroke": color(d.get("color")),
                             "rect": [round(r.x0, 2), round(r.y0, 2), round(r.x1, 2), round(r.y1, 2)],
                             "curves": kinds.count("c"), "lines": kinds.count("l"), "rects": kinds.count("re")})
        for info in page.get_image_info():
            b = info["bbox"]
            images.append({"page": number + 1, "rect": [round(v, 2) for v in b]})
    json.dump({"drawings": drawings, "images": images}, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1])
