import Foundation
import MDCore
import Testing
@testable import MDPDF

/// Shaping on a thread of its own, a few blocks ahead of layout (`ShapingAhead`), gives
/// the very PDF, page count and warnings, and the same font files, of layout shaping every paragraph
/// itself, and layout does find the paragraphs shaped: real documents from the corpus,
/// and one made to reach the edges (fallback faces for Japanese, Arabic and emoji, a
/// family that is not installed, formulas measured ahead, footnotes, a table, a list,
/// paragraphs repeated word for word, and a code block large enough to be built in
/// steps, which is left to layout).
@Suite struct ShapingAheadTests {
    func convert(_ markdown: [UInt8], folder: String, ahead: Bool, contents: Bool = false,
                 settings: [String] = []) throws -> ConversionResult {
        var options = ConversionOptions(settings: settings, baseDirectory: folder, date: 1_700_000_000, sourceName: "ahead.md")
        options.cores = 2
        options.shapesAhead = ahead
        options.tableOfContents = contents
        return try Converter.convert(markdown, options: options)
    }

    func expectSame(_ markdown: [UInt8], folder: String, contents: Bool = false, settings: [String] = [],
                    _ what: String) throws -> (ahead: ConversionResult, here: ConversionResult) {
        let here = try convert(markdown, folder: folder, ahead: false, contents: contents, settings: settings)
        let ahead = try convert(markdown, folder: folder, ahead: true, contents: contents, settings: settings)
        let samePDF = ahead.pdf == here.pdf  // (not in the expectation: it would print both PDFs)
        #expect(samePDF, "\(what): the PDFs differ")
        #expect(ahead.pageCount == here.pageCount)
        #expect(ahead.diagnostics.map(\.description) == here.diagnostics.map(\.description))
        // The same files; the math font may load later (when layout draws the first
        // formula rather than when it measures it), which only moves it in `--deps`.
        #expect(Set(ahead.fontFiles) == Set(here.fontFiles))
        #expect(here.paragraphsShapedAhead == 0)
        return (ahead, here)
    }

    @Test(arguments: [("rust-book/chapter04.md", true), ("rust-book/chapter14.md", false),
                      ("commonmark-spec/spec.md", false), ("public-apis/README.md", false)])
    func corpusDocumentsComeOutTheSame(path: String, contents: Bool) throws {
        let file = LayoutThreadTests.corpus.appendingPathComponent(path)
        try #require(FileManager.default.fileExists(atPath: file.path), "the corpus has no \(path) (../shared/corpus)")
        let (ahead, _) = try expectSame([UInt8](try Data(contentsOf: file)), folder: file.deletingLastPathComponent().path,
                                        contents: contents, path)
        // Most paragraphs were found shaped (those layout changes first are shaped again).
        #expect(ahead.paragraphsShapedAhead > ahead.pageCount, "\(path): \(ahead.paragraphsShapedAhead) found shaped")
    }

    static func edges() -> String {
        var s = "# Edges\n\nWords with a note[^1], the formula $x^2 + \\sqrt{y}$ and H<sub>2</sub>O.\n\n"
        s += "## A heading in a family that is not installed\n\n"
        for i in 1...40 {
            s += "Paragraph \(i) mixes 日本語の文章は縦にも横にも書けます。 with مرحبا بالعالم and 🎉 emoji, "
                + String(repeating: "and goes on in plain words to fill the line. ", count: 3) + "\n\n"
            s += "The same paragraph, word for word, again and again.\n\n"
            if i % 10 == 0 {
                s += "| a | b |\n|---|---|\n| cell \(i) | 表の中 |\n\n- item one\n- item 二\n\n"
            }
        }
        s += "```\n" + String(repeating: "let line = \"a line of code that is long enough\";\n", count: 3_200) + "```\n\n"
        s += "After the code.\n\n[^1]: The note, with $a_i$ in it.\n"
        return s
    }

    @Test func edgesComeOutTheSame() throws {
        let markdown = Self.edges()
        #expect(markdown.utf8.count > 128 * 1024)  // the code block is built in steps
        let (ahead, here) = try expectSame(Array(markdown.utf8), folder: FileManager.default.temporaryDirectory.path,
                                           settings: [#"headings.fontFamily=["Nonexistent Sans"]"#], "edges")
        #expect(here.diagnostics.contains { $0.message.contains("'Nonexistent Sans' is not installed") })
        #expect(ahead.paragraphsShapedAhead >= 80, "\(ahead.paragraphsShapedAhead) found shaped")
    }

    /// A stage's warnings handed over keep their ranks and once-keys: the same as adding
    /// them to the receiving sink directly.
    @Test func transferredWarningsKeepTheirRanks() {
        let direct = DiagnosticSink(), ahead = DiagnosticSink(), layout = DiagnosticSink()
        for sink in [direct, layout] {
            sink.rank = 4
            sink.warnOnce(key: "k", "layout first")
        }
        for sink in [direct, ahead] {
            sink.rank = 0
            sink.warning("measured")
            sink.warnOnce(key: "k", "measured, once")
            sink.rank = 4
            sink.warnOnce(key: "k", "again at 4")
            sink.warning("shaped")
        }
        ahead.transfer(into: layout)
        #expect(ahead.diagnostics.isEmpty)
        let main = DiagnosticSink(), expected = DiagnosticSink()
        layout.replay(into: main)
        direct.replay(into: expected)
        #expect(main.diagnostics.map(\.message) == expected.diagnostics.map(\.message))
        // The once-key's first place in a serial run's order wins: measuring came first.
        #expect(main.diagnostics.map(\.message) == ["measured", "measured, once", "shaped"])
    }
}
