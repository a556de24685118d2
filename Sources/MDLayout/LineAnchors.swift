import MDCore
import MDPage
import MDStyle
import MDText

extension LineBuilder {
    /// The paragraph's raw-HTML anchors that fall on one line, at the x where the text at
    /// their offset is drawn and the line's top.
    ///
    /// An anchor belongs to the line whose byte range holds its offset; the last line
    /// also takes anchors at or past its end (an anchor at the very end of the text).
    /// `glyphs` are in display order, drawn from `originX`.
    func anchorsOnLine(_ para: StyledParagraph, line range: Range<Int>, isLast: Bool, glyphs: [ShapedGlyph],
                       originX: Points) -> [Anchor] {
        var anchors: [Anchor] = []
        for a in para.anchors where range.contains(a.offset) || (isLast && a.offset >= range.upperBound)
            || (range.isEmpty && a.offset == range.lowerBound) {
            // The pen at the first glyph drawn for text at or after the offset.
            var pen = originX, x: Points?
            for g in glyphs {
                if g.cluster >= a.offset { x = pen; break }
                pen += g.advance
            }
            anchors.append(Anchor(name: a.name, x: x ?? pen, y: .zero, outline: nil))
        }
        return anchors
    }
}
