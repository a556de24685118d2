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

    /// A file of the shared corpus; nil, with an issue recorded, when it is not there.
    static func corpusFile(_ path: String) -> URL? {
        let url = Paths.corpus.appendingPathComponent(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("the corpus has no \(path)")
            return nil
        }
        return url
    }

    /// `a.pdf` converted in `dir` from `markdown` (as `a.md`) beside copies of the named
    /// fixture files, expected to succeed without a warning.
    func convertedCleanly(_ markdown: String, fixtures: [String], in dir: URL) throws -> URL {
        for name in fixtures {
            try FileManager.default.copyItem(at: Self.fixtures.child(name), to: dir.child(name))
        }
        try dir.child("a.md").write(markdown)
        let r = try mdpdf([dir.child("a.md").path])
        #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
        return dir.child("a.pdf")
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
        let names = ["quad.png", "rgb16.png", "interlaced.png", "palette-transparent.png", "palette.png", "palette8.png",
                     "rgba-opaque.png", "baseline.jpg", "progressive.jpg",
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
            let pdf = try convertedCleanly("![](exif-6.jpg) ![](cmyk-adobe.jpg) ![](progressive.jpg) ![](animated.gif) ![](lossy.webp)\n",
                                           fixtures: ["exif-6.jpg", "cmyk-adobe.jpg", "progressive.jpg", "animated.gif", "lossy.webp"],
                                           in: dir)
            let images = try embedded(pdf)
            try #require(images.count == 5, "\(images)")
            #expect(images[0].width == 32 && images[0].height == 48 && images[0].encoding == "jpeg", "stored sideways, shown turned")
            #expect(images[1].color == "cmyk" && images[1].encoding == "jpeg")
            #expect(images[2].encoding == "jpeg")
            #expect(images[3].encoding == "image" && images[4].encoding == "image")
            // The DCT streams are the files' bytes.
            let pdfBytes = try Data(contentsOf: pdf)
            for name in ["exif-6.jpg", "cmyk-adobe.jpg", "progressive.jpg"] {
                #expect(pdfBytes.range(of: try Data(contentsOf: dir.child(name))) != nil, "\(name) embedded unchanged")
            }
            try expectValid(pdf)
        }
    }

    /// SVG is drawn as vectors: no image in the PDF, its text is text (in an embedded
    /// font), and the figure is where its colors are.
    @Test func svgIsDrawnAsVectorsWithItsTextAsText() throws {
        try withTempDir { dir in
            let pdf = try convertedCleanly("![A drawing](drawing.svg)\n", fixtures: ["drawing.svg"], in: dir)
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

    /// An SVG is drawn by the image plug-in's own cairo into a page the size of its box,
    /// which becomes a form XObject mapped onto the image's unit square: the same SVG at
    /// the same size twice is one form, at another size another, and each form's box is
    /// the image's size in points (240 × 120 px: 180 × 90 pt; 120 px wide: 90 × 45 pt).
    @Test func anSVGIsOneFormForEachSizeItIsShownAt() throws {
        try withTempDir { dir in
            let pdf = try convertedCleanly("![A](drawing.svg)\n\n![B](drawing.svg)\n\n<img src=\"drawing.svg\" alt=\"C\" width=\"120\">\n",
                                           fixtures: ["drawing.svg"], in: dir)
            let objects = try PDFObjects(pdf: pdf)
            var boxes: [[Double]] = []
            for value in objects.objects.values {
                guard let stream = (value as? [String: Any])?["stream"] as? [String: Any],
                      let dict = stream["dict"] as? [String: Any], dict["/Subtype"] as? String == "/Form",
                      let box = (dict["/BBox"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), box.count == 4,
                      let matrix = (dict["/Matrix"] as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), matrix.count == 6,
                      abs(matrix[0] * (box[2] - box[0]) - 1) < 1e-6, abs(matrix[3] * (box[3] - box[1]) - 1) < 1e-6
                else { continue }
                // The drawing's page starts at the origin: the form only scales it.
                #expect(matrix[1] == 0 && matrix[2] == 0 && matrix[4] == 0 && matrix[5] == 0, "\(matrix)")
                boxes.append([box[2] - box[0], box[3] - box[1]].map { ($0 * 100).rounded() / 100 })
            }
            #expect(boxes.sorted { $0[0] < $1[0] } == [[90, 45], [180, 90]], "\(boxes)")
            #expect(try embedded(pdf).isEmpty, "no image XObject left: the stand-ins were all replaced")
            #expect(try tool("pdftotext", [pdf.path, "-"]).stdoutText.components(separatedBy: "Vector text").count == 4)
            try expectValid(pdf)
        }
    }

    /// A link in an SVG (`<a>`, which librsvg makes a link of the drawing's page) stays
    /// clickable: one link annotation to its address, over the image's box on the page
    /// (200 × 50 px drawn at 150 × 37.5 pt), on each page it is shown on; a `javascript:`
    /// one is dropped.
    @Test func linksInsideAnSVGStayClickable() throws {
        try withTempDir { dir in
            try dir.child("link.svg").write("""
                <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="50">\
                <a xlink:href="https://example.com/svg"><rect width="200" height="50" fill="#39f"/>\
                <text x="10" y="30">Link</text></a>\
                <a xlink:href="javascript:alert(1)"><text x="120" y="30">Script</text></a></svg>
                """)
            try dir.child("a.md").write("![A](link.svg)\n\n\\newpage\n\n![B](link.svg)\n")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0 && r.stderrText.isEmpty, "\(r.stderrText)")
            let pdf = dir.child("a.pdf")
            let all = try PDFObjects(pdf: pdf).links
            // A scheme a document's own link may not have is not clickable in an SVG either.
            #expect(!all.contains { $0.uri?.hasPrefix("javascript") == true }, "\(all.compactMap(\.uri))")
            let links = all.filter { $0.uri == "https://example.com/svg" }
            #expect(links.map(\.page) == [0, 1], "\(links.map(\.page))")
            for link in links {
                let (w, h) = (link.rect[2] - link.rect[0], link.rect[3] - link.rect[1])
                // cairo rounds a link's area out to whole points within the drawing's page.
                #expect(abs(w - 150) < 1 && abs(h - 37.5) < 1, "\(link.rect)")
                // Over the image, whose top is the body's top.
                #expect(abs(link.rect[0] - Self.bodyOrigin.x) < 1, "\(link.rect)")
            }
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

    /// The corpus chapter itself: its seven `<img src="img/trpl04-0N.svg">` figures, raw
    /// HTML, are drawn as vectors (no image in the PDF), each a Figure with its alt text.
    @Test func rustBookChapter4ShowsItsSevenFiguresAsVectors() throws {
        guard let chapter = Self.corpusFile("rust-book/chapter04.md") else { return }
        try withTempDir { dir in
            let pdf = dir.child("ch04.pdf")
            let r = try mdpdf([chapter.path, "-o", pdf.path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(!r.stderrText.contains("image '"), "\(r.stderrText)")
            #expect(try embedded(pdf).isEmpty)
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            let figures = tree.flatMap { $0.all() }.filter { $0.role == "Figure" }
            #expect(figures.count == 7 && figures.allSatisfy { ($0.alt ?? "").hasPrefix("Two tables") || ($0.alt ?? "").count > 40 },
                    "\(figures.map { $0.alt ?? "" })")
            #expect(try pdffonts(pdf).contains { $0.name.contains("LiberationSerif") }, "the figures' Times labels")
        }
    }

    // MARK: What cannot be shown

    /// Missing, remote, unsupported and unreadable images: a framed, tinted box with the
    /// alt text and the file name (never a bare word that reads like body text), and a
    /// warning naming the file, line and column. Nothing is fetched.
    @Test func imagesThatCannotBeShownGetAFramedPlaceholderAndAWarning() throws {
        try withTempDir { dir in
            try Data([0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x10, 0x10]).write(to: dir.child("icon.ico"))
            try FileManager.default.copyItem(at: Self.fixtures.child("broken.svg"), to: dir.child("broken.svg"))
            try dir.child("a.md").write("""
                # Placeholders

                ![A diagram of the heap](img/missing.png)

                Badges: ![build status](https://ci.example.com/badge.svg?branch=main) and ![](icon.ico) here.

                ![a broken drawing](broken.svg)

                ![the process memory](/proc/self/mem)

                """)
            let r = try mdpdf(["--allow-read", "/proc", dir.child("a.md").path], timeout: 60)
            #expect(r.status == 0 && !r.crashed, "\(r.stderrText)")
            let file = dir.child("a.md").path
            for expected in [
                "\(file):3:1: warning: image 'img/missing.png' does not exist; a placeholder with its alt text is printed",
                "\(file):5:9: warning: image 'https://ci.example.com/badge.svg?branch=main' is remote and is not fetched",
                "\(file):5:75: warning: image 'icon.ico' is an ICO icon, which mdpdf does not embed",
                "\(file):7:1: warning: image 'broken.svg' is not a valid SVG file: XML parse error",
                "\(file):9:1: warning: image '/proc/self/mem' cannot be read (Input/output error)",
            ] {
                #expect(r.stderrText.contains(expected), "missing: \(expected)\nin: \(r.stderrText)")
            }
            let pdf = dir.child("a.pdf")
            #expect(try embedded(pdf).isEmpty)
            // Alt texts and file names are printed inside the boxes; an image without alt
            // text says "image".
            let words = try pdfWords(pdf).words
            let text = words.map(\.text).joined(separator: " ")
            for piece in ["A diagram of the heap missing.png", "build status badge.svg", "image icon.ico",
                          "a broken drawing broken.svg", "the process memory mem"] {
                #expect(text.contains(piece), "\(piece) in \(text)")
            }
            // The box is tinted (theme image.placeholder.background, #f6f8fa) around the
            // alt text, and framed.
            let page = try InlineImageTests.Raster(pdf: pdf, page: 1, in: dir)
            let alt = try #require(words.first { $0.text == "heap" })
            #expect(page.rgb(atPoints: alt.xMax + 2, (alt.yMin + alt.yMax) / 2) == (0xF6, 0xF8, 0xFA))
            let tree = try #require(try PDFObjects(pdf: pdf).structureTree())
            let figures = tree.flatMap { $0.all() }.filter { $0.role == "Figure" }
            #expect(figures.map(\.alt) == ["A diagram of the heap", "build status", nil, "a broken drawing", "the process memory"],
                    "\(figures.map(\.alt))")
            try expectValid(pdf)
        }
    }

    /// A JPEG damaged after its header used to go into the PDF as it was, and the PDF
    /// failed `qpdf --check` (its DCT stream does not decode). Its data is decoded before
    /// embedding: what decodes is shown, as pixels, with a warning.
    @Test(arguments: ["cut-short.jpg", "garbage-scan.jpg"])
    func aDamagedJPEGNeverMakesADamagedPDF(_ name: String) throws {
        try withTempDir { dir in
            try FileManager.default.copyItem(at: Self.fixtures.child(name), to: dir.child(name))
            try dir.child("a.md").write("Before.\n\n![photo](\(name))\n")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0 && !r.crashed, "\(r.stderrText)")
            #expect(r.stderrText.contains("a.md:3:1: warning: image '\(name)'"), "\(r.stderrText)")
            let images = try embedded(dir.child("a.pdf"))
            #expect(images.allSatisfy { $0.encoding != "jpeg" }, "\(images)")
            try expectValid(dir.child("a.pdf"))
        }
    }

    /// A real 30000 × 30000 JPEG (3.5 MB of grey): it used to reach cairo at full size
    /// (3.6 GB) and crash under a memory limit. It is decoded at 1/8 (3750 × 3750, under
    /// the 50-megapixel budget) within 1 GB of address space, with a warning; a smaller
    /// budget (`--max-image-pixels`) decodes it smaller still or gives the placeholder.
    @Test func aGigapixelJPEGIsDecodedSmallerWithinAMemoryLimit() throws {
        try withTempDir { dir in
            try Data(ImageBytes.greyJPEG(width: 30_000, height: 30_000)).write(to: dir.child("huge.jpg"))
            try dir.child("a.md").write("![huge](huge.jpg)\n")
            let r = try run("/usr/bin/prlimit", ["--as=1000000000", "--", Paths.binary, dir.child("a.md").path], timeout: 120)
            #expect(r.status == 0 && !r.crashed, "\(r.status) \(r.stderrText)")
            #expect(r.stderrText.contains("a.md:1:1: warning: image 'huge.jpg' is 30000 × 30000 pixels, more than mdpdf embeds (50 megapixels); it is embedded at 3750 × 3750"),
                    "\(r.stderrText)")
            let images = try embedded(dir.child("a.pdf"))
            #expect(images.count == 1 && images[0].width == 3750 && images[0].height == 3750, "\(images)")
            try expectValid(dir.child("a.pdf"))

            let small = try mdpdf(["--max-image-pixels", "1000000", dir.child("a.md").path, "-o", dir.child("b.pdf").path])
            #expect(small.status == 0 && small.stderrText.contains("it is embedded at 938 × 938") == false)
            #expect(small.stderrText.contains("more than mdpdf embeds (1 megapixels"), "\(small.stderrText)")
            #expect(try embedded(dir.child("b.pdf")).isEmpty, "past 1/8 it is a placeholder")
        }
    }

    /// The vscode-markdown-pdf README shows its three GIF screencasts (first frame) and
    /// two PNGs, with no image warning.
    @Test func theVSCodeReadmeShowsItsGIFs() throws {
        guard let readme = Self.corpusFile("vscode-markdown-pdf/README.md") else { return }
        try withTempDir { dir in
            let r = try mdpdf([readme.path, "-o", dir.child("readme.pdf").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(!r.stderrText.contains("image '"), "\(r.stderrText)")
            let sizes = try embedded(dir.child("readme.pdf")).map { "\($0.width)x\($0.height)" }
            for gif in ["697x419", "837x534"] { #expect(sizes.contains(gif), "\(gif) in \(sizes)") }
            #expect(sizes.filter { $0 == "697x419" }.count == 2, "usage1.gif and usage2.gif")
            try expectValid(dir.child("readme.pdf"))
        }
    }

    /// A JPEG is embedded as it is, so its bytes land in the PDF's body: a comment that
    /// spells `endstream` and an object header must not be taken for the PDF's own
    /// (the post-processing pass finds objects through cairo's table, checked).
    @Test func jpegDataThatLooksLikePDFSyntaxIsEmbeddedAsItIs() throws {
        try withTempDir { dir in
            var jpeg = [UInt8](try Data(contentsOf: Self.fixtures.appendingPathComponent("baseline.jpg")))
            let comment = Array("hello\nendstream\nendobj\n3 0 obj\n<< /Type /Catalog >>\nendobj\n1 0 obj\n(x)\nendobj\n".utf8)
            let length = comment.count + 2
            jpeg.insert(contentsOf: [0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + comment, at: 2)
            try Data(jpeg).write(to: dir.child("odd.jpg"))
            try dir.child("a.md").write("# Odd\n\n![odd](odd.jpg)\n\nAfter the image.\n")
            let r = try mdpdf([dir.child("a.md").path, "-o", dir.child("a.pdf").path])
            #expect(r.status == 0, "\(r.stderrText)")
            try expectValid(dir.child("a.pdf"))
            let images = try embedded(dir.child("a.pdf"))
            #expect(images.count == 1 && images.first?.encoding == "jpeg", "\(images)")
            // The image's data is the file's, byte for byte.
            let shown = try tool("qpdf", ["--show-object=\(try Self.imageObject(dir.child("a.pdf")))", "--raw-stream-data", dir.child("a.pdf").path])
            #expect([UInt8](shown.stdout) == jpeg)
            #expect(try pdfWords(dir.child("a.pdf")).words.map(\.text).contains("After"))
        }
    }

    /// The object number of the PDF's one image.
    static func imageObject(_ pdf: URL) throws -> Int {
        let r = try tool("pdfimages", ["-list", pdf.path])
        let row = r.stdoutText.split(separator: "\n").dropFirst(2).first.map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        return row.flatMap { $0.count > 10 ? Int($0[10]) : nil } ?? 0
    }
}
