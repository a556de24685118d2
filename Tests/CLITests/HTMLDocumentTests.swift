import Foundation
import Testing

/// Raw HTML in Markdown, read back from the PDF: samples/html.md, warnings for what is
/// left out, tables, code, superscripts, page breaks.
@Suite("HTML in Markdown")
struct HTMLDocumentTests {
    static let sample = Paths.packageRoot.appendingPathComponent("samples/html.md")

    /// Every word of the sample's text content comes back in order; each element left
    /// out gets one warning naming its line and column; none says HTML is ignored.
    @Test func sampleReadsBackWithEveryWord() throws {
        try withTempDir { dir in
            let pdf = dir.child("html.pdf")
            let r = try mdpdf([Self.sample.path, "-o", pdf.path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(try qpdfCheck(pdf).ok)
            let markdown = try String(contentsOf: Self.sample, encoding: .utf8)
            let report = WordOracle.check(WordOracle.expected(fromMarkdown: markdown), against: WordOracle.stream(try pdfWords(pdf)))
            let complete = report.missing.isEmpty
            #expect(complete, "\(report.summary)")

            let warnings = r.stderrText.split(separator: "\n").filter { $0.contains(": warning: ") }.map(String.init)
            #expect(!warnings.contains { $0.contains("not interpreted") || $0.contains("raw HTML") })
            let lines = markdown.components(separatedBy: "\n")
            // (The checkbox `<input>` of a task item is drawn, not left out.)
            let tags = ["script", "style", "iframe", "video", "audio", "object", "input type=\"text\"", "button"]
            for tag in tags {
                let name = String(tag.prefix { $0.isLetter })
                let row = try #require(lines.firstIndex { $0.contains("<\(tag)") }, "the sample has no <\(tag)>")
                let line = lines[row]
                let column = line.utf8.distance(from: line.startIndex, to: line.range(of: "<\(tag)")!.lowerBound) + 1
                let expected = "\(Self.sample.path):\(row + 1):\(column): warning: HTML <\(name)> is left out with its content"
                #expect(warnings.filter { $0.hasPrefix(expected) }.count == 1, "no \(expected) in:\n\(warnings.joined(separator: "\n"))")
            }
            #expect(warnings.count == 8, "\(warnings.joined(separator: "\n"))")
            let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
            #expect(!text.contains("never printed") && !text.contains("color: red") && !text.contains("a field is not"))
            // Character references, in Markdown text (cmark's) and in HTML (gumbo's).
            let flowing = text.replacingOccurrences(of: "\n", with: " ")
            #expect(flowing.contains("€ 20, café, © 2026, ☃ and ½ — ♥."), "\(text.prefix(800))")
        }
    }

    /// An HTML table is a table: its cells are words of their own, not "H1H2".
    @Test func htmlTableCellsAreSeparate() throws {
        try withTempDir { dir in
            try dir.child("t.md").write("<table><tr><th>H1</th><th>H2</th></tr><tr><td colspan=\"2\">wide</td></tr></table>\n")
            let r = try mdpdf([dir.child("t.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let words = try pdfWords(dir.child("t.pdf")).words
            let h1 = try #require(words.first { $0.text == "H1" }), h2 = try #require(words.first { $0.text == "H2" })
            #expect(h2.xMin > h1.xMax + 5, "H1 and H2 are not in separate cells: \(h1) \(h2)")
            let wide = try #require(words.first { $0.text == "wide" })
            #expect(wide.yMin > h1.yMax)
            #expect(!words.contains { $0.text.contains("H1H2") })
        }
    }

    /// `<pre>` prints as code: in the code font, spaces kept.
    @Test func preIsCode() throws {
        try withTempDir { dir in
            try dir.child("p.md").write("Prose.\n\n<pre>\nlet   x = 1 &lt; 2\n</pre>\n")
            let r = try mdpdf([dir.child("p.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let lines = try PyMuPDF.lines(dir.child("p.pdf"))
            let code = try #require(lines.first { $0.text.contains("let") })
            #expect(code.text == "let   x = 1 < 2")
            #expect(code.spans.allSatisfy { $0.font.contains("Mono") }, "\(code.spans.map(\.font))")
        }
    }

    /// `<sup>` and `<sub>`: the font's own forms where it has them for every character
    /// (another glyph at the text's size), else smaller and shifted; copied text is the
    /// source's either way.
    @Test func superscriptsAndSubscripts() throws {
        try withTempDir { dir in
            try dir.child("s.md").write("E = mc<sup>2</sup> and H<sub>2</sub>O, 2<sup>n − 1</sup>; plain 2.\n")
            for (args, featured) in [([String](), true), (["--set", "superscript.fontFeature=false", "--set", "subscript.fontFeature=false"], false)] {
                let pdf = dir.child("s.pdf")
                let r = try mdpdf([dir.child("s.md").path, "-o", pdf.path] + args)
                #expect(r.status == 0, "\(r.stderrText)")
                let text = try tool("pdftotext", [pdf.path, "-"]).stdoutText
                #expect(text.contains("mc2 and H2O, 2n − 1; plain 2."), "\(text)")
                let glyphs = try PyMuPDF.glyphs(pdf)
                let chars = glyphs.map(\.char).joined()
                guard let at = chars.range(of: "mc2")?.lowerBound, let plain = chars.range(of: "plain 2")?.upperBound else {
                    Issue.record("\(chars)"); continue
                }
                let c = glyphs[chars.distance(from: chars.startIndex, to: at)]
                let sup = glyphs[chars.distance(from: chars.startIndex, to: at) + 2]
                let normal = glyphs[chars.distance(from: chars.startIndex, to: plain) - 1]
                let nIndex = chars.distance(from: chars.startIndex, to: chars.range(of: "2n")!.lowerBound) + 1
                let n = glyphs[nIndex]
                if featured {
                    // Noto Serif has superscript and subscript digits: its own glyph, same size and baseline.
                    #expect(sup.glyph != normal.glyph && sup.size == c.size && sup.y == c.y, "\(sup) \(normal) \(c)")
                } else {
                    #expect(sup.size < c.size * 0.8 && sup.y < c.y - 2, "\(sup) \(c)")
                }
                // "n − 1": the font has no superscript minus, so the run is smaller and raised.
                #expect(n.size < c.size * 0.8 && n.y < c.y - 2, "\(n) \(c)")
                let sub = glyphs[chars.distance(from: chars.startIndex, to: chars.range(of: "H2O")!.lowerBound) + 1]
                #expect(featured ? (sub.glyph != normal.glyph && sub.y == c.y) : (sub.size < c.size * 0.8 && sub.y > c.y + 0.5), "\(sub)")
            }
        }
    }

    /// Each page break syntax starts a new page; two in a row make one break, and none
    /// makes an empty page.
    @Test func pageBreaks() throws {
        try withTempDir { dir in
            let md = """
                <!-- pagebreak -->

                Page one.

                \\newpage

                Page two.

                <!-- page-break -->

                <!-- pagebreak -->

                Page three.

                <div style="page-break-after: always"></div>

                Page four.

                <h2 style="break-before: page">Page five</h2>

                Text of <span style="page-break-before:always">page six</span>.

                <p style="break-after: page">Still page six.</p>

                """
            try dir.child("b.md").write(md)
            let r = try mdpdf([dir.child("b.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("b.pdf")
            #expect(try pdfinfo(pdf).pages == 6)
            let expected = ["Page one.", "Page two.", "Page three.", "Page four.", "Page five", "page six"]
            for (k, phrase) in expected.enumerated() {
                let text = try tool("pdftotext", ["-f", "\(k + 1)", "-l", "\(k + 1)", pdf.path, "-"]).stdoutText
                #expect(text.contains(phrase), "page \(k + 1): \(text)")
                for (j, other) in expected.enumerated() where j != k && other != "page six" {
                    #expect(!text.contains(other), "page \(k + 1) also has \(other)")
                }
            }
            #expect(try tool("pdftotext", ["-f", "6", "-l", "6", pdf.path, "-"]).stdoutText.contains("Still page six."))
        }
    }

    /// The public-apis README: the "Call this API" cells are Markdown links around HTML
    /// `<img>`s; each is clickable (a remote image prints its alt text for now), and its
    /// logo, an `<img>` in a `<div>` in an `<a>`, is a clickable image.
    @Test func publicAPIsImageLinks() throws {
        try withTempDir { dir in
            let pdf = try Corpus.convert("public-apis/README.md", into: dir)
            let links = try PDFObjects(pdf: pdf).links
            let uris = links.compactMap(\.uri)
            #expect(uris.filter { $0.hasPrefix("https://god.gw.postman.com/run-collection/") }.count >= 7, "\(uris.prefix(20))")
            // The logo: one link as large as the image (the column is 481 pt wide).
            let logo = try #require(links.first { $0.uri == "https://apilayer.com" && $0.page == 0 })
            #expect(logo.rect.count == 4 && logo.rect[2] - logo.rect[0] > 400, "\(logo.rect)")
            let images = try tool("pdfimages", ["-list", "-f", "1", "-l", "1", pdf.path]).stdoutText
            #expect(images.split(separator: "\n").count >= 3, "no image on page 1: \(images)")
        }
    }
}
