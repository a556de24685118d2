#!/usr/bin/env python3
"""Checks the CID-keyed CFF fonts embedded in a PDF against the installed fonts.

Test-time helper for Tests/CLITests (CJKGlyphTests). For every CIDFontType0C font
program in the PDF, each glyph whose ToUnicode entry is one Han, kana or Hangul
character must draw (fontTools) exactly the outline of that character's glyph in the
original font, found by the font's PostScript name through fontconfig. Prints JSON:
a list of {"font", "glyphs" (in the program), "checked", "broken" (["字: why", ...])}.
Exit status 3 when PyMuPDF or fontTools is missing (Debian: python3-fitz,
python3-fonttools, installed by scripts/setup.sh).
"""
import io
import json
import re
import subprocess
import sys

try:
    import fitz  # PyMuPDF
    from fontTools.cffLib import CFFFontSet
    from fontTools.pens.recordingPen import RecordingPen
    from fontTools.ttLib import TTFont
except ImportError as error:
    sys.stderr.write("%s: run scripts/setup.sh (python3-fitz, python3-fonttools)\n" % error)
    sys.exit(3)


def checked_char(u):
    return 0x3040 <= u <= 0x30FF or 0x3400 <= u <= 0x4DBF or 0x4E00 <= u <= 0x9FFF or 0xAC00 <= u <= 0xD7A3


def to_unicode(doc, xref):
    """CID -> code point, for single-character entries of a ToUnicode CMap."""
    data = doc.xref_stream(xref).decode("latin-1")
    out = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            if len(dst) == 4:
                out[int(src, 16)] = int(dst, 16)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            if len(dst) == 4:
                for k in range(int(hi, 16) - int(lo, 16) + 1):
                    out[int(lo, 16) + k] = int(dst, 16) + k
    return out


def outline(glyphs, name):
    pen = RecordingPen()
    glyphs[name].draw(pen)
    return pen.value


def original_font(ps_name, cache={}):
    if ps_name not in cache:
        r = subprocess.run(["fc-list", ":postscriptname=" + ps_name, "file", "index"], capture_output=True, text=True)
        line = r.stdout.strip().splitlines()[0] if r.stdout.strip() else ""
        m = re.match(r"(.*?):\s*:?index=(\d+)", line)
        if not m:
            cache[ps_name] = None
        else:
            font = TTFont(m.group(1).strip(), fontNumber=int(m.group(2)), lazy=True)
            cache[ps_name] = (font.getBestCmap(), font.getGlyphSet())
    return cache[ps_name]


def main(path):
    doc = fitz.open(path)
    report = []
    seen = set()
    for number in range(len(doc)):
        for xref, ext, ftype, basefont, _, _ in doc.get_page_fonts(number):
            if xref in seen or ftype != "Type0":
                continue
            seen.add(xref)
            descendant = int(doc.xref_get_key(xref, "DescendantFonts")[1].strip("[]").split()[0])
            descriptor = int(doc.xref_get_key(descendant, "FontDescriptor")[1].split()[0])
            kind, program = doc.xref_get_key(descriptor, "FontFile3")
            if kind != "xref" or doc.xref_get_key(int(program.split()[0]), "Subtype")[1] != "/CIDFontType0C":
                continue
            name = basefont.split("+", 1)[-1]
            entry = {"font": name, "glyphs": 0, "checked": 0, "broken": []}
            report.append(entry)
            fonts = CFFFontSet()
            fonts.decompile(io.BytesIO(doc.xref_stream(int(program.split()[0]))), None)
            top = fonts[fonts.fontNames[0]]
            entry["glyphs"] = len(top.charset)
            by_cid = {(0 if g == ".notdef" else int(g[3:])): g for g in top.charset}
            original = original_font(name)
            if original is None:
                entry["broken"].append("no installed font named " + name)
                continue
            cmap, glyph_set = original
            unicodes = to_unicode(doc, int(doc.xref_get_key(xref, "ToUnicode")[1].split()[0]))
            for cid, u in sorted(unicodes.items()):
                if not checked_char(u) or u not in cmap:
                    continue
                entry["checked"] += 1
                if cid not in by_cid:
                    entry["broken"].append("%s: CID %d not in the font program" % (chr(u), cid))
                    continue
                try:
                    drawn = outline(top.CharStrings, by_cid[cid])
                except Exception as error:  # a damaged charstring
                    entry["broken"].append("%s: does not draw (%s)" % (chr(u), error))
                    continue
                if drawn != outline(glyph_set, cmap[u]):
                    entry["broken"].append("%s: outline differs from %s's glyph" % (chr(u), name))
    json.dump(report, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
