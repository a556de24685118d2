import Foundation
import Testing

/// PyMuPDF's view of a PDF's paths and images, through `Scripts/pdf_drawings.py`.
struct PDFDrawings: Decodable {
    struct Drawing: Decodable {
        var page: Int
        var fill: String?
        var stroke: String?
        /// [x0, y0, x1, y1], y down.
        var rect: [Double]
        var curves: Int
        var lines: Int
        var rects: Int
        var width: Double { rect[2] - rect[0] }
        var height: Double { rect[3] - rect[1] }
    }
    struct Image: Decodable {
        var page: Int
        var rect: [Double]
    }
    var drawings: [Drawing]
    var images: [Image]

    static let script = Paths.packageRoot.appendingPathComponent("Tests/CLITests/Scripts/pdf_drawings.py").path

    static func read(_ pdf: URL) throws -> PDFDrawings {
        var why = ""
        for (exe, args) in [("/usr/bin/python3", [script, pdf.path]), ("/usr/bin/env", ["python3", script, pdf.path])]
        where FileManager.default.isExecutableFile(atPath: exe) {
            let r = try run(exe, args, timeout: 300)
            if r.status == 0 { return try JSONDecoder().decode(PDFDrawings.self, from: r.stdout) }
            why = r.stderrText
        }
        throw ToolError(description: "PyMuPDF could not read \(pdf.lastPathComponent): \(why)")
    }
}

/// GitHub's Markdown read back from the PDF the binary writes: alerts (drawn icons, bars
/// and titles in the kind's color, tagged as Div › P), emoji shortcodes, heading IDs.
@Suite("GitHub's Markdown in the PDF")
struct GitHubMarkdownCLITests {
    /// Converts `markdown` as doc.md with `args`; hands the PDF and stderr to `body`.
    func convert<T>(_ markdown: String, _ args: [String] = [], _ body: (URL, String) throws -> T) throws -> T {
        try withTempDir { dir in
            try dir.child("doc.md").write(markdown)
            let r = try mdpdf([dir.child("doc.md").path] + args, environment: ["SOURCE_DATE_EPOCH": "0"])
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("doc.pdf")
            #expect(try qpdfCheck(pdf).ok)
            return try body(pdf, r.stderrText)
        }
    }

    static let alerts = """
        # Alerts

        Before.

        > [!NOTE]
        > Useful information.

        > [!TIP]
        > Helpful advice.

        > [!IMPORTANT]
        > Key information.

        > [!WARNING]
        > Urgent info.

        > [!CAUTION]
        > Risks ahead.

        > [!NOTE] not alone on its line

        """

    /// GitHub's colors for the five kinds (the default theme's).
    static let colors = ["Note": "#0969da", "Tip": "#1a7f37", "Important": "#8250df", "Warning": "#9a6700", "Caution": "#d1242f"]

    @Test func alertsHaveABarADrawnIconAndATitleInTheirColor() throws {
        try convert(Self.alerts) { pdf, _ in
            let lines = try PyMuPDF.lines(pdf)
            let drawings = try PDFDrawings.read(pdf)
            for (title, color) in Self.colors {
                let line = try #require(lines.first { $0.text == title }, "title \(title)")
                #expect(line.spans.allSatisfy { PyMuPDF.sameColor($0.color, color) && $0.bold }, "\(title): \(line.spans)")
                let painted = drawings.drawings.filter { $0.fill.map { PyMuPDF.sameColor($0, color) } ?? false }
                // The bar: a tall narrow shape at the left edge of the alert.
                let bar = painted.first { $0.width < 5 && $0.height > 20 }
                #expect(bar != nil, "\(title): no bar in \(color)")
                // The icon: a path of curves about one text line high, left of the title, on its line.
                let icon = painted.first { $0.curves >= 10 && $0.height > 6 && $0.height < 14 && $0.width > 6 && $0.width < 14 }
                let i = try #require(icon, "\(title): no drawn icon in \(color): \(painted)")
                #expect(i.rect[2] <= line.x + 0.5)
                #expect(i.rect[1] < line.y && i.rect[3] > line.y - 4)
                if let bar { #expect(bar.rect[2] < i.rect[0]) }
            }
            // The body keeps the text color; the marker is not printed.
            let body = try #require(lines.first { $0.text == "Useful information." })
            #expect(body.spans.allSatisfy { PyMuPDF.sameColor($0.color, "#1f2328") })
            let text = lines.map(\.text)
            #expect(!text.contains { $0.contains("[!NOTE]") && !$0.contains("not alone") })
            #expect(text.contains("[!NOTE] not alone on its line"))
            // Five icons drawn as paths, none as text or images.
            #expect(drawings.images.isEmpty)
        }
    }

    @Test func alertsAreTaggedAsADivHoldingTheTitleParagraph() throws {
        try convert(Self.alerts) { pdf, _ in
            let tree = try #require(PDFObjects(pdf: pdf).structureTree())
            let outline = tree.flatMap { $0.outline() }
            let divs = outline.enumerated().filter { $0.element.trimmingCharacters(in: .whitespaces) == "Div" }
            #expect(divs.count == 5, "\(outline.joined(separator: "\n"))")
            for (i, _) in divs {
                let depth = outline[i].prefix { $0 == " " }.count
                #expect(outline[i + 1].trimmingCharacters(in: .whitespaces) == "P")
                #expect(outline[i + 1].prefix { $0 == " " }.count == depth + 2)
            }
            #expect(outline.filter { $0.trimmingCharacters(in: .whitespaces) == "BlockQuote" }.count == 1)
        }
    }

    @Test func alertThemeKeysReachThePDF() throws {
        let theme = ##"{"alerts": {"warning": {"color": "#ff00ff", "title": "Achtung", "icon": false}}}"##
        try withTempDir { dir in
            try dir.child("t.json").write(theme)
            try convert("> [!WARNING]\n> Careful.\n", ["--theme", dir.child("t.json").path]) { pdf, _ in
                let lines = try PyMuPDF.lines(pdf)
                let title = try #require(lines.first { $0.text == "Achtung" })
                #expect(title.spans.allSatisfy { PyMuPDF.sameColor($0.color, "#ff00ff") })
                let magenta = try PDFDrawings.read(pdf).drawings.filter { $0.fill.map { PyMuPDF.sameColor($0, "#ff00ff") } ?? false }
                #expect(magenta.count == 1, "the bar only, no icon: \(magenta)")
            }
        }
    }

    @Test func everyShippedThemeDrawsAlerts() throws {
        for theme in ["default", "github", "academic", "compact"] {
            try convert("> [!TIP]\n> Advice.\n", ["--theme", theme]) { pdf, _ in
                let lines = try PyMuPDF.lines(pdf)
                #expect(lines.contains { $0.text == "Tip" }, "\(theme)")
                #expect(try PDFDrawings.read(pdf).drawings.contains { $0.curves >= 10 }, "\(theme): no icon")
            }
        }
    }

    @Test func emojiShortcodesBecomeEmojiOutsideCode() throws {
        let md = """
            Party :tada: time and :+1: yes, :unknown_code: stays.

            `:tada:` in code, https://example.com/:tada:/x as a URL.

            ```
            :rocket: in a block
            ```
            """
        try convert(md) { pdf, _ in
            let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            #expect(text.contains("Party 🎉 time and 👍 yes"), "\(text)")
            #expect(text.contains(":unknown_code: stays."))
            #expect(text.contains(":tada: in code"))
            #expect(text.contains("https://example.com/:tada:/x"))
            #expect(text.contains(":rocket: in a block"))
            // Colour emoji are the font's pictures: two emoji, two images, on the first line.
            let images = try PDFDrawings.read(pdf).images
            #expect(images.count == 2)
            let words = try pdfWords(pdf).words
            let party = try #require(words.first { $0.text == "Party" })
            #expect(images.allSatisfy { abs($0.rect[3] - party.yMax) < 6 })
            let fonts = try pdffonts(pdf)
            #expect(fonts.allSatisfy { $0.embedded })
        }
    }

    @Test func headingIDsAreAnchorsAndNotPrinted() throws {
        let md = """
            # Guide {#top}

            ## Installing the tool {#install}

            Go to [install](#install), [top](#top) and [usage](#usage-notes).

            ## Usage notes

            Text.
            """
        try convert(md) { pdf, stderr in
            #expect(!stderr.contains("matches no heading"), "\(stderr)")
            let text = try tool("pdftotext", ["-raw", pdf.path, "-"]).stdoutText
            #expect(!text.contains("{#"))
            #expect(text.contains("Installing the tool\n"))
            let objects = try PDFObjects(pdf: pdf)
            let dests = objects.links.compactMap(\.dest)
            #expect(Set(dests) == ["install", "top", "usage-notes"])
            for name in ["install", "top", "usage-notes"] { #expect(objects.destination(name) != nil, "\(name)") }
            #expect(objects.destination("installing-the-tool") == nil)
            // The outline shows the titles without the attribute block.
            let titles = try tool("qpdf", ["--json", "--json-key=outlines", pdf.path]).stdoutText
            #expect(titles.contains("Installing the tool"))
            #expect(!titles.contains("{#install}"))
        }
    }
}
