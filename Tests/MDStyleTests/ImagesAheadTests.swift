import Foundation
import MDCore
import MDMarkdown
import MDTheme
import Testing
@testable import MDStyle

/// The renderer prepares a document's PNGs on a worker thread from the moment it learns
/// of them; a streamed document has them looked up ahead of its blocks, wherever they
/// are, and names them in document order as they are found (so a screenshot at the end
/// is ready long before the last page, and its planes are made while memory is low).
@Suite struct ImagesAheadTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../samples/images").standardizedFileURL.path

    @Test func imagesAreNamedAheadOfTheirBlocks() throws {
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
        // Styling is held at its first blocks (it may run one block ahead of this
        // reader): only the lookups ahead can name the images of the blocks after them.
        _ = stream.nextBlock()
        var known: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while known.count < names.count, Date() < deadline {
            known += stream.newImages().map { URL(fileURLWithPath: $0.path).lastPathComponent }
            if known.count < names.count { usleep(2000) }
        }
        #expect(known == names, "\(known)")
        while stream.nextBlock() != nil {}
        stream.waitForEnd()
        // Looked up once each, and warned about by styling as ever (none here).
        #expect(stream.newImages().isEmpty)
        #expect(sink.diagnostics.isEmpty, "\(sink.diagnostics)")
    }
}
