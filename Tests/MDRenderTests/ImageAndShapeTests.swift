import Foundation
import MDCore
import MDPage
import Testing
@testable import MDRender

@Suite struct ImageAndShapeTests {
    @Test func aFilledRectLandsOnTheRightPixels() throws {
        let scratch = try Scratch()
        let page = Page(size: Size(width: Points(100), height: Points(80)), items: [
            .shape(Shape(.rect(Fixture.rect(20, 10, 30, 20), cornerRadius: .zero), fill: Color(hex: "#ff0000"))),
            .shape(Shape(.rect(Fixture.rect(60, 40, 30, 30), cornerRadius: Points(8)), fill: Color(hex: "#0000ff"))),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        let image = try PixelImage(pdf: pdf, scratch: scratch)
        #expect(image.width == 100 && image.height == 80)
        #expect(image.rgb(35, 20) == (255, 0, 0))
        #expect(image.rgb(21, 11) == (255, 0, 0))
        #expect(image.rgb(48, 28) == (255, 0, 0))
        #expect(image.rgb(18, 20) == (255, 255, 255))
        #expect(image.rgb(35, 32) == (255, 255, 255))
        // The rounded rect: its centre is blue, its very corner is not.
        #expect(image.rgb(75, 55) == (0, 0, 255))
        #expect(image.rgb(60, 40) == (255, 255, 255))
    }

    /// Makes a PNG and a JPEG of a 20×10 px red box with poppler, from a PDF we render.
    static func makeImages(in scratch: Scratch) throws -> (png: ImageSource, jpeg: ImageSource) {
        let page = Page(size: Size(width: Points(20), height: Points(10)), items: [
            .shape(Shape(.rect(Fixture.rect(0, 0, 20, 10), cornerRadius: .zero), fill: Color(hex: "#ff0000"))),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]), to: "source.pdf")
        try runTool("pdftoppm", ["-r", "72", "-singlefile", "-png", pdf, scratch.path("red")])
        try runTool("pdftoppm", ["-r", "72", "-singlefile", "-jpeg", pdf, scratch.path("red")])
        return (ImageSource(path: scratch.path("red.png"), format: .png, pixelWidth: 20, pixelHeight: 10),
                ImageSource(path: scratch.path("red.jpg"), format: .jpeg, pixelWidth: 20, pixelHeight: 10))
    }

    @Test func pngAndJpegEmbedOnceEachAndPaintWhereAsked() throws {
        let scratch = try Scratch()
        let (png, jpeg) = try Self.makeImages(in: scratch)
        let page = Page(size: Size(width: Points(200), height: Points(100)), items: [
            .image(PlacedImage(source: png, rect: Fixture.rect(10, 10, 40, 20))),
            .image(PlacedImage(source: png, rect: Fixture.rect(10, 50, 40, 20))),
            .image(PlacedImage(source: jpeg, rect: Fixture.rect(100, 10, 80, 40))),
        ])
        let pdf = try scratch.render(PagedDocument(pages: [page]))
        try runTool("qpdf", ["--check", pdf])
        let objects = try QPDFObjects(pdf: pdf)
        let images = objects.dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        // PNG once (plus nothing else: an opaque PNG gets no soft mask), JPEG once as DCT.
        let jpegs = images.filter { ($0["/Filter"] as? String) == "/DCTDecode" }
        #expect(jpegs.count == 1)
        #expect(images.count == 2)
        let raster = try PixelImage(pdf: pdf, scratch: scratch)
        #expect(raster.rgb(30, 20) == (255, 0, 0))
        #expect(raster.rgb(30, 60) == (255, 0, 0))
        #expect(raster.rgb(30, 40) == (255, 255, 255))
        let (r, g, b) = raster.rgb(140, 30)
        #expect(r > 200 && g < 60 && b < 60, "JPEG red, roughly: \(r) \(g) \(b)")
        #expect(raster.rgb(190, 30) == (255, 255, 255))
    }

    @Test func anUnreadableImageFailsWithItsPath() {
        let missing = ImageSource(path: "/nonexistent/pic.png", format: .png, pixelWidth: 2, pixelHeight: 2)
        let document = PagedDocument(pages: [Page(size: Fixture.a4, items: [
            .image(PlacedImage(source: missing, rect: Fixture.rect(0, 0, 10, 10))),
        ])])
        do {
            _ = try PDFRenderer.render(document)
            Issue.record("expected an error")
        } catch {
            guard case .renderFailed(let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("/nonexistent/pic.png"))
        }
    }

    @Test func degenerateShapesDrawNothingAndDoNotBreakTheRender() throws {
        let page = Page(size: Fixture.a4, items: [
            .shape(Shape(.ellipse(Fixture.rect(10, 10, 0, 5)), fill: .black)),
            .shape(Shape(.polyline([Fixture.point(1, 1)], closed: true), stroke: Stroke(width: Points(1), color: .black))),
            .shape(Shape(.line(from: Fixture.point(0, 0), to: Fixture.point(9, 0)),
                         stroke: Stroke(width: Points(1), color: .black, dash: .dotted(spacing: .zero, phase: .zero)))),
            .shape(Shape(.line(from: Fixture.point(0, 0), to: Fixture.point(9, 0)),
                         stroke: Stroke(width: Points(1), color: .black, dash: .dashed(length: .zero, gap: .zero, phase: .zero)))),
        ])
        #expect(throws: Never.self) { _ = try PDFRenderer.render(PagedDocument(pages: [page])) }
    }

    @Test func dottedLineIsRoundDotsAtTheSpacing() throws {
        let scratch = try Scratch()
        let page = Page(size: Size(width: Points(100), height: Points(20)), items: [
            .shape(Shape(.line(from: Fixture.point(10, 10), to: Fixture.point(90, 10)),
                         stroke: Stroke(width: Points(4), color: .black, dash: .dotted(spacing: Points(10), phase: .zero)))),
        ])
        let raster = try PixelImage(pdf: scratch.render(PagedDocument(pages: [page])), scratch: scratch)
        // Dots centred at x = 10, 20, …, 90; between them the line is empty.
        for x in stride(from: 10, through: 90, by: 10) {
            #expect(raster.rgb(x, 10).0 < 100, "dot at \(x)")
            #expect(raster.rgb(x + 5, 10) == (255, 255, 255), "gap at \(x + 5)")
        }
    }
}
