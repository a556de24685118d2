import Foundation
import MDCore
import MDMarkdown
import MDTheme
import Testing
@testable import MDStyle

/// The renderer prepares a document's PNGs on a worker thread from the moment it learns
/// of them; a streamed document names them all before its first block, wherever they
/// are (so a screenshot at the end is ready long before the last page, and its planes
/// are made while memory is low).
@Suite struct ImagesAheadTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/images").standardizedFileURL.path

    @Test func everyImageIsKnownBeforeTheFirstBlock() throws {
        let names = ["badge-build.png", "badge-docs.png", "badge-pdf.png", "badge-swift.png", "gradient.png", "badge-release.png"]
        // Far apart: in a list, a table, a link's text, a quote, at the end and in a footnote,
        // with many paragraphs between them.
        let filler = (0..<40).map { "Paragraph \($0) with some words.\n\n" }.joined()
        let markdown = "# Title\n\n- item ![a](\(names[0]))\n\n" + filler
            + "| x |\n|---|\n| ![b](\(names[1])) |\n\n" + filler
            + "[![c](\(names[2]))](https://example.com)\n\n> quoted ![d](\(names[3]))\n\n" + filler
            + "Last ![e](\(names[4])) and a note[^n].\n\n[^n]: Noted ![f](\(names[5])).\n"
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "t")
        let (stream, style) = DocumentStyler.stream(MarkdownParser.parse(markdown, diagnostics: sink), theme: theme,
                                                    options: StyleOptions(baseDirectory: Self.samples), diagnostics: sink,
                                                    ahead: 1)
        let thread = Thread { style() }
        thread.start()
        _ = stream.nextBlock()
        let known = stream.newImages().map { URL(fileURLWithPath: $0.path).lastPathComponent }
        #expect(known == names, "\(known)")
        while stream.nextBlock() != nil {}
        stream.waitForEnd()
        // Looked up once each, and warned about by styling as ever (none here).
        #expect(stream.newImages().isEmpty)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
    }
}
