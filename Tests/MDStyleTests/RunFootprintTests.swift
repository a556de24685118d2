import MDCore
import MDMarkdown
import MDTheme
import Testing
@testable import MDStyle

/// A highlighted code block of 20 MB has millions of styled runs, and every line and
/// glyph item copies its run: a run must stay small (issue #15 measured 2.3 GB for such
/// a block while a run carried its whole layout and paint inline, about 400 bytes).
@Suite struct RunFootprintTests {
    @Test func aStyledRunIsARangeAndTwoSharedReferences() {
        #expect(MemoryLayout<StyledRun>.stride <= 32)
    }

    @Test func copiesShareUntilWrittenAndCompareByValue() {
        let layout = RunLayout(font: FontSpec(families: ["Noto Serif"]), size: Points(10))
        var paint = RunPaint(color: .black, underline: TextDecoration(style: .wavy))
        let original = paint
        paint.color = Color(red: 1, green: 0, blue: 0)
        #expect(original.color == .black && paint.color != .black)
        #expect(original.underline == paint.underline)
        var again = paint
        again.color = .black
        #expect(again == original && again.hashValue == original.hashValue)
        #expect(StyledRun(range: 0..<1, layout: layout, paint: original).layout == layout)
    }

    /// Runs of the same style share one layout and one paint, across paragraphs and
    /// headings: a book's styled document holds each distinct style once (issue #13; a
    /// pair of boxes per run was 15 MB of the Rust book's).
    @Test func runsOfOneStyleShareTheirLayoutAndPaint() throws {
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "t")
        let markdown = "# A *b* c\n\nOne *two* three *four* five.\n\nSix *seven* eight.\n"
        let doc = DocumentStyler.style(MarkdownParser.parse(markdown, diagnostics: sink), theme: theme,
                                       options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        let paragraphs = doc.blocks.compactMap { block -> [StyledRun]? in
            if case .paragraph(let p) = block { return p.text.runs } else { return nil }
        }
        try #require(paragraphs.count == 3)
        let (first, second) = (paragraphs[1], paragraphs[2])
        try #require(first.count == 5 && second.count == 3)
        // Plain and emphasised runs, within a paragraph and from one to the next.
        for (a, b) in [(first[0], first[2]), (first[0], second[0]), (first[1], first[3]), (first[1], second[1])] {
            #expect(a.layout.sharesStorage(with: b.layout) && a.paint.sharesStorage(with: b.paint))
        }
        #expect(!first[0].layout.sharesStorage(with: first[1].layout), "plain and italic differ")
        // The heading's runs are of other sizes, but its italic shares within itself.
        #expect(paragraphs[0].count == 3 && !paragraphs[0][1].layout.sharesStorage(with: first[1].layout))
    }
}
