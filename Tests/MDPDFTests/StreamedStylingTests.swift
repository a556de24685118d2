import Foundation
import MDCore
import MDMarkdown
import MDStyle
import Testing
@testable import MDPDF

/// Styling on a thread of its own, handing layout its blocks as they are final
/// (`StylingThread`, with the layout thread), gives the very PDF, pages and warnings (in
/// the same order) as styling the whole document before layout (`cores` 1):
/// links to anchors styled later, links that only match in case or match nothing,
/// footnotes at the bottom of their pages and at the end, contents (asked for, or a
/// `[[_TOC_]]` line at the top level or in a division, listed before the headings are
/// styled, with numbered headings, `{#id}`s taken twice and headings in quotes, lists,
/// alerts and definition lists), a header with the title of a level-1 heading met
/// only after the first page, formulas and inline math, `<sup>` forms, images (PNG
/// with and without alpha, JPEG), and warnings from styling and from layout.
@Suite struct StreamedStylingTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    /// Where the document has its `[[_TOC_]]` line, if it has one.
    enum Marker { case none, inDivision, topLevel }

    /// A document of a few pages with all of the above; `marker` puts a `[[_TOC_]]` line
    /// after the first section; `opening` comes first (a front matter, a title heading).
    static func document(marker: Marker, opening: String = "") -> String {
        var s = opening + "Opening words link [ahead](#the-title), [in another case](#THE-TITLE), to [nowhere](#nowhere) "
            + "and to [a later part](#part-3); a note[^1] and the formula $x^2 + \\sqrt{y}$, H<sub>2</sub>O and 2<sup>nd</sup>.\n\n"
            + "![badge](badge.png) ![gradient](gradient.png)\n\n"
        for part in 1...6 {
            s += "## Part \(part)\n\n"
            if part == 2 && marker == .inDivision { s += "<div>\n\n[[_TOC_]]\n\n</div>\n\n" }
            if part == 2 && marker == .topLevel { s += "[TOC]\n\n<!-- toc -->\n\n" }
            if part == 3 {
                s += "# The Title\n\nBack to [the start](#part-1), on to [part 5](#part-5) and [the quote](#quoted).[^2]\n\n"
                    + "> ### Quoted {#quoted}\n>\n> In a quote.\n\n- item\n\n  #### In a list {#quoted}\n\n"
                    + "> [!NOTE]\n> ### In an alert {-}\n\n<dl><dt>Term</dt><dd><h3>Defined</h3><p>Text.</p></dd></dl>\n\n"
                    + "## !!!\n\n## Part 1\n\n"
            }
            for p in 1...6 {
                s += "Paragraph \(p) of part \(part) goes on for a while so that the pages fill up with text, "
                    + "with a [link to part \(7 - part)](#part-\(7 - part)) and *some* **emphasis** and `code`. "
                    + String(repeating: "More words follow here to make the lines wrap. ", count: 4) + "\n\n"
            }
            if part == 4 {
                s += "$$\n\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2} + \\int_0^\\infty e^{-x^2} dx "
                    + String(repeating: "+ \\alpha_i \\beta_j \\gamma_k ", count: 14) + "\n$$\n\n"
                s += "![sunset](sunset.jpg)\n\n![missing](missing.png)\n\n"
            }
        }
        s += "[^1]: The first note, pointing at [part 6](#part-6).\n\n[^2]: The second note.\n"
        return s
    }

    func convert(_ markdown: String, in folder: URL, threaded: Bool, contents: Bool = false,
                 settings: [String] = []) throws -> ConversionResult {
        var options = ConversionOptions(settings: settings, baseDirectory: folder.path, date: 1_700_000_000,
                                        sourceName: "streamed.md")
        options.cores = threaded ? nil : 1
        options.tableOfContents = contents
        return try Converter.convert(Array(markdown.utf8), options: options)
    }

    static let titled = "---\ntitle: Streams\nauthor: Someone\n---\n\n"

    @Test(arguments: [
        (Marker.none, false, "", [String]()),
        (.inDivision, false, "", []),
        (.topLevel, false, "", ["headings.numbering.enabled=true", "toc.depth=4"]),
        (.none, true, "", []),
        (.none, true, "# Streams\n\n", ["headings.h1.borderBottom=#999999"]),
        (.none, true, titled, []),
        (.none, true, titled + "# Streams\n\n", []),
        (.topLevel, true, titled, ["footnotes.placement=end"]),
        (.none, false, "", ["footnotes.placement=end", "page.header.center={title}"]),
        (.none, false, "", ["page.header.center={title} – {author}", "page.footer.center={page} of {pages}"]),
    ])
    func streamedEqualsWhole(marker: Marker, contents: Bool, opening: String, settings: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (from, to) in [("badge-build.png", "badge.png"), ("gradient.png", "gradient.png"), ("sunset.jpg", "sunset.jpg")] {
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("images/\(from)"),
                                             to: folder.appendingPathComponent(to))
        }
        let markdown = Self.document(marker: marker, opening: opening)
        let whole = try convert(markdown, in: folder, threaded: false, contents: contents, settings: settings)
        let streamed = try convert(markdown, in: folder, threaded: true, contents: contents, settings: settings)
        #expect(whole.pageCount > 3)
        let samePDF = streamed.pdf == whole.pdf  // (not in the expectation: it would print both PDFs)
        #expect(samePDF, "the PDFs differ")
        #expect(streamed.pageCount == whole.pageCount)
        let warnings = whole.diagnostics.map(\.description)
        #expect(streamed.diagnostics.map(\.description) == warnings)
        // Warnings from styling (links, a missing image) and from layout came in.
        #expect(warnings.contains { $0.contains("#nowhere") })
        #expect(warnings.contains { $0.contains("missing.png") })
        #expect(streamed.dependencies == whole.dependencies)
    }

    /// Layout's warnings, kept apart while styling runs, come after styling's in the
    /// order of a serial run: ranked replay puts a warning from a later pass first
    /// only where a serial run did.
    @Test func rankedReplayOrdersAsASerialRun() {
        let main = DiagnosticSink()
        main.warning("styling")
        let layout = DiagnosticSink()
        layout.rank = 4
        layout.warnOnce(key: "k", "built first, warned by layout")
        layout.rank = 0
        layout.warnOnce(key: "k", "measured later, but a serial run measured first")
        layout.warning("measured")
        layout.rank = 4
        layout.warnOnce(key: "k", "again")
        layout.warning("built")
        layout.replay(into: main)
        #expect(main.diagnostics.map(\.message) == ["styling", "measured later, but a serial run measured first", "measured", "built"])
        main.warnOnce(key: "k", "once per conversion")
        #expect(main.diagnostics.count == 4)
    }
}
