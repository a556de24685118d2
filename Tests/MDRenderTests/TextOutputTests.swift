import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct TextOutputTests {
    @Test func textComesBackExactlyIncludingALigatureCluster() throws {
        let scratch = try Scratch()
        let page = Page(size: Fixture.a4, items: [
            .glyphs(Fixture.run("Hello World", at: Fixture.point(72, 100))),
            .glyphs(Fixture.office(at: Fixture.point(72, 130))),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        let text = try runTool("pdftotext", ["-layout", pdf, "-"]).out
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        #expect(lines == ["Hello World", "office"])
    }

    @Test func everyFontIsEmbeddedAsASubset() throws {
        let scratch = try Scratch()
        let page = Page(size: Fixture.a4, items: [.glyphs(Fixture.run("Hello", at: Fixture.point(72, 100)))])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        let rows = try runTool("pdffonts", [pdf]).out.split(separator: "\n").dropFirst(2)
        #expect(rows.count == 1)
        for row in rows {
            // name type encoding emb sub uni object-id
            let columns = row.split(separator: " ", omittingEmptySubsequences: true)
            #expect(columns.first?.contains("+DejaVuSans") == true, "\(row)")
            #expect(Array(columns.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "\(row)")
        }
    }

    @Test func pagesKeepTheirOwnSizes() throws {
        let scratch = try Scratch()
        let pages = [Page(size: Fixture.a4), Page(size: Size(width: Points(200), height: Points(300)))]
        let pdf = try scratch.render(PagedDocument(pages: pages))
        let info = try runTool("pdfinfo", ["-f", "1", "-l", "2", pdf]).out
        #expect(info.contains("595.28 x 841.89 pts"))
        #expect(info.contains("200 x 300 pts"))
    }

    @Test func aBadClusterMapFailsNamingTheRun() {
        var run = Fixture.run("Hello", at: Fixture.point(72, 100))
        run.clusters.removeLast()
        let document = PagedDocument(pages: [Page(size: Fixture.a4, items: [.glyphs(run)])])
        #expect {
            _ = try PDFRenderer.render(document)
        } throws: { error in
            guard case .renderFailed(let reason) = error as? ConversionError else { return false }
            return reason.contains("\"Hello\"") && reason.contains("cluster map")
        }
    }

    @Test func aMissingFontFailsWithItsPath() {
        var run = Fixture.run("Hello", at: Fixture.point(72, 100))
        run.font = FontFile(path: "/nonexistent/Font.ttf", index: 0)
        let document = PagedDocument(pages: [Page(size: Fixture.a4, items: [.glyphs(run)])])
        #expect(throws: ConversionError.self) { _ = try PDFRenderer.render(document) }
        do {
            _ = try PDFRenderer.render(document)
        } catch {
            #expect(error.description.contains("/nonexistent/Font.ttf"))
        }
    }

    /// The rows of `pdfimages -list` that are images (not soft masks): (width, height,
    /// object number).
    static func images(in pdf: String) throws -> [(width: Int, height: Int, object: Int)] {
        let rows: [[Substring]] = try runTool("pdfimages", ["-list", pdf]).out.split(separator: "\n").dropFirst(2)
            .map { $0.split(separator: " ") }
        return rows.filter { $0[2] == "image" }.map { row in (Int(row[3]) ?? 0, Int(row[4]) ?? 0, Int(row[10]) ?? 0) }
    }

    /// A colour emoji (Noto Color Emoji's CBDT bitmaps; cairo 1.16 would paint a 27 × 26 px
    /// image at 24 pt and give it no text) is the font's own 136 × 128 px picture, in
    /// colour, and the text layer has its code point.
    @Test func colorEmojiAreTheFontsFullSizePictureWithTheirText() throws {
        let scratch = try Scratch()
        // Glyph 883 is U+1F600 in Noto Color Emoji (FT_Get_Char_Index).
        let emoji = GlyphRun(font: Fixture.emojiFont, size: Points(24), color: .black,
                             glyphs: [PlacedGlyph(id: 883, position: Fixture.point(20, 40))],
                             text: "\u{1F600}", clusters: [TextCluster(bytes: 4, glyphs: 1)])
        let page = Page(size: Size(width: Points(200), height: Points(100)), items: [
            .glyphs(Fixture.run("Hello", at: Fixture.point(60, 40))), .glyphs(emoji),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        try runTool("qpdf", ["--check", pdf])
        let text = try runTool("pdftotext", [pdf, "-"]).out
        #expect(text.contains("\u{1F600}") && text.contains("Hello"), "\(text)")
        #expect(try Self.images(in: pdf).map { [$0.width, $0.height] } == [[136, 128]])
        let image = try PixelImage(pdf: pdf, scratch: scratch)
        var coloured = 0
        for y in 16..<44 { for x in 18..<48 { let (r, g, b) = image.rgb(x, y); if r != g || g != b { coloured += 1 } } }
        #expect(coloured > 50, "the emoji picture should be painted in colour")
    }

    /// One picture per emoji in the file, painted at every size and on every page.
    @Test func anEmojisPictureIsStoredOnce() throws {
        let scratch = try Scratch()
        func smile(_ x: Double, _ size: Double) -> PageItem {
            .glyphs(GlyphRun(font: Fixture.emojiFont, size: Points(size), color: .black,
                             glyphs: [PlacedGlyph(id: 883, position: Fixture.point(x, 40))],
                             text: "\u{1F600}", clusters: [TextCluster(bytes: 4, glyphs: 1)]))
        }
        let size = Size(width: Points(200), height: Points(100))
        let pdf = try scratch.render(PagedDocument(pages: [Page(size: size, items: [smile(10, 12), smile(40, 24)]),
                                                           Page(size: size, items: [smile(10, 10)])]))
        try runTool("qpdf", ["--check", pdf])
        let images = try Self.images(in: pdf)
        #expect(images.count == 3)
        #expect(Set(images.map(\.object)).count == 1, "\(images)")
        #expect(try runTool("pdftotext", [pdf, "-"]).out.filter { $0 == "\u{1F600}" }.count == 3)
    }
}
