import Foundation
import MDCore
import MDMarkdown
import MDStyle
import Testing
@testable import MDPDF

/// Styling on a thread of its own, handing layout its blocks as they are final
/// (`StylingThread`, with the layout thread), gives the very PDF, pages and warnings (in
/// the same order) as styling the whole document before layout (`layoutThread` off):
/// links to anchors styled later, links that only match in case or match nothing,
/// footnotes at the bottom of their pages and at the end, contents (a `[[_TOC_]]`
/// line in the middle), a header with the title of a level-1 heading met
/// only after the first page, formulas and inline math, `<sup>` forms, images (PNG
/// with and without alpha, JPEG), and warnings from styling and from layout.
@Suite struct StreamedStylingTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("samples")

    /// A document of a few pages with all of the above; `marker` puts a `[[_TOC_]]` line
    /// after the first section. (A document with contents at its top level, or asked
    /// for, is styled whole first: `DocumentStyler.hasContents`.)
    static func document(marker: Bool) -> String {
        var s = "Opening words link [ahead](#the-title), [in another case](#THE-TITLE), to [nowhere](#nowhere) "
            + "and to [a later part](#part-3); a note[^1] and the formula $x^2 + \\sqrt{y}$, H<sub>2</sub>O and 2<sup>nd</sup>.\n\n"
            + "![badge](badge.png) ![gradient](gradient.png)\n\n"
        for part in 1...6 {
            s += "## Part \(part)\n\n"
            // In a division, so that the converter does not see it and styles the
            // document streamed, holding the blocks from the line on.
            if part == 2 && marker { s += "<div>\n\n[[_TOC_]]\n\n</div>\n\n" }
            if part == 3 { s += "# The Title\n\nBack to [the start](#part-1) and on to [part 5](#part-5).[^2]\n\n" }
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
        options.layoutThread = threaded
        options.tableOfContents = contents
        return try Converter.convert(Array(markdown.utf8), options: options)
    }

    /// Only a document without contents is styled streamed.
    @Test func contentsAreStyledWhole() throws {
        let plain = MarkdownParser.parse("# A\n\ntext\n", diagnostics: DiagnosticSink())
        #expect(!DocumentStyler.hasContents(plain, asked: false))
        #expect(DocumentStyler.hasContents(plain, asked: true))
        for marker in ["[TOC]", "[[_TOC_]]", "<!-- toc -->"] {
            #expect(DocumentStyler.hasContents(MarkdownParser.parse("# A\n\n\(marker)\n\ntext\n", diagnostics: DiagnosticSink()),
                                               asked: false), "\(marker)")
        }
        #expect(DocumentStyler.hasContents(MarkdownParser.parse("---\ntoc: true\n---\n# A\n", diagnostics: DiagnosticSink()),
                                           asked: false))
    }

    @Test(arguments: [
        (false, false, [String]()),
        (true, false, []),
        (false, true, []),
        (false, false, ["footnotes.placement=end", "page.header.center={title}"]),
        (false, false, ["page.header.center={title} – {author}", "page.footer.center={page} of {pages}"]),
    ])
    func streamedEqualsWhole(marker: Bool, contents: Bool, settings: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mdpdf-streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (from, to) in [("badge-build.png", "badge.png"), ("gradient.png", "gradient.png"), ("sunset.jpg", "sunset.jpg")] {
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("images/\(from)"),
                                             to: folder.appendingPathComponent(to))
        }
        let markdown = Self.document(marker: marker)
        let whole = try convert(markdown, in: folder, threaded: false, contents: contents, settings: settings)
        let streamed = try convert(markdown, in: folder, threaded: true, contents: contents, settings: settings)
        #expect(whole.pageCount > 3)
        #expect(streamed.pdf == whole.pdf, "the PDFs differ")
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
