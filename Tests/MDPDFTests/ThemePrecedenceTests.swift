import Foundation
import MDCore
import MDPage
import Testing
@testable import MDPDF

/// Built-in defaults < theme < front matter < command line, seen through the facade.
@Suite struct ThemePrecedenceTests {
    func convert(_ md: String, _ options: ConversionOptions = ConversionOptions()) throws -> ConversionResult {
        var o = options
        o.baseDirectory = "/tmp"
        o.sourceName = "notes.md"
        o.keepsLayout = true
        return try Converter.convert(Array(md.utf8), options: o)
    }

    func pageSize(_ r: ConversionResult) -> Size { r.layout!.document.pages[0].size }

    /// The left edge of the first line: each shipped theme has its own left margin.
    func leftMargin(_ r: ConversionResult) -> Double { r.layout!.fragments[0].first!.rect.minX.value.rounded() }

    @Test func theFrontMatterChoosesTheTheme() throws {
        #expect(try leftMargin(convert("text")) == 57)  // default: 20mm
        #expect(try leftMargin(convert("---\ntheme: academic\n---\ntext")) == 79)  // academic: 28mm
        // --theme wins over the front matter.
        #expect(try leftMargin(convert("---\ntheme: academic\n---\ntext", ConversionOptions(theme: .builtin("github")))) == 51)
    }

    @Test func laterLayersWin() throws {
        let md = "---\ntheme: compact\ntheme-overrides:\n  page.size: letter\n---\ntext"
        #expect(try pageSize(convert(md)) == Size(width: Points(612), height: Points(792)))
        #expect(try pageSize(convert(md, ConversionOptions(settings: ["page.size=a5"]))).width.value.rounded() == 420)
        #expect(try pageSize(convert(md, ConversionOptions(settings: ["page.size=a5", "page.orientation=landscape"]))).height.value.rounded() == 420)
        #expect(try pageSize(convert(md, ConversionOptions(pageSize: "legal"))).height == Points(1008))
        // The front matter's other theme values still hold under a command-line setting.
        #expect(try leftMargin(convert(md, ConversionOptions(settings: ["page.size=a5"]))) == 31)
    }

    @Test func nestedFrontMatterOverridesWork() throws {
        let md = "---\ntheme-overrides:\n  page:\n    margins:\n      left: 40mm\n---\ntext"
        #expect(try leftMargin(convert(md)) == 113)
    }

    @Test func frontMatterErrorsNameTheMarkdownFileAndLine() {
        let md = "---\ntitle: x\ntheme-overrides:\n  body.fontsize: 12pt\n---\ntext"
        #expect(throws: ConversionError.invalidTheme(path: "notes.md", location: SourceLocation(line: 4, column: 3),
                                                     reason: "'body.fontsize': unknown key, did you mean 'fontSize'?")) {
            try convert(md)
        }
        #expect(throws: ConversionError.self) { try convert("---\ntheme: [a, b]\n---\ntext") }
    }

    @Test func headerAndFooterTemplatesAreFilledPerPage() throws {
        var md = "---\ntitle: Doc\nauthor: Ada\ndate: 2024-05-01\n---\n"
        for i in 1...3 { md += "# Part \(i)\n\n" + String(repeating: "Some words to fill the page. ", count: 400) + "\n\n" }
        let r = try convert(md, ConversionOptions(settings: [
            #"page.header={"left": "{title} by {author}", "right": "{section}", "center": "{date}"}"#,
            #"page.footer.center={page} of {pages}"#,
        ]))
        let pages = r.layout!.document.pages
        #expect(pages.count > 3)
        func text(_ p: Page) -> String {
            p.items.compactMap { if case .glyphs(let g) = $0 { return g.text } else { return nil } }.joined(separator: "|")
        }
        #expect(text(pages[0]).contains("Doc by Ada"))
        #expect(text(pages[0]).contains("2024-05-01"))
        #expect(text(pages[0]).contains("1 of \(pages.count)"))
        #expect(text(pages.last!).contains("Part 3"))
        #expect(text(pages.last!).contains("\(pages.count) of \(pages.count)"))
    }

    /// A theme's font files are used under the theme's name for them, with no warning.
    @Test func themeFontFilesAreRegistered() throws {
        let dir = NSTemporaryDirectory() + "mdpdf-fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/usr/share/fonts/truetype/liberation2/LiberationMono-Regular.ttf",
                                         toPath: dir + "/fonts/Brand.ttf")
        try #"{"fonts": {"Brand": {"regular": "fonts/Brand.ttf"}}, "body": {"fontFamily": ["Brand"]}}"#
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let r = try convert("hello", ConversionOptions(theme: .file(dir + "/t.json")))
        let fonts = r.layout!.document.pages[0].items.compactMap { if case .glyphs(let g) = $0 { return g.font.path } else { return nil } }
        // The file declares "Liberation Mono", which is also installed: fontconfig may pick either copy.
        #expect(!fonts.isEmpty && fonts.allSatisfy { $0.hasSuffix("/fonts/Brand.ttf") || $0.contains("LiberationMono") })
        #expect(r.diagnostics.isEmpty)
    }
}
