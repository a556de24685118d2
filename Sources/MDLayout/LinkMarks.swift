import MDCore
import MDPage
import MDStyle
import MDText

extension LineBuilder {
    /// What one line contributes to navigation besides its link areas: the paragraph's
    /// raw-HTML anchors that fall on it, at the x where the text at their offset is drawn
    /// and the line's top; and, per internal destination linked from the line, where the
    /// first such link starts in the source.
    ///
    /// An anchor belongs to the line whose byte range holds its offset; the last line
    /// also takes anchors at or past its end (an anchor at the very end of the text).
    /// `glyphs` are in display order, drawn from `originX`.
    func linkMarks(_ para: StyledParagraph, line range: Range<Int>, isLast: Bool, glyphs: [ShapedGlyph],
                   originX: Points) -> (anchors: [Anchor], linkSources: [String: SourceLocation]) {
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
        var sources: [String: SourceLocation] = [:]
        var seenRuns = Set<Int>()
        for g in glyphs where seenRuns.insert(g.run).inserted {
            let paint = para.text.runs[g.run].paint
            guard let link = paint.link, let at = paint.linkSource,
                  case .internalDestination(let name) = Self.target(link), sources[name] == nil else { continue }
            sources[name] = at
        }
        return (anchors, sources)
    }
}
