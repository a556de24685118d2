import Foundation
import Testing

/// Colour emoji read back from the PDF (issue #9): in the text layer as the code points
/// written, for poppler and MuPDF alike, where the picture is; drawn from the font's
/// full-size pictures (Noto Color Emoji's 136 × 128 px strike), each picture once in the
/// file however often it is shown; in headings, links, tables, footnotes and the outline.
@Suite("Colour emoji") struct EmojiTests {
    static let paragraph = "Thumbs 👍🏽 up, family 👨‍👩‍👧, France 🇫🇷, keycap 1️⃣, smile 😀 here."
    static let markdown = """
        # Release 🎉 notes

        \(paragraph)

        | emoji | name |
        |---|---|
        | 🚀 | rocket |

        See [the party 🎉](https://example.com) and a note[^n]. Again 😀 and 👍🏽.

        [^n]: A footnote with 🐱 inside.

        """
    /// The distinct emoji of `markdown`: one picture each.
    static let distinct = ["🎉", "👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣", "😀", "🚀", "🐱"]

    func convert(_ body: (URL, URL) throws -> Void) throws {
        try withTempDir { dir in
            try dir.child("doc.md").write(Self.markdown)
            let r = try mdpdf([dir.child("doc.md").path], environment: ["SOURCE_DATE_EPOCH": "0"])
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("doc.pdf")
            let check = try qpdfCheck(pdf)
            #expect(check.ok, "\(check.output)")
            try body(pdf, dir)
        }
    }

    @Test func sequencesComeBackFromTheTextLayerForPopplerAndMuPDF() throws {
        try convert { pdf, _ in
            let poppler = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            let raw = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            let mupdf = try PyMuPDF.lines(pdf).map(\.text)
            for (reader, text) in [("pdftotext", poppler), ("pdftotext -raw", raw), ("PyMuPDF", mupdf.joined(separator: "\n"))] {
                for line in [Self.paragraph, "Release 🎉 notes", "See the party 🎉 and a note", "Again 😀 and 👍🏽.",
                             "A footnote with 🐱 inside."] {
                    #expect(text.contains(line), "\(reader) lacks \(line): \(text)")
                }
                #expect(text.contains("🚀"), "\(reader): \(text)")
            }
            // The emoji's own line, in order: every sequence whole, nothing in between.
            #expect(mupdf.contains(Self.paragraph), "\(mupdf)")
            let outline = try PDFObjects(pdf: pdf).outlines.compactMap { $0["title"] as? String }
            #expect(outline == ["Release 🎉 notes"])
        }
    }

    /// Each emoji's word box is where its picture is: between its neighbours on the
    /// line, as tall as the text, and at 600 dpi that box is covered by colour.
    @Test func anEmojisTextBoxIsItsPictureAndSharpAt600dpi() throws {
        try convert { pdf, dir in
            let words = try pdfWords(pdf, raw: false).words
            for (before, emoji, after) in [("Thumbs", "👍🏽", "up,"), ("family", "👨‍👩‍👧,", "France"), ("smile", "😀", "here.")] {
                guard let b = words.first(where: { $0.text == before }), let e = words.first(where: { $0.text == emoji }),
                      let a = words.first(where: { $0.text == after }) else {
                    Issue.record("no words \(before) \(emoji) \(after) in \(words.map(\.text))"); continue
                }
                #expect(e.xMin > b.xMax && e.xMax < a.xMin, "\(describe(e)) between \(describe(b)) and \(describe(a))")
                #expect(abs(e.yMin - b.yMin) < 2 && abs(e.yMax - b.yMax) < 2, "\(describe(e)) beside \(describe(b))")
            }
            guard let thumbs = words.first(where: { $0.text == "👍🏽" }) else { return }
            // The picture's box: from the word's left edge, one emoji wide (1.25 em of
            // the 10.5 pt text), over the line. 600 dpi is 25/3 px per point.
            let scale = 600.0 / 72
            let crop = ["-x", "\(Int(thumbs.xMin * scale))", "-y", "\(Int(thumbs.yMin * scale))",
                        "-W", "\(Int((thumbs.xMax - thumbs.xMin) * scale))", "-H", "\(Int((thumbs.yMax - thumbs.yMin) * scale))"]
            let r = try tool("pdftoppm", ["-r", "600", "-f", "1", "-l", "1", "-singlefile"] + crop + [pdf.path, dir.child("crop").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let raster = try InlineImageTests.Raster(ppm: [UInt8](try Data(contentsOf: dir.child("crop.ppm"))))
            var coloured = 0, edges = 0
            for y in 0..<raster.height {
                for x in 0..<raster.width {
                    let k = (y * raster.width + x) * 3
                    let rgb = (0..<3).map { Int(raster.pixels[k + $0]) }
                    if rgb.max()! - rgb.min()! > 40 { coloured += 1 }
                    guard x + 1 < raster.width else { continue }
                    if (0..<3).contains(where: { abs(Int(raster.pixels[k + 3 + $0]) - rgb[$0]) > 64 }) { edges += 1 }
                }
            }
            let total = raster.width * raster.height
            // A thumb with a medium skin tone: much of its box is skin. Its outline is
            // sharp: neighbouring pixels that differ by a quarter of the scale (a 14 × 13
            // px bitmap blown up to 109 × 114 px changes gradually: none).
            #expect(Double(coloured) > 0.3 * Double(total), "\(coloured) of \(total) pixels in colour")
            #expect(edges > 100, "\(edges) sharp steps between neighbouring pixels")
        }
    }

    @Test func picturesAreFullSizeAndEmbeddedOncePerEmoji() throws {
        try convert { pdf, dir in
            let list = try tool("pdfimages", ["-list", pdf.path]).stdoutText
            // page num type width height color comp bpc enc interp object ID …
            let rows = list.split(separator: "\n").dropFirst(2).map { $0.split(separator: " ") }.filter { $0[2] == "image" }
            #expect(!rows.isEmpty)
            for row in rows { #expect(Int(row[3])! >= 109 && Int(row[4])! >= 109, "\(row.joined(separator: " "))") }
            let objects = Set(rows.map { $0[10] })
            #expect(objects.count == Self.distinct.count, "\(list)")
            // 😀 and 👍🏽 twice, 🎉 in the heading and in the body: painted more often than stored.
            #expect(rows.count == Self.distinct.count + 3, "\(list)")
            // The same input, the same bytes.
            let first = try Data(contentsOf: pdf)
            let r = try mdpdf([dir.child("doc.md").path, "-o", dir.child("again.pdf").path], environment: ["SOURCE_DATE_EPOCH": "0"])
            #expect(r.status == 0)
            #expect(try Data(contentsOf: dir.child("again.pdf")) == first)
        }
    }
}
