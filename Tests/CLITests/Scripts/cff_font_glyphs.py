#!/usr/bin/env python3
"""Checks every CFF font program embedded in a PDF against the installed fonts.

Test-time helper for Tests/CLITests (CJKGlyphTests, CFFGlyphTests). Every glyph of every
embedded CFF program (/FontFile3 of /Subtype /Type1C, the simple fonts cairo writes for
its Latin subsets, or /CIDFontType0C, CID-keyed or converted to CID-keyed by cairo) must
draw (fontTools, subroutines followed) exactly the outline of the glyph it stands for in
the original font, found by the font's PostScript name through fontconfig. Which glyph
that is, from the most to the least direct evidence:

- a charstring with the same bytes as original glyphs (cairo copies charstrings byte for
  byte, only emptying subroutines it thinks unused): those glyphs;
- HarfBuzz's programs renumber subroutines, so their bytes differ: the glyph of the
  character ToUnicode gives the code, else any original glyph with the same outline
  (an empty outline only where ToUnicode gives a character whose glyph is empty).

(The glyph names cairo gives a Type1C program are those of the WinAnsi codes it uses,
not the original's: a large bracket drawn for "[" is "bracketleft" there.) A glyph
whose charstring calls a subroutine cairo wrote empty draws another outline, or none:
that is what this catches. Prints JSON: a list of {"font", "program" ("Type1C" or
"CIDFontType0C"), "cid" (whether the original is CID-keyed), "glyphs" (in the program),
"checked", "broken" (["CID cid00012 (∑): why", ...])}. Exit status 3 when PyMuPDF or
fontTools is missing (Debian: python3-fitz, python3-fonttools, installed by
scripts/setup.sh).
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


def to_unicode(doc, font):
    """Code -> text, from the font's ToUnicode CMap ({} without one)."""
    kind, ref = doc.xref_get_key(font, "ToUnicode")
    if kind != "xref":
        return {}
    data = doc.xref_stream(int(ref.split()[0])).decode("latin-1")

    def text(hex_):
        return bytes.fromhex(hex_).decode("utf-16-be", "replace")

    out = {}
    for block in re.findall(r"beginbfchar(.*?)endbfchar", data, re.S):
        for src, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            out[int(src, 16)] = text(dst)
    for block in re.findall(r"beginbfrange(.*?)endbfrange", data, re.S):
        for lo, hi, dst in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", block):
            first = int(dst, 16)
            for k in range(int(hi, 16) - int(lo, 16) + 1):
                out[int(lo, 16) + k] = text("%0*X" % (len(dst), first + k))
    return out


def recorded(glyph):
    pen = RecordingPen()
    glyph.draw(pen)
    return tuple((op, tuple(args)) for op, args in pen.value)


class Original:
    """An installed CFF-flavoured OpenType font, read lazily."""

    def __init__(self, path, index):
        self.font = TTFont(path, fontNumber=index, lazy=True)
        self.glyph_set = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap() or {}
        cff = self.font["CFF "].cff
        self.top = cff[cff.fontNames[0]]
        self.is_cid = hasattr(self.top, "ROS")
        self.order = self.font.getGlyphOrder()
        self._outlines = {}
        self._by_bytes = None
        self._by_outline = None

    def outline(self, name):
        if name not in self._outlines:
            self._outlines[name] = recorded(self.glyph_set[name])
        return self._outlines[name]

    def by_bytes(self, data):
        """The original glyphs whose charstring is `data`, byte for byte."""
        if self._by_bytes is None:
            self._by_bytes = {}
            for gid, name in enumerate(self.order):
                self._by_bytes.setdefault(raw_charstring(self.top, gid), []).append(name)
        return self._by_bytes.get(data, [])

    def by_outline(self, outline):
        """The original glyphs that draw `outline` (every glyph is drawn once, on first use)."""
        if self._by_outline is None:
            self._by_outline = {}
            for name in self.order:
                self._by_outline.setdefault(self.outline(name), []).append(name)
        return self._by_outline.get(outline, [])


def original_font(ps_name, cache={}):
    if ps_name not in cache:
        r = subprocess.run(["fc-list", ":postscriptname=" + ps_name, "file", "index"], capture_output=True, text=True)
        line = r.stdout.strip().splitlines()[0] if r.stdout.strip() else ""
        m = re.match(r"(.*?):\s*:?index=(\d+)", line)
        cache[ps_name] = Original(m.group(1).strip(), int(m.group(2))) if m else None
    return cache[ps_name]


def raw_charstring(top, gid):
    """The bytes of glyph `gid`'s charstring, as stored."""
    index = top.CharStrings.charStringsIndex
    index.file.seek(index.offsetBase + index.offsets[gid])
    return index.file.read(index.offsets[gid + 1] - index.offsets[gid])


def embedded_programs(doc):
    """(font xref, BaseFont, program xref, Subtype) of every CFF program, once each."""
    seen = set()
    for number in range(len(doc)):
        for xref, _, ftype, basefont, _, _ in doc.get_page_fonts(number):
            if xref in seen:
                continue
            seen.add(xref)
            holder = xref
            if ftype == "Type0":
                holder = int(doc.xref_get_key(xref, "DescendantFonts")[1].strip("[]").split()[0])
            kind, descriptor = doc.xref_get_key(holder, "FontDescriptor")
            if kind != "xref":
                continue
            kind, program = doc.xref_get_key(int(descriptor.split()[0]), "FontFile3")
            if kind != "xref":
                continue
            subtype = doc.xref_get_key(int(program.split()[0]), "Subtype")[1].lstrip("/")
            if subtype in ("Type1C", "CIDFontType0C"):
                yield xref, basefont, int(program.split()[0]), subtype


def codes_of(top, subtype):
    """Glyph name in the program -> the code the PDF shows it with."""
    if subtype == "CIDFontType0C":
        return {name: (0 if name == ".notdef" else int(name[3:])) for name in top.charset}
    codes = {}
    encoding = top.Encoding if isinstance(top.Encoding, list) else []
    for code, name in enumerate(encoding):
        if name != ".notdef":
            codes.setdefault(name, code)
    return codes


def check_glyph(original, top, gid, name, text):
    """None when the glyph draws its original's outline, else why not."""
    try:
        drawn = recorded(top.CharStrings[name])
    except Exception as error:  # a damaged charstring
        return "does not draw (%s)" % error
    if name == ".notdef":
        return None if drawn == original.outline(original.order[0]) else "outline differs from the installed .notdef"
    same = original.by_bytes(raw_charstring(top, gid))
    if same:
        if any(drawn == original.outline(g) for g in same):
            return None
        return "outline differs from the installed %s (same charstring)" % same[0]
    # HarfBuzz's programs: by character, else by outline.
    char_glyph = original.cmap.get(ord(text)) if text and len(text) == 1 else None
    if char_glyph is not None and drawn == original.outline(char_glyph):
        return None
    if not drawn:
        return "blank, and no character with an empty glyph names it"
    return None if original.by_outline(drawn) else "draws no glyph of the installed font"


def main(path):
    doc = fitz.open(path)
    report = []
    for xref, basefont, program, subtype in embedded_programs(doc):
        name = basefont.split("+", 1)[-1]
        fonts = CFFFontSet()
        fonts.decompile(io.BytesIO(doc.xref_stream(program)), None)
        top = fonts[fonts.fontNames[0]]
        entry = {"font": name, "program": subtype, "cid": False, "glyphs": len(top.charset), "checked": 0, "broken": []}
        report.append(entry)
        original = original_font(name)
        if original is None:
            entry["broken"].append("no installed font named " + name)
            continue
        entry["cid"] = original.is_cid
        texts = to_unicode(doc, xref)
        codes = codes_of(top, subtype)
        for gid, glyph in enumerate(top.charset):
            code = codes.get(glyph)
            text = texts.get(code) if code is not None else None
            entry["checked"] += 1
            why = check_glyph(original, top, gid, glyph, text)
            if why:
                entry["broken"].append("%s %s (%s): %s" % ("CID" if subtype == "CIDFontType0C" else "glyph", glyph, text or "no text", why))
    json.dump(report, sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
