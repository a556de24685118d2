import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

/// Text cairo cannot take, and text cairo mangles: the renderer must never fail a
/// document whose text is valid Unicode.
@Suite struct UnicodeTextTests {
    /// Four 😀 (glyph 883 in Noto Color Emoji) then a space (glyph 3): colour glyphs cairo
    /// 1.16 paints as images, followed by an ordinary one. 17 bytes: a Swift string that
    /// long keeps its bytes in shared storage, not inline.
    static func emojiThenSpace(at x: Double) -> GlyphRun {
        let emoji = (0..<4).map { PlacedGlyph(id: 883, position: Fixture.point(x + Double($0) * 15, 40)) }
        return GlyphRun(font: Fixture.emojiFont, size: Points(12), color: .black,
                        glyphs: emoji + [PlacedGlyph(id: 3, position: Fixture.point(x + 60, 40))],
                        text: String(repeating: "\u{1F600}", count: 4) + " ",
                        clusters: Array(repeating: TextCluster(bytes: 4, glyphs: 1), count: 4) + [TextCluster(bytes: 1, glyphs: 1)])
    }

    /// cairo 1.16 compacts the text of a run with colour glyphs in place (the bytes of
    /// the clusters it paints as images are squeezed out of the caller's buffer). The same
    /// run drawn twice — a footnote placed twice — used to reach cairo the second time as
    /// "\u{20}\u{9F}\u{98}\u{80}\u{20}" bytes, and the document failed ("input string not valid
    /// UTF-8"). The run's own text must come out of a drawing untouched.
    @Test func aRunWithColourGlyphsCanBeDrawnTwice() throws {
        let scratch = try Scratch()
        let run = Self.emojiThenSpace(at: 20)
        let page = Page(size: Size(width: Points(200), height: Points(100)), items: [.glyphs(run), .glyphs(run)])
        let pdf = try scratch.render(PagedDocument(pages: [page, page]))
        try runTool("qpdf", ["--check", pdf])
        #expect(run.text == String(repeating: "\u{1F600}", count: 4) + " ")
    }

    @Test(arguments: [
        ("a\u{FFFE}b", [1, 3, 1], "a\u{FFFD}b"),
        ("\u{10FFFF}b", [4, 1], "\u{FFFD}b"),
        (String(String.UnicodeScalarView([Unicode.Scalar(0xFDD0)!, Unicode.Scalar(0xFDEF)!])), [6], "\u{FFFD}\u{FFFD}"),
        ("x\u{1FFFF}", [5], "x\u{FFFD}"),
    ])
    func noncharactersAreShownAsReplacementCharacters(_ text: String, _ clusterBytes: [Int], _ shown: String) throws {
        let glyphs = clusterBytes.enumerated().map { PlacedGlyph(id: 36, position: Fixture.point(20 + Double($0.offset) * 8, 40)) }
        let run = GlyphRun(font: Fixture.dejaVu, size: Points(10), color: .black, glyphs: glyphs, text: text,
                           clusters: clusterBytes.map { TextCluster(bytes: $0, glyphs: 1) })
        let (safe, count) = run.replacingNoncharacters()
        #expect(safe.text == shown)
        #expect(count == text.unicodeScalars.filter(\.isNoncharacter).count)
        #expect(safe.clusters.map(\.bytes).reduce(0, +) == shown.utf8.count)
        let scratch = try Scratch()
        let pdf = try scratch.render(PagedDocument(pages: [Page(size: Size(width: Points(200), height: Points(100)), items: [.glyphs(run)])]))
        try runTool("qpdf", ["--check", pdf])
        #expect(try runTool("pdftotext", [pdf, "-"]).out.contains(shown))
    }

    @Test func backwardClustersKeepTheirOrder() {
        // Right-to-left: clusters walk the text from its end ("b", then U+FFFE, then "a").
        let run = GlyphRun(font: Fixture.dejaVu, size: Points(10), color: .black,
                           glyphs: (0..<3).map { PlacedGlyph(id: 36, position: Fixture.point(Double($0) * 8, 40)) },
                           text: "a\u{FFFE}b", clusters: [1, 3, 1].map { TextCluster(bytes: $0, glyphs: 1) }, backward: true)
        let (safe, count) = run.replacingNoncharacters()
        #expect(count == 1)
        #expect(safe.text == "a\u{FFFD}b")
        #expect(safe.clusters.map(\.bytes) == [1, 3, 1])
    }

    @Test func outlineTitlesAndMetadataWithNoncharactersAreWritten() throws {
        let scratch = try Scratch()
        var doc = PagedDocument(pages: [Page(size: Size(width: Points(200), height: Points(100)),
                                              items: [.destination(name: "a", at: Fixture.point(0, 0))])],
                                outline: [OutlineEntry(title: "T\u{FFFF}", level: 1, destination: "a", open: true)])
        doc.metadata.title = "Title \u{FFFE}"
        let pdf = try scratch.render(doc)
        try runTool("qpdf", ["--check", pdf])
        #expect(try runTool("pdfinfo", [pdf]).out.contains("Title \u{FFFD}"))
    }
}
