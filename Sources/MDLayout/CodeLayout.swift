import MDCore
import MDPage
import MDStyle
import MDText

/// What code adds to line layout, outside the text layer: a gutter of line numbers and,
/// on each continuation of a wrapped source line, the wrap mark. Both are drawn as glyph
/// outlines, so copied code contains neither. A continuation line starts at the
/// indentation of the source line it continues plus a hanging indent (the mark and its
/// gap), so wrapped code keeps its structure.
///
/// Inert for paragraphs that keep no whitespace (everything but code): no inset, no items.
struct CodeDecorations {
    let p: PreparedParagraph
    /// Offsets of the paragraph's newlines, ascending (line k starts after `newlines[k-1]`).
    let newlines: [Int]
    /// Line number texts, one per source line; empty without numbering.
    let numbers: [ShortText]
    /// The right edge of the numbers, from the paragraph's left edge.
    let numbersWidth: Points
    /// From the paragraph's left edge to the code (numbers and their gap); 0 without numbers.
    let gutter: Points
    /// The room before a continuation's text beyond the indentation it copies.
    let hang: Points
    /// The width the code is set in (the paragraph's minus the gutter).
    let width: Points

    init(_ p: PreparedParagraph, width: Points, env: LayoutEnvironment) {
        self.p = p
        let para = p.paragraph
        var nl: [Int] = []
        if para.preservesWhitespace { for (i, b) in p.bytes.enumerated() where b == 0x0A { nl.append(i) } }
        newlines = nl
        if let n = para.lineNumbers, para.preservesWhitespace {
            let texts = (0...nl.count).map { k -> ShortText in
                var t = AttributedText(string: "\(n.first + k)")
                t.runs = [StyledRun(range: 0..<t.string.utf8.count, layout: n.layout, paint: RunPaint(color: n.color))]
                return ShortText(t, env: env)
            }
            numbers = texts
            numbersWidth = texts.map(\.width).max() ?? .zero
            gutter = numbersWidth + n.gap
        } else {
            numbers = []
            numbersWidth = .zero
            gutter = .zero
        }
        hang = p.wrapMark != nil ? p.wrapMarkWidth : para.baseSize
        self.width = width - gutter
    }

    /// Whether a line starting at `offset` continues a wrapped source line.
    func isContinuation(_ offset: Int) -> Bool {
        p.paragraph.preservesWhitespace && offset > 0 && offset <= p.length && p.bytes[offset - 1] != 0x0A
    }

    /// The index of the source line holding `offset` (the number of newlines before it).
    func sourceLine(at offset: Int) -> Int {
        var lo = 0, hi = newlines.count
        while lo < hi { let m = (lo + hi) / 2; if newlines[m] < offset { lo = m + 1 } else { hi = m } }
        return lo
    }

    /// The width of the leading spaces of the source line holding `offset`, at most half
    /// the code width, so a deeply indented line still has room to continue.
    func indentation(at offset: Int) -> Points {
        let k = sourceLine(at: offset)
        let start = k == 0 ? 0 : newlines[k - 1] + 1
        var end = start
        while end < p.length, p.bytes[end] == 0x20 { end += 1 }
        let w = Points(p.prefix[p.glyphIndex(at: end)] - p.prefix[p.glyphIndex(at: start)])
        return min(w, width / 2)
    }

    /// From the paragraph's left edge to the text of a line starting at `offset`.
    func inset(at offset: Int) -> Points {
        isContinuation(offset) ? gutter + indentation(at: offset) + hang : gutter
    }

    /// The outlined items of a line starting at `offset` whose box starts at `x`: the
    /// source line's number on its first line, the wrap mark on a continuation.
    func items(_ lines: LineBuilder, at offset: Int, x: Points, baseline: Points) -> [PageItem] {
        guard p.paragraph.preservesWhitespace else { return [] }
        var items: [PageItem] = []
        if isContinuation(offset) {
            if let mark = p.wrapMark {
                items += mark.items(lines, originX: x + gutter + indentation(at: offset), baseline: baseline)
            }
        } else if !numbers.isEmpty {
            let number = numbers[min(sourceLine(at: offset), numbers.count - 1)]
            items += number.items(lines, originX: x + numbersWidth - number.width, baseline: baseline)
        }
        return items.map { item in
            guard case .glyphs(var run) = item else { return item }
            run.outlined = true
            return .glyphs(run)
        }
    }
}

extension PreparedParagraph {
    /// Where the text of a line's last glyph ends. Usually the end of the drawn range;
    /// but a code line followed by blank lines also carries their newlines (its own
    /// newline stands for the first blank line: the reader's line break stands for its
    /// own), because a blank line has no glyph to carry text, and copied code must keep
    /// its blank lines. The renderer writes such a cluster as ActualText.
    func textEnd(ofLine vis: Range<Int>) -> Int {
        guard paragraph.preservesWhitespace, vis.upperBound + 1 < length, bytes[vis.upperBound] == 0x0A,
              bytes[vis.upperBound + 1] == 0x0A, !vis.isEmpty else { return vis.upperBound }
        // The line's own newline, standing for the first blank line; then one more
        // newline for each further blank line.
        var end = vis.upperBound + 1
        while end + 1 < length, bytes[end] == 0x0A, bytes[end + 1] == 0x0A { end += 1 }
        return end
    }
}
