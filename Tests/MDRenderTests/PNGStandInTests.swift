import CCairo
import Foundation
import MDCore
import MDImage
import MDPDFSyntax
import MDPage
import Testing
@testable import MDRender

/// PNGs go into the PDF with their own data (`ImageStandIns`) and show the same pixels
/// as when cairo decodes them.
@Suite struct PNGStandInTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    /// One page with the 48 × 32 px fixture drawn twice: at its size, and enlarged.
    func document(_ name: String) -> PagedDocument {
        let source = ImageSource(path: Self.fixtures.appendingPathComponent(name).path, format: .png, pixelWidth: 48, pixelHeight: 32)
        return PagedDocument(pages: [Page(size: Size(width: Points(200), height: Points(120)), items: [
            .shape(Shape(.rect(Fixture.rect(0, 0, 200, 120), cornerRadius: .zero), fill: Color(hex: "#3366aa"))),
            .image(PlacedImage(source: source, rect: Fixture.rect(10, 10, 48, 32))),
            .image(PlacedImage(source: source, rect: Fixture.rect(70, 10, 120, 80))),
        ])])
    }

    func pdf(_ document: PagedDocument, embedding: Bool, _ scratch: Scratch, _ name: String) throws -> String {
        var pages = document.replay()
        let bytes = try PDFRenderer.render(&pages, readPolicy: .anyFolder, imageCodecs: ImageCodecs(), diagnostics: nil,
                                           embedsPNGData: embedding).bytesInMemory()
        let path = scratch.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Opaque kinds give the very same pixels; with alpha, cairo's premultiplied
    /// round trip may move a value by one or two.
    @Test(arguments: [("quad.png", 0), ("gray.png", 0), ("palette.png", 0), ("palette8.png", 0), ("rgba-opaque.png", 0),
                      ("rgba-half.png", 2), ("gray-alpha.png", 2), ("filters.png", 2), ("filters-gray-alpha.png", 2),
                      ("stored-blocks.png", 0), ("screenshot.png", 2)])
    func sameRasterAsCairosDecoder(name: String, tolerance: Int) throws {
        let scratch = try Scratch()
        let ours = try pdf(document(name), embedding: true, scratch, "ours.pdf")
        let cairos = try pdf(document(name), embedding: false, scratch, "cairo.pdf")
        try runTool("qpdf", ["--check", ours])
        let a = try PixelImage(pdf: ours, scratch: scratch)
        let b = try PixelImage(pdf: cairos, scratch: scratch)
        #expect(a.width == b.width && a.height == b.height)
        let worst = zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= tolerance, "\(name): differs by up to \(worst)")
        #expect(a.rgb(12, 12) != (0x33, 0x66, 0xaa), "\(name) is drawn")
    }

    /// Stored kinds keep the file's compressed data, read through the PNG predictors; an
    /// image with alpha gets its soft mask (smoothed like the image), an opaque one none.
    @Test func imageObjectsCarryTheFilesOwnData() throws {
        let scratch = try Scratch()
        let rgb = try QPDFObjects(pdf: try pdf(document("quad.png"), embedding: true, scratch, "rgb.pdf"))
        let images = rgb.dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        try #require(images.count == 1)
        #expect(images[0]["/Filter"] as? String == "/FlateDecode")
        #expect(images[0]["/SMask"] == nil)
        #expect((images[0]["/DecodeParms"] as? [String: Any])?["/Predictor"] as? Int == 15, "\(images[0])")
        let idat = try Data(contentsOf: Self.fixtures.appendingPathComponent("quad.png"))
        let pdfBytes = try Data(contentsOf: URL(fileURLWithPath: scratch.path("rgb.pdf")))
        // quad.png has one IDAT chunk: its data (after length and type) is in the PDF as is.
        let start = idat.range(of: Data("IDAT".utf8))!.upperBound
        let length = Int(idat[start - 8]) << 24 | Int(idat[start - 7]) << 16 | Int(idat[start - 6]) << 8 | Int(idat[start - 5])
        #expect(pdfBytes.range(of: idat[start..<(start + length)]) != nil)

        let half = try QPDFObjects(pdf: try pdf(document("rgba-half.png"), embedding: true, scratch, "half.pdf"))
        let withMask = half.dictionaries { ($0["/Subtype"] as? String) == "/Image" && $0["/SMask"] != nil }
        let masks = half.dictionaries { ($0["/Subtype"] as? String) == "/Image" && ($0["/ColorSpace"] as? String) == "/DeviceGray" }
        #expect(withMask.count == 1 && masks.count == 1)
        #expect(masks.first?["/Interpolate"] as? Bool == withMask.first?["/Interpolate"] as? Bool)
        let opaque = try QPDFObjects(pdf: try pdf(document("rgba-opaque.png"), embedding: true, scratch, "opaque.pdf"))
        #expect(opaque.dictionaries { ($0["/Subtype"] as? String) == "/Image" }.count == 1, "no soft mask")
    }

    /// A screenshot's color and alpha values go in run-length encoded before they are
    /// deflated (`PlaneDeflater`), its soft mask too; the quad picture's colors, which
    /// never repeat byte after byte, go in deflated as they are.
    @Test func screenshotPlanesGoInAsRuns() throws {
        let scratch = try Scratch()
        let runs: [String] = ["/FlateDecode", "/RunLengthDecode"]
        let shot = try QPDFObjects(pdf: try pdf(document("screenshot.png"), embedding: true, scratch, "shot.pdf"))
        let image = try #require(shot.dictionaries { ($0["/Subtype"] as? String) == "/Image" && $0["/SMask"] != nil }.first)
        #expect(image["/Filter"] as? [String] == runs, "\(image)")
        let mask = try #require(shot.resolve(image["/SMask"]) as? [String: Any])
        #expect(mask["/Filter"] as? [String] == runs, "\(mask)")
        #expect(mask["/DecodeParms"] == nil && image["/DecodeParms"] == nil)

        let quad = try QPDFObjects(pdf: try pdf(document("rgba-opaque.png"), embedding: true, scratch, "quad.pdf"))
        let plain = try #require(quad.dictionaries { ($0["/Subtype"] as? String) == "/Image" }.first)
        #expect(plain["/Filter"] as? String == "/FlateDecode", "\(plain)")
    }

    /// An image drawn twice on a page makes cairo 1.16 name it twice in the page's
    /// resources, and qpdf warns about the duplicate key; with that warning pending, the
    /// pass still reads the image streams: the PNG gets its data, and an inverted CMYK
    /// JPEG its `/Decode`.
    @Test func imagesDrawnTwiceStillGetTheirData() throws {
        let scratch = try Scratch()
        let png = ImageSource(path: Self.fixtures.appendingPathComponent("gray.png").path, format: .png, pixelWidth: 48, pixelHeight: 32)
        let cmyk = ImageSource(path: Self.fixtures.appendingPathComponent("cmyk-adobe.jpg").path, format: .jpeg,
                               pixelWidth: 48, pixelHeight: 32)
        let document = PagedDocument(pages: [Page(size: Size(width: Points(200), height: Points(120)), items: [
            .image(PlacedImage(source: png, rect: Fixture.rect(10, 10, 48, 32))),
            .image(PlacedImage(source: png, rect: Fixture.rect(70, 10, 48, 32))),
            .image(PlacedImage(source: cmyk, rect: Fixture.rect(10, 60, 48, 32))),
            .image(PlacedImage(source: cmyk, rect: Fixture.rect(70, 60, 48, 32))),
        ])])
        let objects = try QPDFObjects(pdf: try pdf(document, embedding: true, scratch, "twice.pdf"))
        let images = objects.dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        #expect(images.count == 2)
        #expect(images.contains { ($0["/ColorSpace"] as? String) == "/DeviceGray" && ($0["/Filter"] as? String) == "/FlateDecode" })
        #expect(images.contains { ($0["/Filter"] as? String) == "/DCTDecode" && $0["/Decode"] != nil }, "\(images)")
    }

    /// A PNG whose data is barely compressed (stored deflate blocks) is deflated again:
    /// the PDF does not carry the image at its full size.
    @Test func barelyCompressedDataIsDeflatedAgain() throws {
        let scratch = try Scratch()
        let objects = try QPDFObjects(pdf: try pdf(document("stored-blocks.png"), embedding: true, scratch, "stored.pdf"))
        let images = objects.dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        try #require(images.count == 1)
        let raw = (48 * 3 + 1) * 32
        let length = try #require(images[0]["/Length"] as? Int)
        #expect(length < raw / 4, "\(length) bytes for \(raw) of rows")
        #expect((images[0]["/DecodeParms"] as? [String: Any])?["/Predictor"] as? Int == 15)
    }

    /// Images named ahead (`prefetching`) are prepared before their page is drawn, on
    /// the worker for those with alpha; one never drawn is no error and leaves no trace.
    @Test func prefetchedImagesDrawnOrNot() throws {
        let scratch = try Scratch()
        func source(_ name: String) -> ImageSource {
            ImageSource(path: Self.fixtures.appendingPathComponent(name).path, format: .png, pixelWidth: 48, pixelHeight: 32)
        }
        let names = ["rgba-half.png", "filters.png", "quad.png", "rgba-opaque.png"]
        var pages = document("rgba-half.png").replay()
        let bytes = try PDFRenderer.render(&pages, prefetching: names.map(source))
        let path = scratch.path("prefetched.pdf")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try runTool("qpdf", ["--check", path])
        let images = try QPDFObjects(pdf: path).dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        #expect(images.count == 2, "rgba-half.png and its soft mask only: \(images)")
        let plain = try pdf(document("rgba-half.png"), embedding: true, scratch, "plain.pdf")
        #expect(try PixelImage(pdf: path, scratch: scratch).pixels == PixelImage(pdf: plain, scratch: scratch).pixels)
    }

    /// Planes above the whole-plane limit are deflated by zlib a row at a time (memory
    /// stays flat for large images) and hold the same values as those libdeflate
    /// deflates whole.
    @Test(arguments: ["filters.png", "filters-gray-alpha.png", "rgba-half.png", "rgba-opaque.png", "screenshot.png"])
    func streamedPlanesHoldTheSameValues(name: String) throws {
        guard case .whole = PlaneEncoder(size: 48 * 32 * 3, level: 6),
              case .streamed = PlaneEncoder(size: 48 * 32 * 3, level: 6, wholePlaneLimit: 0),
              case .streamed = PlaneEncoder(size: PlaneEncoder.wholePlaneLimit + 1, level: 6) else {
            Issue.record("planes up to the limit are deflated whole, larger ones streamed"); return
        }
        let bytes = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        guard case .success(.withAlpha(let zlib, let colorChannels))? = PNGPlanes.inspect(bytes, width: 48, height: 32) else {
            Issue.record("\(name) has no alpha channel"); return
        }
        /// The values as a PDF reader reads them through the plane's filter.
        func inflated(_ data: [UInt8]?, _ filter: PDFValue? = .name("FlateDecode")) -> [UInt8]? {
            guard let data, let inflater = ZlibInflater(data) else { return nil }
            var out = [UInt8](repeating: 0, count: RunLength.bound(48 * 32 * colorChannels) + 2)
            let n = out.withUnsafeMutableBufferPointer { inflater.read(into: $0) } ?? -1
            guard n >= 0 else { return nil }
            guard filter == .array([.name("FlateDecode"), .name("RunLengthDecode")]) else { return Array(out[0..<n]) }
            var values = [UInt8](repeating: 0, count: 48 * 32 * colorChannels)
            let m = out.withUnsafeBufferPointer { records in
                values.withUnsafeMutableBufferPointer {
                    RunLength.decode(UnsafeBufferPointer(rebasing: records[0..<n]), into: $0.baseAddress!, capacity: $0.count)
                }
            }
            return m.map { Array(values[0..<$0]) }
        }
        let whole = try ImageStandIns.separated(zlib, colorChannels: colorChannels, width: 48, height: 32, path: name).get()
        let streamed = try ImageStandIns.separated(zlib, colorChannels: colorChannels, width: 48, height: 32, path: name,
                                                   wholePlaneLimit: 0).get()
        #expect(streamed.filter == .name("FlateDecode"), "zlib a row at a time: values as they are")
        #expect(inflated(whole.data, whole.filter)?.count == 48 * 32 * colorChannels)
        #expect(inflated(whole.data, whole.filter) == inflated(streamed.data), "\(name): color values")
        #expect((whole.softMask == nil) == (streamed.softMask == nil))
        if let mask = whole.softMask {
            #expect(inflated(mask.data, mask.filter)?.count == 48 * 32)
            #expect(inflated(mask.data, mask.filter) == inflated(streamed.softMask?.data), "\(name): alpha values")
        }
    }

    /// The placeholder cairo embeds names the image by index, and no other JPEG matches.
    @Test func placeholdersAreRecognisedOnlyAsTheirOwn() {
        let a = ImageStandIns(), b = ImageStandIns()
        let p = a.placeholder(7, width: 3000, height: 1500)
        #expect(p.withUnsafeBufferPointer { a.index(ofPlaceholder: $0) } == 7)
        #expect(p.withUnsafeBufferPointer { b.index(ofPlaceholder: $0) } == nil, "another render's token")
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [UInt8](repeating: 0, count: 20)
        #expect(jpeg.withUnsafeBufferPointer { a.index(ofPlaceholder: $0) } == nil)
    }

    /// A surface that only carries JPEG data (a stand-in's placeholder, a JPEG file) is a
    /// single pixel whatever the image's size, and the PDF still has the image at its own
    /// size: cairo copies a surface into its record of a paint when the surface goes
    /// first, so a full-size one cost the image's pixels again (issue #13).
    @Test func carriersAreOnePixelAndTheImageKeepsItsSize() throws {
        let surface = try CairoImageSurface.carrier(width: 3000, height: 1500, kind: "PNG", path: "big.png")
        #expect(cairo_image_surface_get_width(surface.handle) == 1 && cairo_image_surface_get_height(surface.handle) == 1)
        #expect(surface.decodedBytes == 0)
        let scratch = try Scratch()
        let objects = try QPDFObjects(pdf: try pdf(document("quad.png"), embedding: true, scratch, "quad.pdf"))
        let images = objects.dictionaries { ($0["/Subtype"] as? String) == "/Image" }
        try #require(images.count == 1)
        #expect(images[0]["/Width"] as? Int == 48 && images[0]["/Height"] as? Int == 32, "\(images[0])")
    }
}
