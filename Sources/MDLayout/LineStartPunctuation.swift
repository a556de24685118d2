import MDCore
import MDText

/// An opening mark set half width after a closing one (。「 → 。½「, `PunctuationCompression`
/// in MDText) that starts a line is set full width again: half width, its glyph would
/// be moved half an em into the margin (the font's half-width form shifts the glyph left
/// and keeps its full box, which text extraction and selection use). The breakers count
/// a line that starts there half an em wider (`PreparedParagraph.edges`, `width(from:to:)`).
enum LineStartPunctuation {
    /// The width the glyph at byte `offset` takes back when a line starts there: the
    /// shift of a compressed opening mark, 0 for anything else.
    static func restoredWidth(_ glyphs: [ShapedGlyph], at g: Int, offset: Int, bytes: [UInt8]) -> Double {
        guard offset > 0, offset < bytes.count, g < glyphs.count, glyphs[g].cluster == offset, glyphs[g].dx < .zero,
              EastAsianText.isOpeningPunctuation(EastAsianText.scalar(at: offset, in: bytes)) else { return 0 }
        return -glyphs[g].dx.value
    }

    /// `line` (a line's glyphs in logical order, from byte `start`) with its first glyph
    /// full width again if it is a compressed opening mark.
    static func restore(_ line: inout [ShapedGlyph], start: Int, bytes: [UInt8]) {
        let w = restoredWidth(line, at: 0, offset: start, bytes: bytes)
        guard w > 0 else { return }
        line[0].advance += Points(w)
        line[0].dx += Points(w)
    }
}
