import MDCore
import MDMarkdown
import MDStyle
import MDText
import MDTheme
import Testing
@testable import MDLayout

/// The boxes of pages already drawn are dropped, so a long document holds a few pages
/// of boxes (issue #13: the flow's boxes were 61 MB of the Rust book twice over). Table
/// header rows repeated on later pages and contents pages held back until the end stay.
@Suite struct FlowMemoryTests {
    static let markdown: String = {
        var md = "---\ntoc: true\n---\n\n"
        for chapter in 0..<40 {
            md += "# Chapter \(chapter)\n\n"
            for p in 0..<12 {
                md += (0..<60).map { "c\(chapter)p\(p)w\($0)" }.joined(separator: " ") + "\n\n"
            }
            if chapter % 10 == 0 {
                md += "| Key | Value |\n|---|---|\n" + (0..<120).map { "| k\(chapter)r\($0) | v\($0) |\n" }.joined() + "\n"
            }
        }
        return md
    }()

    @Test func aLongDocumentHoldsAFewPagesOfBoxes() throws {
        let sink = DiagnosticSink()
        let theme = try ThemeLoader.resolve(text: "{}", name: "test")
        let doc = MarkdownParser.parse(Self.markdown, diagnostics: sink)
        let styled = DocumentStyler.style(doc, theme: theme, options: StyleOptions(baseDirectory: "/tmp"), diagnostics: sink)
        var stream = DocumentLayout.pages(styled, text: TextContext(diagnostics: sink), diagnostics: sink)
        stream.keepsFragments = true
        var held = 0, pages = 0
        var texts: [String] = []
        while let _ = stream.nextPage() {
            held = max(held, stream.boxesHeld)
            pages += 1
            texts.append(stream.lastFragments.map(\.text).joined(separator: " "))
        }
        #expect(pages > 80)
        #expect(stream.boxesBuilt > 3_000)
        #expect(held < 600, "held \(held) of \(stream.boxesBuilt) boxes")
        // The contents (held back to the end) and the repeated header rows still print.
        #expect(texts.last?.contains("Chapter 39") == true)
        #expect(texts.filter { $0.hasPrefix("Key Value") }.count >= 4)
    }
}
