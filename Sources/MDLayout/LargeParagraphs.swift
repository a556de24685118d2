import MDCore
import MDStyle

/// A paragraph is shaped whole (its glyphs, prefix sums and break opportunities take
/// about 100 bytes for each byte of text) and broken whole, so one paragraph of many
/// megabytes — a giant code block, a document without a blank line — would cost
/// gigabytes at once. A paragraph longer than `maxBytes` is laid out in pieces of about
/// that size, cut where lines would break anyway when possible: at a space for prose, at
/// a line break (not next to a blank line) for code, else between two characters that
/// are not joined into one grapheme. The pieces share one structure element; only the
/// first keeps the space before and the first-line indent, only the last the space
/// after; a code piece's line numbers continue from the piece before.
///
/// No real paragraph is this long (64 KB is some fifteen pages of prose, a thousand
/// lines of code); only the lines around each cut of such a monster are set as if the
/// paragraph ended there.
enum LargeParagraphs {
    static let maxBytes = 64 * 1024

    /// `p` in pieces (`p` alone when it is short enough).
    static func pieces(_ p: StyledParagraph, maxBytes: Int = maxBytes) -> [StyledParagraph] {
        let bytes = Array(p.text.string.utf8)
        guard bytes.count > maxBytes else { return [p] }
        let code = p.preservesWhitespace
        var cuts: [(end: Int, next: Int)] = []  // a piece ends at `end`; the next starts at `next`
        var start = 0
        while bytes.count - start > maxBytes {
            guard let cut = self.cut(bytes, from: start, target: start + maxBytes, code: code) else { break }
            cuts.append(cut)
            start = cut.next
        }
        guard !cuts.isEmpty else { return [p] }
        var out: [StyledParagraph] = []
        var from = 0
        var newlinesBefore = 0
        for k in 0...cuts.count {
            let end = k < cuts.count ? cuts[k].end : bytes.count
            var piece = p
            piece.text = slice(p.text, bytes, from..<end)
            // Anchors up to where the next piece starts (one at the cut sits at this piece's end).
            let next = k < cuts.count ? cuts[k].next : Int.max
            piece.anchors = p.anchors.filter { $0.offset >= from && $0.offset < next }
                .map { TextAnchor(offset: min($0.offset - from, end - from), name: $0.name) }
            if k > 0 {
                piece.spaceBefore = .zero
                piece.firstLineIndent = .zero
                if case .heading = p.role { piece.role = .body }
            }
            if k < cuts.count {
                piece.spaceAfter = .zero
                piece.keepWithNext = false
            }
            if var numbers = p.lineNumbers {
                numbers.first += newlinesBefore
                piece.lineNumbers = numbers
            }
            out.append(piece)
            if k < cuts.count {
                newlinesBefore += bytes[from..<cuts[k].next].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
                from = cuts[k].next
            }
        }
        return out
    }

    /// Where to end a piece near `target`: the last good cut in the second half of the
    /// piece, else the first one after it; nil when there is none (the rest stays whole).
    static func cut(_ b: [UInt8], from start: Int, target: Int, code: Bool) -> (end: Int, next: Int)? {
        func at(_ i: Int) -> (end: Int, next: Int)? {
            guard i > start, i < b.count else { return nil }
            if code {
                // A line break with text on both sides: no blank line is split from its code.
                guard b[i] == 0x0A, b[i - 1] != 0x0A, i + 1 < b.count, b[i + 1] != 0x0A else { return nil }
                return (i, i + 1)
            }
            return b[i] == 0x20 ? (i, i + 1) : nil
        }
        let low = start + (target - start) / 2
        for i in stride(from: min(target, b.count - 1), through: low, by: -1) { if let c = at(i) { return c } }
        var i = target
        while i < b.count { if let c = at(i) { return c }; i += 1 }
        // One word (or one code line) longer than a piece: cut between characters.
        for i in stride(from: min(target, b.count - 1), through: low, by: -1) where joinsNothing(b, at: i) { return (i, i) }
        return nil
    }

    /// Whether a cut before byte `i` parts two characters HarfBuzz and the line breaker
    /// would keep apart anyway: `i` starts an ASCII letter, digit or punctuation, and the
    /// byte before is ASCII too (no combining mark, joiner or selector can follow ASCII
    /// and join with what precedes it without being non-ASCII itself).
    static func joinsNothing(_ b: [UInt8], at i: Int) -> Bool {
        i > 0 && b[i] > 0x20 && b[i] < 0x7F && b[i - 1] < 0x7F && b[i - 1] != 0x0D
    }

    /// The runs of `text` within `range`, shifted to start at 0.
    static func slice(_ text: AttributedText, _ bytes: [UInt8], _ range: Range<Int>) -> AttributedText {
        var out = AttributedText(string: String(decoding: bytes[range], as: UTF8.self))
        for r in text.runs where r.range.upperBound > range.lowerBound && r.range.lowerBound < range.upperBound {
            var run = r
            run.range = (max(r.range.lowerBound, range.lowerBound) - range.lowerBound)..<(min(r.range.upperBound, range.upperBound) - range.lowerBound)
            out.runs.append(run)
        }
        return out
    }
}
