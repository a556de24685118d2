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

    /// A code span's background box takes its padding in the line, as CSS padding does: the
    /// white between the box and the next word is the line's word space, not a space with
    /// the box's sides drawn into it, and a box that starts a line starts at the margin.
    /// Beside punctuation it takes none, so text extraction reads no space there.
    @Test func codeSpanBoxesLeaveTheWordSpaceWhole() throws {
        let markdown = """
            `--standalone` makes a whole document, and `--template` names its template; a paragraph \
            with `--toc`, `--css` and `-o` options and plain words between them, long enough to \
            wrap onto a second line, so that its first line is justified and its second is not.
            """
        try withTempDir { dir in
            try dir.child("doc.md").write(markdown)
            let r = try mdpdf([dir.child("doc.md").path], environment: ["SOURCE_DATE_EPOCH": "0"])
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("doc.pdf")
            let boxes = try PDFDrawings.read(pdf).drawings.filter { $0.page == 1 && $0.fill.map { PyMuPDF.sameColor($0, "#eff1f3") } == true }
            let glyphs = try PyMuPDF.glyphs(pdf).filter { $0.page == 1 && $0.char != " " }
            #expect(boxes.count == 5, "\(boxes.count) code span boxes")
            // Beside punctuation the box takes no room: a gap there would read as a space.
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(text.contains("with --toc, --css and -o options"), "\(text)")
            let left = 20 * 72 / 25.4  // the default theme's left margin
            for box in boxes {
                let line = glyphs.filter { $0.y > box.rect[1] && $0.y < box.rect[3] }.sorted { $0.x < $1.x }
                let inside = line.filter { $0.x >= box.rect[0] - 0.01 && $0.x1 <= box.rect[2] + 0.01 }
                let outside = line.filter { $0.x1 <= box.rect[0] + 0.01 || $0.x >= box.rect[2] - 0.01 }
                // The word spaces of the line: gaps between prose glyphs wider than 1 pt.
                let spaces = zip(outside, outside.dropFirst()).map { $1.x - $0.x1 }.filter { $0 > 1 }
                guard let space = spaces.min(), !inside.isEmpty else { Issue.record("no line around \(box.rect)"); continue }
                if let before = outside.last(where: { $0.x1 <= box.rect[0] + 0.01 }) {
                    #expect(box.rect[0] - before.x1 >= space - 0.05, "\(box.rect[0] - before.x1) pt before a box, word space \(space) pt")
                } else {
                    #expect(box.rect[0] >= left - 0.01, "a box starting a line starts at \(box.rect[0]), the margin is at \(left)")
                }
                if let after = outside.first(where: { $0.x >= box.rect[2] - 0.01 }), after.char.first?.isLetter == true {
                    #expect(after.x - box.rect[2] >= space - 0.05, "\(after.x - box.rect[2]) pt after a box, word space \(space) pt")
                }
            }
        }
    }
}
