import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

/// Glyph runs of one font and color that follow each other are shown in one cairo call
/// (`CairoCanvas.pendingText`): whatever is drawn between two runs still lands between
/// them, and the text layer holds each run's text once, also around colour glyphs
/// (which draw with the same scratch buffers).
@Suite struct GlyphRunBatchingTests {
    /// A shape drawn after a run covers it, and not the run after the shape, though the
    /// two runs share their font and color.
    @Test func aShapeBetweenTwoRunsStaysBetweenThem() throws {
        let scratch = try Scratch()
        let page = Page(size: Size(width: Points(200), height: Points(100)), items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(20, 40), size: 20)),
            .shape(Shape(.rect(Fixture.rect(10, 15, 80, 35), cornerRadius: .zero), fill: .white)),
            .glyphs(Fixture.run("Hello", at: Fixture.point(110, 40), size: 20)),
        ])
        let image = try PixelImage(pdf: scratch.render(PagedDocument(pages: [page])), scratch: scratch)
        func darkPixels(_ xs: Range<Int>) -> Int {
            var n = 0
            for y in 20..<45 { for x in xs where image.rgb(x, y).0 < 128 { n += 1 } }
            return n
        }
        #expect(darkPixels(12..<88) == 0, "the first run is drawn over the shape that should cover it")
        #expect(darkPixels(110..<190) > 50, "the second run is missing")
    }

    /// Four 😀 (glyph 883 in Noto Color Emoji), nothing after them.
    static func emoji(at x: Double) -> GlyphRun {
        GlyphRun(font: Fixture.emojiFont, size: Points(12), color: .black,
                 glyphs: (0..<4).map { PlacedGlyph(id: 883, position: Fixture.point(x + Double($0) * 15, 40)) },
                 text: String(repeating: "\u{1F600}", count: 4), clusters: Array(repeating: TextCluster(bytes: 4, glyphs: 1), count: 4))
    }

    /// Runs of one font before and after a run of colour glyphs keep exactly their text.
    @Test func runsAroundColourGlyphsKeepTheirText() throws {
        let scratch = try Scratch()
        let page = Page(size: Size(width: Points(300), height: Points(100)), items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(10, 40))),
            .glyphs(Self.emoji(at: 50)),
            .glyphs(Fixture.run("World", at: Fixture.point(130, 40))),
            .glyphs(Fixture.run("Hello", at: Fixture.point(10, 70))),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        try runTool("qpdf", ["--check", pdf])
        let text = try runTool("pdftotext", ["-raw", pdf, "-"]).out
        let words = text.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        #expect(words == ["Hello", String(repeating: "\u{1F600}", count: 4), "World", "Hello"], "\(text)")
    }
}
