import CZlib
import Foundation
import MDCore
import MDMarkdown
import MDPage
import MDStyle
import MDTheme
import Testing
@testable import MDLayout

/// Inline images through parse → style → layout: an image inside a paragraph is an
/// inline object standing on the baseline, sizing its line, breaking like a word.
@Suite struct InlineImageLayoutTests {
    /// A folder holding grey PNG files of the given pixel sizes: complete files, as the
    /// style stage checks that an image's data decodes (`ImageProbe`).
    final class Images {
        let dir: URL
        init(_ sizes: [String: (Int, Int)]) throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-inline-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for (name, (w, h)) in sizes {
                try Data(Self.png(width: w, height: h)).write(to: dir.appendingPathComponent(name))
            }
        }

        /// An 8-bit grey PNG, compressed with zlib.
        static func png(width: Int, height: Int) -> [UInt8] {
            let raw = [UInt8](repeating: 0x80, count: (width + 1) * height).enumerated().map { $0.offset % (width + 1) == 0 ? 0 : $0.element }
            var packed = [UInt8](repeating: 0, count: Int(compressBound(UInt(raw.count))))
            var length = UInt(packed.count)
            _ = compress(&packed, &length, raw, UInt(raw.count))
            func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
                let body = Array(type.utf8) + data
                return be32(data.count) + body + be32(Int(crc32(0, body, UInt32(body.count))))
            }
            return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(width) + be32(height) + [8, 0, 0, 0, 0])
                + chunk("IDAT", Array(packed[..<Int(length)])) + chunk("IEND", [])
        }
        deinit { try? FileManager.default.removeItem(at: dir) }
    }

    func images(_ r: LayoutResult, page: Int = 0) -> [(rect: Rect, name: String)] {
        r.document.pages[page].items.compactMap {
            if case .image(let i) = $0 { return (i.rect, String(i.source.path.split(separator: "/").last ?? "")) }
            return nil
        }
    }

    func glyphRuns(_ r: LayoutResult, page: Int = 0) -> [GlyphRun] {
        r.document.pages[page].items.compactMap { if case .glyphs(let g) = $0 { return g }; return nil }
    }

    func links(_ r: LayoutResult) -> [Rect] {
        r.document.pages.flatMap(\.items).compactMap { if case .link(let rect, _, _) = $0 { return rect }; return nil }
    }

    func close(_ a: Points, _ b: Points, _ tolerance: Double = 0.01) -> Bool { abs((a - b).value) <= tolerance }

    @Test func styledDumpShowsTheObjectRun() throws {
        let files = try Images(["a.png": (40, 20), "b.png": (60, 20)])
        let sink = DiagnosticSink()
        let doc = MarkdownParser.parse("x ![A](a.png)[![B](b.png)](https://b.example)\n", diagnostics: sink)
        let styled = DocumentStyler.style(doc, theme: try ThemeLoader.resolve(text: "{}", name: "test"),
                                          options: StyleOptions(baseDirectory: files.dir.path), diagnostics: sink)
        let runs = styled.dump().split(separator: "\n").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(runs.count == 3, "\(runs)")
        #expect(runs[1].hasPrefix("\"\u{FFFC}\" ") && runs[1].hasSuffix(" object image a.png 30x15+0 alt \"A\""), "\(runs[1])")
        #expect(runs[2].hasSuffix(" object image b.png 45x15+0 alt \"B\" link https://b.example"), "\(runs[2])")
    }

    @Test func imageStandsOnTheBaselineAndMakesItsLineTaller() throws {
        let files = try Images(["tall.png": (40, 40)])
        let (plain, _) = try layOut("Text before and more after.\n", baseDirectory: files.dir.path)
        let (r, d) = try layOut("Text before ![a tall icon](tall.png) and more after.\n", baseDirectory: files.dir.path)
        #expect(d.isEmpty, "\(d.map(\.message))")
        let image = try #require(images(r).first)
        let line = try #require(r.fragments[0].first)
        #expect(r.fragments[0].count == 1)
        // 40 px at 0.75 pt/px, its bottom edge on the baseline.
        #expect(close(image.rect.width, Points(30)) && close(image.rect.height, Points(30)))
        #expect(close(image.rect.maxY, line.baseline))
        #expect(image.rect.minY >= line.rect.minY - Points(0.01))
        // The line grows by what the image adds above the text's own ascent.
        let plainLine = try #require(plain.fragments[0].first)
        #expect(line.rect.height > plainLine.rect.height)
        #expect(close(line.baseline - line.rect.minY, Points(30)))
        #expect(close(line.rect.maxY - line.baseline, plainLine.rect.maxY - plainLine.baseline))
        // Text on both sides shares the baseline, the image between the words.
        let runs = glyphRuns(r)
        let before = try #require(runs.first { $0.text.hasPrefix("Text before") })
        let after = try #require(runs.first { $0.text.contains("more after") })
        #expect(before.glyphs.allSatisfy { close($0.position.y, line.baseline) })
        #expect(after.glyphs.allSatisfy { close($0.position.y, line.baseline) })
        #expect(before.glyphs.last!.position.x < image.rect.minX)
        #expect(after.glyphs.first!.position.x >= image.rect.maxX)
        // The object's U+FFFC is in no glyph run's text.
        #expect(!runs.contains { $0.text.contains("\u{FFFC}") })
    }

    @Test func imagesOfAParagraphFlowSideBySide() throws {
        let files = try Images(["a.png": (80, 20), "b.png": (60, 20)])
        let (r, d) = try layOut("![a](a.png) ![b](b.png)\n", baseDirectory: files.dir.path)
        #expect(d.isEmpty, "\(d.map(\.message))")
        let found = images(r)
        try #require(found.count == 2)
        #expect(found[0].name == "a.png" && found[1].name == "b.png")
        #expect(r.fragments[0].count == 1, "one line, not two block images")
        #expect(close(found[0].rect.minY, found[1].rect.minY) && close(found[0].rect.maxY, found[1].rect.maxY))
        #expect(close(found[0].rect.minX, r.fragments[0][0].rect.minX))
        #expect(found[1].rect.minX > found[0].rect.maxX)
        // Separated by the space between them in the source, no more.
        #expect(found[1].rect.minX - found[0].rect.maxX < Points(6))
    }

    @Test func imagesWrapLikeWordsWhenTheLineIsFull() throws {
        let files = try Images(["w.png": (200, 20)])
        // 150 pt each: three fit the default body (about 481 pt), the rest wrap.
        let row = Array(repeating: "![w](w.png)", count: 5).joined(separator: " ")
        let (r, _) = try layOut(row + "\n", baseDirectory: files.dir.path)
        let found = images(r)
        try #require(found.count == 5)
        let lines = r.fragments[0]
        #expect(lines.count == 2)
        let body = lines[0].rect
        #expect(found.allSatisfy { $0.rect.maxX <= body.maxX + Points(0.01) && close($0.rect.width, Points(150)) })
        #expect(found[0...2].allSatisfy { close($0.rect.maxY, lines[0].baseline) })
        #expect(found[3...4].allSatisfy { close($0.rect.maxY, lines[1].baseline) })
        #expect(close(found[3].rect.minX, found[0].rect.minX))
        #expect(found[3].rect.minY >= lines[0].rect.maxY - Points(0.01))
    }

    @Test func adjacentImagesWithoutSpacesStillWrap() throws {
        let files = try Images(["w.png": (200, 20)])
        let row = Array(repeating: "[![w](w.png)](https://example.com)", count: 4).joined()
        let (r, _) = try layOut(row + "\n", baseDirectory: files.dir.path)
        #expect(images(r).count == 4)
        #expect(r.fragments[0].count == 2)
        #expect(images(r).allSatisfy { $0.rect.maxX <= r.fragments[0][0].rect.maxX + Points(0.01) })
    }

    @Test func imageWiderThanTheLineIsScaledDownOnALineOfItsOwn() throws {
        let files = try Images(["wide.png": (1000, 200)])
        let (r, _) = try layOut("Before ![wide](wide.png) after.\n", baseDirectory: files.dir.path)
        let image = try #require(images(r).first)
        let lines = r.fragments[0]
        try #require(lines.count == 3)
        let width = lines[0].rect.width
        #expect(close(image.rect.width, width))
        #expect(close(image.rect.height, width * 0.2))
        #expect(close(image.rect.minX, lines[1].rect.minX))
        #expect(close(image.rect.maxY, lines[1].baseline))
        #expect(lines[0].text == "Before" && lines[2].text == "after.")
    }

    @Test func firstLineIndentShrinksAnImageThatFillsTheMeasure() throws {
        let files = try Images(["wide.png": (1000, 200)])
        let theme = #"{ "paragraph": { "firstLineIndent": "2em", "indentFirst": true } }"#
        let (r, _) = try layOut("![a](wide.png) and text.\n", theme: theme, baseDirectory: files.dir.path)
        let image = try #require(images(r).first)
        let lines = r.fragments[0]
        try #require(lines.count == 2)
        // The first line's rect starts after the indent: the image fills it exactly.
        #expect(lines[0].rect.width < lines[1].rect.width)
        #expect(close(image.rect.minX, lines[0].rect.minX) && close(image.rect.maxX, lines[0].rect.maxX))
        #expect(close(image.rect.height, image.rect.width * 0.2))
    }

    @Test func imageTallerThanThePageIsScaledToFitIt() throws {
        let files = try Images(["tall.png": (100, 5000)])
        let (r, d) = try layOut("A very tall ![t](tall.png) image.\n", baseDirectory: files.dir.path)
        #expect(d.map(\.description) == ["<input>:1:13: warning: image 'tall.png' is taller than the page body; it is scaled down to fit"])
        let image = try #require(r.document.pages.indices.lazy.flatMap { images(r, page: $0) }.first)
        // A4 less the default margins (22 mm + 24 mm): an object takes at most 90% of it.
        let body = Points(841.89) - Points.mm(46)
        #expect(close(image.rect.height, body * 0.9))
        #expect(close(image.rect.width * 50, image.rect.height))
        #expect(r.document.pages.allSatisfy { page in
            page.items.allSatisfy { if case .image(let i) = $0 { return i.rect.minY >= .zero && i.rect.maxY <= page.size.height }; return true }
        })
    }

    @Test func aSingleImageAloneStaysABlockImage() throws {
        let files = try Images(["a.png": (80, 40)])
        let (r, _) = try layOut("[![a](a.png)](https://example.com)\n", baseDirectory: files.dir.path)
        let line = try #require(r.fragments[0].first)
        #expect(line.text == "[image a.png]")
        let image = try #require(images(r).first)
        #expect(close(image.rect.maxY, line.baseline) && close(image.rect.height, line.rect.height))
    }

    @Test func linksAroundImagesCoverExactlyTheImages() throws {
        let files = try Images(["a.png": (80, 20), "b.png": (60, 20)])
        let (r, _) = try layOut("[![a](a.png)](https://a.example) [![b](b.png)](https://b.example)\n",
                                baseDirectory: files.dir.path)
        let found = images(r).map(\.rect), areas = links(r)
        try #require(found.count == 2 && areas.count == 2)
        for (image, area) in zip(found, areas) {
            #expect(close(image.minX, area.minX) && close(image.maxX, area.maxX), "\(image) vs \(area)")
            #expect(close(image.minY, area.minY) && close(image.maxY, area.maxY), "\(image) vs \(area)")
        }
    }

    @Test func aLinkOverTextAndAnImageIsOneAreaCoveringBoth() throws {
        let files = try Images(["a.png": (40, 40)])
        let (r, _) = try layOut("See [the docs ![a](a.png) here](https://example.com) now.\n", baseDirectory: files.dir.path)
        let image = try #require(images(r).first).rect
        let area = try #require(links(r).first)
        #expect(links(r).count == 1)
        #expect(area.minX < image.minX && area.maxX > image.maxX)
        #expect(close(area.minY, image.minY))
    }

    @Test func underlinesStopAtAnImage() throws {
        let files = try Images(["a.png": (40, 20)])
        let (r, _) = try layOut("<u>under ![a](a.png) lined</u> text\n", baseDirectory: files.dir.path)
        let image = try #require(images(r).first).rect
        let lines = r.document.pages[0].items.compactMap { item -> (Points, Points)? in
            if case .shape(let s) = item, case .line(let a, let b) = s.geometry { return (a.x, b.x) }
            return nil
        }
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.allSatisfy { $0.1 <= image.minX + Points(0.01) || $0.0 >= image.maxX - Points(0.01) })
    }

    /// Never a bare italic word that reads like body text: a dashed frame on the line,
    /// sized to its alt text and file name, with a warning naming the file.
    @Test func aMissingImageInTextIsAFramedPlaceholderWithItsAltTextAndName() throws {
        let (r, d) = try layOut("Look at ![the diagram](nowhere.png) here.\n")
        #expect(images(r).isEmpty)
        let line = try #require(r.fragments[0].first)
        #expect(line.text == "Look at \u{FFFC} here.")
        let group = try #require(r.document.pages[0].items.lazy.compactMap { item -> Group? in
            if case .group(let g) = item { return g }
            return nil
        }.first)
        let frames = group.items.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .rect(let rect, _) = s.geometry, case .dashed? = s.stroke?.dash { return rect }
            return nil
        }
        let texts = group.items.compactMap { item -> String? in
            if case .glyphs(let g) = item { return g.text }
            return nil
        }
        #expect(frames.count == 1)
        #expect(texts == ["the diagram", "nowhere.png"], "\(texts)")
        // Its box stands on the baseline, between the words.
        let frame = group.transform.apply(try #require(frames.first))
        #expect(abs((frame.maxY - line.baseline).value) < 1, "\(frame) on \(line.baseline)")
        let words = glyphRuns(r).filter { $0.text.contains("Look") || $0.text.contains("here") }
        #expect(words.count == 2 && words[0].glyphs.last!.position.x < frame.minX && words[1].glyphs[0].position.x > frame.maxX)
        #expect(d.contains { $0.message == "image 'nowhere.png' does not exist; a placeholder with its alt text is printed" },
                "\(d.map(\.message))")
    }

    /// A truncated download keeps its header: its placeholder takes the image's size
    /// (200 × 100 px = 150 × 75 pt), so the page is laid out as intended.
    @Test func aDamagedImageOfKnownSizeGetsAPlaceholderOfThatSize() throws {
        let files = try Images([:])
        let whole = Images.png(width: 200, height: 100)
        try Data(whole.prefix(whole.count - 20)).write(to: files.dir.appendingPathComponent("cut.png"))
        let (r, d) = try layOut("![a cut diagram](cut.png)\n", baseDirectory: files.dir.path)
        #expect(d.map(\.message) == ["image 'cut.png' is not a valid PNG file: a chunk runs past the end of the file (cut short?); a placeholder with its alt text is printed"])
        let group = try #require(r.document.pages[0].items.lazy.compactMap { item -> Group? in
            if case .group(let g) = item { return g }
            return nil
        }.first)
        let frame = try #require(group.items.lazy.compactMap { item -> Rect? in
            if case .shape(let s) = item, case .rect(let rect, _) = s.geometry { return group.transform.apply(rect) }
            return nil
        }.first)
        // The frame's stroke sits inside the box.
        #expect(abs(frame.width.value - 150) < 1 && abs(frame.height.value - 75) < 1, "\(frame)")
    }

    @Test func imageInATableCellFitsTheCell() throws {
        let files = try Images(["wide.png": (1000, 100)])
        let md = "| a | b |\n|---|---|\n| ![w](wide.png) | some words in the other cell |\n"
        let (r, _) = try layOut(md, baseDirectory: files.dir.path)
        let image = try #require(images(r).first).rect
        let cell = try #require(r.fragments[0].first { $0.text.contains("\u{FFFC}") })
        #expect(image.maxX <= cell.rect.maxX + Points(0.01))
        #expect(close(image.maxY, cell.baseline))
    }
}
