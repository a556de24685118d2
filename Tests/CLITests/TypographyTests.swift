import Foundation
import Testing

/// Paragraph setting read back from the PDF's word boxes: the optimal breaker with
/// hyphenation keeps justified lines evenly spaced on real documents.
@Suite("Typography")
struct TypographyTests {
    struct Line { var words: [PDFWord] }

    /// Lines of body text (every word as tall as the most common word box, so lines with
    /// code spans or other sizes are left out), in reading order. Words more than 2 em
    /// apart on one baseline are separate lines (table cells side by side).
    static func bodyLines(_ doc: (pages: [PDFPage], words: [PDFWord])) -> [Line] {
        var heights: [Int: Int] = [:]
        for w in doc.words { heights[Int(((w.yMax - w.yMin) * 10).rounded()), default: 0] += 1 }
        guard let body = heights.max(by: { $0.value < $1.value })?.key else { return [] }
        var lines: [Line] = []
        var current: [PDFWord] = []
        for w in doc.words {
            if let last = current.last, last.page != w.page || abs(last.yMin - w.yMin) > 1 || w.xMin < last.xMin
                || w.xMin - last.xMax > 21 {
                lines.append(Line(words: current)); current = []
            }
            current.append(w)
        }
        if !current.isEmpty { lines.append(Line(words: current)) }
        return lines.filter { l in l.words.allSatisfy { Int((($0.yMax - $0.yMin) * 10).rounded()) == body } }
    }

    @Test(arguments: ["rust-book/chapter04.md", "pandoc-manual/MANUAL.md"])
    func justifiedLinesAreEvenlySpaced(_ doc: String) throws {
        try withTempDir { dir in
            let pdf = try Corpus.convert(doc, into: dir)
            let words = try pdfWords(pdf)
            let lines = Self.bodyLines(words)
            let right = lines.compactMap { $0.words.last?.xMax }.max() ?? 0
            let em = 10.5  // the default theme's body size
            let justified = lines.filter { $0.words.count >= 2 && abs($0.words.last!.xMax - right) <= 0.6 }
            #expect(justified.count > 100, "\(doc): too few justified lines (\(justified.count)) to judge")
            var loose = 0, widest = 0.0
            for l in justified {
                let gaps = zip(l.words, l.words.dropFirst()).map { ($1.xMin - $0.xMax) / em }
                if gaps.reduce(0, +) / Double(gaps.count) > 0.5 { loose += 1 }
                widest = max(widest, gaps.max() ?? 0)
            }
            let share = Double(loose) / Double(max(justified.count, 1))
            #expect(share <= 0.005, "\(doc): \(loose) of \(justified.count) justified lines have a mean gap over 0.5 em")
            #expect(widest <= 0.8, "\(doc): a gap of \(widest) em")
            // No more than two lines in a row end in a hyphen.
            var run = 0, longest = 0
            for l in lines {
                let last = l.words.last!.text
                run = last.hasSuffix("\u{00AD}") || last.hasSuffix("-") ? run + 1 : 0
                longest = max(longest, run)
            }
            #expect(longest <= 2, "\(doc): \(longest) lines in a row end in a hyphen")
            #expect(lines.contains { $0.words.last!.text.hasSuffix("\u{00AD}") }, "\(doc): nothing was hyphenated")
            let bad = wordsOutsideBody(words)
            #expect(bad.isEmpty, "\(doc): \(bad.prefix(3))")
        }
    }
}
