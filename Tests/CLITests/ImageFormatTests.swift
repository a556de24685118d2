import Foundation
import Testing

extension InlineImageTests.Raster {
    /// The color at (x, y) points from the page's top left.
    func rgb(atPoints x: Double, _ y: Double) -> (Int, Int, Int) {
        let px = Int(x * Self.scale), py = Int(y * Self.scale)
        let k = (py * width + px) * 3
        return (Int(pixels[k]), Int(pixels[k + 1]), Int(pixels[k + 2]))
    }
}

/// Every image format and variant read back from the PDF: pixels in their colors and
/// upright, JPEG data embedded as it is, SVG as vectors, and a placeholder (never bare
/// text) with a warning at its line and column for whatever cannot be shown.
@Suite("Image formats") struct ImageFormatTests {
    static let fixtures = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/images")

    /// `pdfimages -list` rows: (width, height, color, encoding).
    func embedded(_ pdf: URL) throws -> [(width: Int, height: Int, color: String, encoding: String)] {
        let r = try tool("pdfimages", ["-list", pdf.path])
        guard r.status == 0 else { throw ToolError(description: "pdfimages failed: \(r.stderrText)") }
        return r.stdoutText.split(separator: "\n").dropFirst(2).compactMap { line in
            let c = line.split(separator: " ", omittingEmptySubsequences: true)
            guard c.count > 8, c[2] == "image", let w = Int(c[3]), let h = Int(c[4]) else { return nil }
            return (w, h, String(c[5]), String(c[8]))
        }
    }

    func expectValid(_ pdf: URL) throws {
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "\(pdf.lastPathComponent): \(q.output)")
    }

    /// The top left of the body in the default theme (A4, margins 20 mm left, 22 mm
    /// top): where a document's first block image starts.
    static let bodyOrigin = (x: 20 / 25.4 * 72, y: 22 / 25.4 * 72)

    static let quadrants: [(dx: Double, dy: Double, color: (Int, Int, Int), name: String)] = [
        (9, 6, (220, 30, 30), "red"), (27, 6, (30, 160, 40), "green"),
        (9, 18, (30, 60, 220), "blue"), (27, 18, (250, 210, 20), "yellow"),
    ]

    /// Each fixture alone in a document (one run of mdpdf converts them all): its four
    /// quadrants in their colors, where an upright picture has them; 36 × 24 pt
    /// (48 × 32 px) whatever the file stores.
    @Test func everyFormatShowsItsPictureInItsColorsAndUpright() throws {
        let names = ["quad.png", "rgb16.png", "interlaced.png", "palette-transparent.png", "baseline.jpg", "progressive.jpg",
                     "cmyk-adobe.jpg", "cmyk-plain.jpg", "animated.gif", "lossy.webp", "lossless.webp", "animated.webp",
                     "picture.bmp", "picture.tiff"] + (1...8).map { "exif-\($0).jpg" }
        try withTempDir { dir in
            var inputs: [String] = []
            for name in names {
                try FileManager.default.copyItem(at: Self.fixtures.child(name), to: dir.child(name))
                let md = dir.child(name + ".md")
                try md.write("![\(name)](\(name))\n")
                inputs.append(md.path)
            }
            let r = try mdpdf(inputs, environment: ["SOURCE_DATE_EPOCH": "1700000000"])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            for name in names {
                let pdf = dir.child(name + ".pdf")
                try expectValid(pdf)
                let page = try InlineImageTests.Raster(pdf: pdf, page: 1, in: dir)
                // CMYK goes through poppler's CMYK → RGB (blue comes out 60, 76, 152); an
                // inverted one would be a negative (red as 35, 225, 225). The rest is near exact.
                let tolerance = name.hasPrefix("cmyk") ? 80 : 30
                for q in Self.quadrants {
                    // The palette PNG's yellow is transparent: the page shows through.
                    let want = name == "palette-transparent.png" && q.name == "yellow" ? (255, 255, 255) : q.color
                    let got = page.rgb(atPoints: Self.bodyOrigin.x + q.dx, Self.bodyOrigin.y + q.dy)
                    #expect(abs(got.0 - want.0) <= tolerance && abs(got.1 - want.1) <= tolerance && abs(got.2 - want.2) <= tolerance,
                            "\(name): \(q.name) quadrant is \(got)")
                }
                // Just right of and below the picture: the page.
                #expect(page.rgb(atPoints: Self.bodyOrigin.x + 37.5, Self.bodyOrigin.y + 6) == (255, 255, 255), "\(name) is 36 pt wide")
                #expect(page.rgb(atPoints: Self.bodyOrigin.x + 9, Self.bodyOrigin.y + 25.5) == (255, 255, 255), "\(name) is 24 pt tall")
            }
        }
    }

    /// JPEG data goes into the PDF as it is (DCTDecode, the file's own bytes), whatever
    /// its orientation; PNG, GIF, WebP, BMP and TIFF are decoded (Flate).
    @Test func jpegDataIsEmbeddedAsItIs() throws {
        try withTempDir { dir in
            for name in ["exif-6.jpg", "cmyk-adobe.jpg", "progressive.jpg", "animated.gif", "lossy.webp"] {
                try FileManager.default.copyItem(at: Self.fixtures.child(name), to: dir.child(name))
            }
            try dir.child("a.md").write("![](exif-6.jpg) ![](cmyk-adobe.jpg) ![](progressive.jpg) ![](animated.gif) ![](lossy.webp)\n")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            let images = try embedded(dir.child("a.pdf"))
            try #require(images.count == 5, "\(images)")
            #expect(images[0].width == 32 && images[0].height == 48 && images[0].encoding == "jpeg", "stored sideways, shown turned")
            #expect(images[1].color == "cmyk" && images[1].encoding == "jpeg")
            #expect(images[2].encoding == "jpeg")
            #expect(images[3].encoding == "image" && images[4].encoding == "image")
            // The DCT streams are the files' bytes.
            let pdfBytes = try Data(contentsOf: dir.child("a.pdf"))
            for name in ["exif-6.jpg", "cmyk-adobe.jpg", "progressive.jpg"] {
                #expect(pdfBytes.range(of: try Data(contentsOf: dir.child(name))) != nil, "\(name) embedded unchanged")
            }
            try expectValid(dir.child("a.pdf"))
        }
    }

    /// SVG is drawn as vectors: no image in the PDF, its text is text (in an embedded
    /// font), and the figure is where its colors are.
    @Test func svgIsDrawnAsVectorsWithItsTextAsText() throws {
        try withTempDir { dir in
            try FileManager.default.copyItem(at: Self.fixtures.child("drawing.svg"), to: dir.child("drawing.svg"))
            try dir.child("a.md").write("![A drawing](drawing.svg)\n")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            let pdf = dir.child("a.pdf")
            #expect(try embedded(pdf).isEmpty, "no image XObject: vectors")
            #expect(try tool("pdftotext", [pdf.path, "-"]).stdoutText.contains("Vector text"))
            let fonts = try pdffonts(pdf)
            #expect(fonts.contains { $0.name.contains("DejaVuSans") } && fonts.allSatisfy(\.embedded), "\(fonts.map(\.line))")
            // 240 × 120 px = 180 × 90 pt: the red circle (centre 50, 60 px) and the frame's fill.
            let page = try InlineImageTests.Raster(pdf: pdf, page: 1, in: dir)
            let circle = page.rgb(atPoints: Self.bodyOrigin.x + 37.5, Self.bodyOrigin.y + 45)
            #expect(circle.0 > 180 && circle.1 < 80 && circle.2 < 80, "\(circle)")
            #expect(page.rgb(atPoints: Self.bodyOrigin.x + 170, Self.bodyOrigin.y + 20) == (219, 233, 255))
            #expect(page.rgb(atPoints: Self.bodyOrigin.x + 185, Self.bodyOrigin.y + 45) == (255, 255, 255), "180 pt wide")
            // The content stream draws paths (re, c, l … f/S), not an image.
            let content = try tool("qpdf", ["--qdf", "--object-streams=disable", pdf.path, dir.child("qdf.pdf").path])
            #expect(content.status == 0)
            let qdf = String(decoding: try Data(contentsOf: dir.child("qdf.pdf")), as: UTF8.self)
            #expect(qdf.contains(" c\n") || qdf.contains(" c ") , "curves for the circle")
            try expectValid(pdf)
        }
    }

    /// The Rust book's chapter 4 figures (graphviz SVGs with Times text), written as
    /// Markdown images in an mdBook-like page: all seven as vectors, their labels as
    /// text in Times' metric stand-in, each a Figure with its alt text.
    @Test func theRustBookFiguresAreVectors() throws {
        let img = Paths.corpus.appendingPathComponent("rust-book/img")
        let svgs = (1...7).map { String(format: "trpl04-%02d.svg", $0) }
        guard svgs.allSatisfy({ FileManager.default.fileExists(atPath: img.child($0).path) }) else {
            Issue.record("the corpus has no rust-book/img/trpl04-*.svg")
            return
        }
        try withTempDir { dir in
            try FileManager.default.createSymbolicLink(at: dir.child("img"), withDestinationURL: img)
            let md = svgs.enumerated().map { "Figure 4-\($0.offset + 1):\n\n![Figure 4-\($0.offset + 1)](img/\($0.element))\n" }
                .joined(separator: "\n")
            try dir.child("ch04.md").write("# Understanding Ownership\n\n" + md)
            let r = try mdpdf(["--allow-read", img.path, dir.child("ch04.md").path])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            let pdf = dir.child("ch04.pdf")
            #expect(try embedded(pdf).isEmpty)
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            for label in ["capacity", "index", "value", "ptr"] { #expect(text.contains(label), "\(label)") }
            #expect(try pdffonts(pdf).contains { $0.name.contains("LiberationSerif") })
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            let figures = tree.flatMap { $0.all() }.filter { $0.role == "Figure" }
            #expect(figures.map(\.alt) == (1...7).map { "Figure 4-\($0)" })
            #expect(figures.allSatisfy { !$0.contents.isEmpty }, "each Figure holds its drawing")
            try expectValid(pdf)
        }
    }
}
