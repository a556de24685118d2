import Foundation
import Testing

/// Inline images read back from the PDF: drawn between their words on the baseline,
/// side by side in a badge row, each link area on its image, and no trace of the object
/// character in the text layer.
@Suite("Inline images") struct InlineImageTests {
    /// A page rendered by `pdftoppm -r 144` (2 px per pt), as RGB.
    struct Raster {
        var width: Int, height: Int, pixels: [UInt8]
        static let scale = 2.0

        init(pdf: URL, page: Int, in dir: URL) throws {
            let r = try tool("pdftoppm", ["-r", "144", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf.path,
                                          dir.child("raster").path])
            guard r.status == 0 else { throw ToolError(description: "pdftoppm failed: \(r.stderrText)") }
            try self.init(ppm: [UInt8](try Data(contentsOf: dir.child("raster.ppm"))))
        }

        /// A binary PPM (P6) as pdftoppm writes it.
        init(ppm d: [UInt8]) throws {
            var fields: [String] = [], i = 0, cur = ""
            while fields.count < 4, i < d.count {
                let c = d[i]; i += 1
                if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                    if !cur.isEmpty { fields.append(cur); cur = "" }
                } else { cur.append(Character(UnicodeScalar(c))) }
            }
            guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]) else {
                throw ToolError(description: "not a P6 PPM: \(fields)")
            }
            width = w; height = h; pixels = Array(d[i..<(i + w * h * 3)])
        }

        /// The box (in points, y down) of the pixels of exactly this color.
        func box(of rgb: [UInt8]) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
            var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
            for y in 0..<height {
                for x in 0..<width {
                    let k = (y * width + x) * 3
                    guard pixels[k] == rgb[0], pixels[k + 1] == rgb[1], pixels[k + 2] == rgb[2] else { continue }
                    x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
                }
            }
            guard x1 >= 0 else { return nil }
            return (Double(x0) / Self.scale, Double(y0) / Self.scale, Double(x1 + 1) / Self.scale, Double(y1 + 1) / Self.scale)
        }
    }

    static let green: [UInt8] = [0, 200, 0], red: [UInt8] = [220, 0, 0], blue: [UInt8] = [0, 0, 220]

    @Test func imagesSitOnTheBaselineBetweenTheirWordsAndBadgesLinkWhereTheyAre() throws {
        try withTempDir { dir in
            try TestPNG.solid(width: 40, height: 20, rgb: Self.green).write(to: dir.child("green.png"))
            try TestPNG.solid(width: 80, height: 20, rgb: Self.red).write(to: dir.child("red.png"))
            try TestPNG.solid(width: 60, height: 20, rgb: Self.blue).write(to: dir.child("blue.png"))
            try dir.child("in.md").write("""
                Leftword ![a green box](green.png) Rightword and more.

                [![red badge](red.png)](https://red.example) [![blue badge](blue.png)](https://blue.example)

                """)
            let r = try mdpdf([dir.child("in.md").path, "-o", dir.child("in.pdf").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(!r.stderrText.contains("warning"), "\(r.stderrText)")
            let pdf = dir.child("in.pdf")
            let check = try qpdfCheck(pdf)
            #expect(check.ok, "\(check.output)")

            // Text: the words in order, the object character and the alt text nowhere.
            let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(words.contains("Leftword Rightword and more."), "\(text)")
            #expect(!text.unicodeScalars.contains("\u{FFFC}"))
            #expect(!text.contains("green box") && !text.contains("badge"))

            // Three placements, each image embedded once.
            let list = try tool("pdfimages", ["-list", pdf.path]).stdoutText
            let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ", omittingEmptySubsequences: true) }
            #expect(rows.filter { $0.count > 2 && $0[2] == "image" }.count == 3, "\(list)")
            #expect(Set(rows.compactMap { $0.count > 10 ? $0[10] : nil }).count == 3, "\(list)")

            // The green box: 30 × 15 pt between the two words, its bottom on their baseline
            // (the words' boxes reach below the baseline by the font's descent).
            let raster = try Raster(pdf: pdf, page: 1, in: dir)
            let box = try #require(raster.box(of: Self.green))
            let pdfWordList = try pdfWords(pdf).words
            let left = try #require(pdfWordList.first { $0.text == "Leftword" })
            let right = try #require(pdfWordList.first { $0.text == "Rightword" })
            #expect(abs(box.maxX - box.minX - 30) <= 0.5 && abs(box.maxY - box.minY - 15) <= 0.5, "\(box)")
            #expect(box.minX > left.xMax && box.maxX < right.xMin, "\(box) between \(left) and \(right)")
            let size = left.yMax - left.yMin
            let descent = left.yMax - box.maxY
            #expect(descent > size * 0.1 && descent < size * 0.4, "image bottom \(box.maxY), word box \(left.yMin)…\(left.yMax)")
            #expect(box.minY < left.yMin, "a 15 pt box rises above 10.5 pt text")

            // The badges: side by side on one line, each link area exactly its image.
            let redBox = try #require(raster.box(of: Self.red))
            let blueBox = try #require(raster.box(of: Self.blue))
            #expect(abs(redBox.maxY - blueBox.maxY) <= 0.5 && blueBox.minX > redBox.maxX)
            #expect(redBox.minY > box.maxY)
            let pageHeight = try #require(pdfWords(pdf).pages.first).height
            let objects = try PDFObjects(pdf: pdf)
            let links = objects.links
            try #require(links.count == 2)
            for (uri, b) in [("https://red.example", redBox), ("https://blue.example", blueBox)] {
                let link = try #require(links.first { $0.uri == uri })
                let expected = [b.minX, pageHeight - b.maxY, b.maxX, pageHeight - b.minY]
                #expect(zip(link.rect, expected).allSatisfy { abs($0 - $1) <= 0.6 }, "\(uri): \(link.rect) vs \(expected)")
            }

            // Tagged: each image a Figure with its alt text, inside its paragraph (and its
            // Link, which holds the annotation), holding the image's content; the
            // paragraph's own words are in Spans beside them.
            let tree = try #require(objects.structureTree())
            #expect(tree.flatMap { $0.outline() }.joined(separator: "\n") == """
                Document
                  P
                    Span
                    Figure alt="a green box"
                    Span
                  P
                    Link
                      Figure alt="red badge"
                    Span
                    Link
                      Figure alt="blue badge"
                """)
            let figures = tree.flatMap { $0.all() }.filter { $0.role == "Figure" }
            #expect(figures.count == 3 && figures.allSatisfy { !$0.contents.isEmpty })
            #expect(tree.flatMap { $0.all() }.filter { $0.role == "Link" }.allSatisfy { $0.annotations.count == 1 })
        }
    }

    @Test func aDocumentWithInlineImagesIsByteIdenticalWhenRerun() throws {
        try withTempDir { dir in
            try TestPNG.solid(width: 30, height: 30, rgb: Self.red).write(to: dir.child("a.png"))
            try dir.child("in.md").write("Some ![a](a.png) text and ![a](a.png) again.\n")
            let env = ["SOURCE_DATE_EPOCH": "1700000000"]
            _ = try mdpdf([dir.child("in.md").path, "-o", dir.child("1.pdf").path], environment: env)
            _ = try mdpdf([dir.child("in.md").path, "-o", dir.child("2.pdf").path], environment: env)
            let one = try Data(contentsOf: dir.child("1.pdf")), two = try Data(contentsOf: dir.child("2.pdf"))
            #expect(!one.isEmpty && one == two)
        }
    }
}
