import Foundation
import MDCore
import Testing
@testable import MDImage

/// The fixtures of Tests/Fixtures/images (made by its make_fixtures.py): every raster one
/// is the same upright 48 × 32 picture, red, green, blue and yellow quadrants.
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static let red: (Int, Int, Int) = (220, 30, 30), green = (30, 160, 40), blue = (30, 60, 220), yellow = (250, 210, 20)
}

/// One codecs instance for the suite: its library is loaded once.
let codecs = ImageCodecs()

@Suite("Image files")
struct ImageFileTests {
    func inspect(_ name: String, maxPixels: Int = 50_000_000) throws -> Result<ImageSource, ImageProblem> {
        ImageFile.inspect(try Fixture.bytes(name), path: name, maxPixels: maxPixels, codecs: codecs).map(\.source)
    }

    func note(_ name: String, maxPixels: Int = 50_000_000) throws -> String? {
        try ImageFile.inspect(try Fixture.bytes(name), path: name, maxPixels: maxPixels, codecs: codecs).get().note
    }

    @Test(arguments: [
        ("quad.png", ImageFormat.png), ("rgb16.png", .png), ("interlaced.png", .png), ("palette-transparent.png", .png),
        ("gray-alpha.png", .png), ("baseline.jpg", .jpeg), ("progressive.jpg", .jpeg), ("gray.jpg", .jpeg),
        ("cmyk-adobe.jpg", .jpeg), ("cmyk-plain.jpg", .jpeg), ("animated.gif", .gif), ("lossy.webp", .webp),
        ("lossless.webp", .webp), ("animated.webp", .webp), ("picture.bmp", .bmp), ("picture.tiff", .tiff),
    ])
    func everyFormatIsRecognisedAndChecked(_ name: String, _ format: ImageFormat) throws {
        let info = try inspect(name).get()
        #expect(info.format == format)
        #expect(info.pixelWidth == 48 && info.pixelHeight == 32, "\(name): \(info.pixelWidth) × \(info.pixelHeight)")
        #expect(info.orientation == .up)
        #expect(try note(name) == nil, "\(name)")
        // A whole JPEG is embedded as it is; everything else but PNG is decoded.
        #expect(info.decodesPixels == (format != .jpeg), "\(name)")
    }

    /// Premultiplied ARGB of the pixel at (x, y), as (r, g, b) unpremultiplied.
    func rgb(_ r: DecodedRaster, _ x: Int, _ y: Int) -> (Int, Int, Int) {
        let p = r.pixels[y * r.width + x]
        let a = Int(p >> 24)
        guard a > 0 else { return (0, 0, 0) }
        func c(_ shift: UInt32) -> Int { (Int((p >> shift) & 0xFF) * 255 + a / 2) / a }
        return (c(16), c(8), c(0))
    }

    func close(_ a: (Int, Int, Int), _ b: (Int, Int, Int), within tolerance: Int) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance && abs(a.2 - b.2) <= tolerance
    }

    /// The quadrants' colors (sampled in their middles) of a decoded fixture.
    func expectQuadrants(_ r: DecodedRaster, tolerance: Int, _ what: String) {
        let w = r.width, h = r.height
        let samples = [(w / 4, h / 4, Fixture.red), (3 * w / 4, h / 4, Fixture.green),
                       (w / 4, 3 * h / 4, Fixture.blue), (3 * w / 4, 3 * h / 4, Fixture.yellow)]
        for (x, y, want) in samples {
            let got = rgb(r, x, y)
            #expect(close(got, want, within: tolerance), "\(what) at \(x),\(y): \(got), want \(want)")
        }
    }

    @Test(arguments: ["animated.gif", "lossy.webp", "lossless.webp", "animated.webp", "picture.bmp", "picture.tiff",
                      "baseline.jpg", "progressive.jpg"])
    func decodedPixelsHaveTheirColorsAndTheFirstFrame(_ name: String) throws {
        let bytes = try Fixture.bytes(name)
        let format = try ImageFile.sniff(bytes).get()
        let raster = try codecs.decode(bytes, format: format, maxPixels: 50_000_000).get()
        #expect(raster.width == 48 && raster.height == 32)
        #expect(!raster.hasAlpha, "\(name) is opaque")
        // GIF quantises, JPEG and lossy WebP approximate.
        expectQuadrants(raster, tolerance: name.hasSuffix("lossless.webp") || name.hasSuffix(".bmp") || name.hasSuffix(".tiff") ? 0 : 24, name)
    }

    /// Decoded (as a downsampled or damaged CMYK JPEG is), both kinds of CMYK come out
    /// in their colors: the Adobe one's values are stored inverted, the plain one's not.
    @Test(arguments: ["cmyk-adobe.jpg", "cmyk-plain.jpg"])
    func cmykJPEGsDecodeToTheirColors(_ name: String) throws {
        let raster = try codecs.decode(try Fixture.bytes(name), format: .jpeg, maxPixels: 50_000_000).get()
        // The naive CMYK → RGB a PDF reader uses differs from the RGB the file was made from.
        expectQuadrants(raster, tolerance: 60, name)
        let info = try codecs.check(try Fixture.bytes(name), format: .jpeg, maxPixels: 50_000_000).get()
        #expect(info.components == 4)
        #expect(info.invertedCMYK == (name == "cmyk-adobe.jpg"))
    }

    @Test func exifOrientationIsRead() throws {
        for tag in 1...8 {
            let info = try inspect("exif-\(tag).jpg").get()
            #expect(info.orientation.rawValue == tag)
            // Quarter turns are stored 32 × 48 and shown 48 × 32.
            #expect(info.naturalSize == Size(width: Points(36), height: Points(24)), "tag \(tag): \(info.naturalSize)")
            #expect(!info.decodesPixels, "an upright-turned JPEG is still embedded as it is")
        }
    }

    @Test func aDamagedJPEGIsDecodedNeverEmbeddedAsItIs() throws {
        #expect(try inspect("cut-short.jpg").get().decodesPixels)
        let cut = try note("cut-short.jpg")
        #expect(cut?.contains("has damaged data (Premature end of JPEG file)") == true, "\(cut ?? "")")
        switch try inspect("garbage-scan.jpg") {
        case .success(let info): #expect(try info.decodesPixels && note("garbage-scan.jpg")?.contains("damaged") == true)
        case .failure(let problem): #expect("\(problem)".contains("is not a valid JPEG file"))
        }
    }

    @Test func aJPEGOverThePixelBudgetIsDownsampledWhileDecoding() throws {
        // 48 × 32 = 1536 pixels; a budget of 500 takes a 1/2 decode (24 × 16 = 384).
        #expect(try inspect("baseline.jpg", maxPixels: 500).get().decodesPixels)
        #expect(try note("baseline.jpg", maxPixels: 500) == "is 48 × 32 pixels, more than mdpdf embeds (500 pixels); it is embedded at 24 × 16")
        let raster = try codecs.decode(try Fixture.bytes("baseline.jpg"), format: .jpeg, maxPixels: 500).get()
        #expect(raster.width == 24 && raster.height == 16)
        expectQuadrants(raster, tolerance: 24, "downsampled")
        // Past 1/8 there is no smaller decode.
        #expect(try inspect("baseline.jpg", maxPixels: 20) == .failure(.tooManyPixels(width: 48, height: 32, limit: 20)))
    }

    @Test func otherFormatsOverTheBudgetAreRefusedBeforeDecoding() throws {
        #expect(try inspect("animated.gif", maxPixels: 1000) == .failure(.tooManyPixels(width: 48, height: 32, limit: 1000)))
        #expect(try inspect("picture.bmp", maxPixels: 1000) == .failure(.tooManyPixels(width: 48, height: 32, limit: 1000)))
        #expect(try inspect("quad.png", maxPixels: 1000) == .failure(.tooManyPixels(width: 48, height: 32, limit: 1000)))
        // WebP scales while decoding, like JPEG.
        let webp = try note("lossy.webp", maxPixels: 1000)
        #expect(webp?.contains("it is embedded at 38 × 25") == true, "\(webp ?? "")")
    }

    @Test func aJPEGHeaderClaimingGigapixelsNeverDecodes() throws {
        // Start of image and a frame header of 30000 × 30000, nothing else.
        let header: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x75, 0x30, 0x75, 0x30, 0x01, 0x01, 0x11, 0x00, 0xFF, 0xD9]
        let result = ImageFile.inspect(header, path: "x.jpg", maxPixels: 50_000_000, codecs: codecs)
        guard case .failure(.corrupt(.jpeg, let reason, _)) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(reason.contains("missing SOS marker"), "\(reason)")
    }

    @Test func svgSizesComeFromWidthHeightOrViewBox() throws {
        let drawing = try inspect("drawing.svg").get()
        #expect(drawing.format == .svg && !drawing.decodesPixels)
        #expect(drawing.vectorSize == Size(width: Points(180), height: Points(90)))
        #expect(try inspect("viewbox-only.svg").get().vectorSize == Size(width: Points(300), height: Points(75)))
        // 50.8 mm = 2 in = 192 px = 144 pt wide; the viewBox gives the height.
        let mm = try #require(try inspect("width-in-mm.svg").get().vectorSize)
        #expect(abs(mm.width.value - 144) < 0.01 && abs(mm.height.value - 72) < 0.01, "\(mm.width.value) \(mm.height.value)")
        guard case .failure(.corrupt(.svg, _, _)) = try inspect("broken.svg") else {
            Issue.record("a broken SVG is refused")
            return
        }
    }

    @Test(arguments: [
        ([0x00, 0x00, 0x01, 0x00, 0x01, 0x00], "is an ICO icon, which mdpdf does not embed"),
        (Array("%PDF-1.7\n".utf8), "is a PDF document, which mdpdf does not embed"),
        (Array("hello, world".utf8), "is not an image mdpdf can read (PNG, JPEG, GIF, WebP, BMP, TIFF and SVG)"),
    ] as [([UInt8], String)])
    func otherFilesSayWhatTheyAre(_ bytes: [UInt8], _ message: String) {
        guard case .failure(let problem) = ImageFile.inspect(bytes, path: "x", maxPixels: 50_000_000, codecs: codecs) else {
            Issue.record("accepted")
            return
        }
        #expect("\(problem)".hasPrefix(message), "\(problem)")
    }

    @Test func pngAloneNeverLoadsTheDecoderLibrary() throws {
        let fresh = ImageCodecs()
        _ = try ImageFile.inspect(try Fixture.bytes("quad.png"), path: "quad.png", maxPixels: 50_000_000, codecs: fresh).get()
        #expect(!fresh.isLoaded)
        _ = try ImageFile.inspect(try Fixture.bytes("baseline.jpg"), path: "baseline.jpg", maxPixels: 50_000_000, codecs: fresh).get()
        #expect(fresh.isLoaded)
    }

    @Test func aMissingLibraryIsAProblemNotACrash() throws {
        let none = ImageCodecs(libraryPaths: ["/nonexistent/libmdpdf-images.so"])
        guard case .failure(.libraryUnavailable(let why)) = ImageFile.inspect(try Fixture.bytes("baseline.jpg"), path: "b.jpg",
                                                                              maxPixels: 50_000_000, codecs: none) else {
            Issue.record("no library, yet the JPEG was read")
            return
        }
        #expect(why.contains("/nonexistent/libmdpdf-images.so"))
    }
}
