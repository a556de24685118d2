import Foundation
import Testing

/// Theme features seen from the command line: the built binary (`.build/debug/mdpdf`)
/// run with Foundation.Process, its PDFs read back with poppler.
@Suite struct ThemeCLITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary = root.appendingPathComponent(".build/debug/mdpdf").path

    struct Run { var status: Int32; var stdout: Data; var stderr: String }

    @discardableResult
    func run(_ exe: String, _ args: [String], in dir: String? = nil) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        if let dir { p.currentDirectoryURL = URL(fileURLWithPath: dir) }
        var env = ProcessInfo.processInfo.environment
        env["SOURCE_DATE_EPOCH"] = "1700000000"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return Run(status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }

    func mdpdf(_ args: String..., in dir: String? = nil) throws -> Run { try run(Self.binary, args, in: dir) }

    func tool(_ name: String, _ args: String...) throws -> String {
        String(decoding: try run("/usr/bin/" + name, args).stdout, as: UTF8.self)
    }

    func scratch() throws -> String {
        let dir = NSTemporaryDirectory() + "mdpdf-cli-theme-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func themesListsTheBuiltinThemes() throws {
        let r = try mdpdf("themes")
        #expect(r.status == 0)
        let names = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: " ")[0]) }
        #expect(names == ["academic", "compact", "default", "github"])
    }

    @Test func aShownDefaultThemeGivesTheSamePDF() throws {
        let dir = try scratch()
        let shown = try mdpdf("theme", "show", "default")
        #expect(shown.status == 0)
        try shown.stdout.write(to: URL(fileURLWithPath: dir + "/t.json"))
        try "# Title\n\nSome *text*, `code` and a [link](https://example.com).\n\n- a\n- b\n".write(toFile: dir + "/x.md", atomically: true, encoding: .utf8)
        #expect(try mdpdf("x.md", "-o", "a.pdf", in: dir).status == 0)
        #expect(try mdpdf("--theme", "t.json", "x.md", "-o", "b.pdf", in: dir).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.pdf")), b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.pdf"))
        #expect(a == b)
    }

    /// `theme show` prints the highlighting palette resolved into `codeBlock.highlight.tokens`;
    /// a shown theme with highlighted code still gives the same PDF.
    @Test func themeShowPrintsTheResolvedPalette() throws {
        let dir = try scratch()
        let shown = try mdpdf("theme", "show", "compact", "--set", "codeBlock.highlight.tokens.comment.color=#123456")
        #expect(shown.status == 0)
        let text = String(decoding: shown.stdout, as: UTF8.self)
        #expect(text.contains("\"palette\": \"high-contrast\""))
        #expect(text.contains("\"keyword\": { \"color\": \"#7a0019\", \"fontWeight\": 700, \"italic\": false }"), "\(text)")
        #expect(text.contains("\"comment\": { \"color\": \"#123456\", \"fontWeight\": 400, \"italic\": true }"), "\(text)")
        try shown.stdout.write(to: URL(fileURLWithPath: dir + "/t.json"))
        try "```rust\nfn main() { /* c */ }\n```\n".write(toFile: dir + "/x.md", atomically: true, encoding: .utf8)
        #expect(try mdpdf("x.md", "-o", "a.pdf", "--theme", "compact", "--set", "codeBlock.highlight.tokens.comment.color=#123456", in: dir).status == 0)
        #expect(try mdpdf("x.md", "-o", "b.pdf", "--theme", "t.json", in: dir).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.pdf")), b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.pdf"))
        #expect(a == b)
    }

    @Test func aTypoNamesTheFileLineAndKey() throws {
        let dir = try scratch()
        try "{\n  \"version\": 1,\n  \"body\": {\n    \"fontsize\": \"12pt\"\n  }\n}\n".write(toFile: dir + "/mytheme.json", atomically: true, encoding: .utf8)
        try "text\n".write(toFile: dir + "/x.md", atomically: true, encoding: .utf8)
        let r = try mdpdf("--theme", "mytheme.json", "x.md", in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.contains("mytheme.json:4:5: error: 'body.fontsize': unknown key, did you mean 'fontSize'?"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.pdf"))
        #expect(try mdpdf("theme", "show", "mytheme.json", in: dir).status == 65)
        #expect(try mdpdf("--set", "page.sise=letter", "x.md", in: dir).status == 65)
    }

    @Test func setPageSizeLetterGivesLetterPages() throws {
        let dir = try scratch()
        try "text\n".write(toFile: dir + "/x.md", atomically: true, encoding: .utf8)
        #expect(try mdpdf("--set", "page.size=letter", "x.md", in: dir).status == 0)
        #expect(try tool("pdfinfo", dir + "/x.pdf").contains("612 x 792 pts"))
    }

    /// The footer's page number is right on every page of a long document.
    @Test func pageNumbersAreRightOnEveryPage() throws {
        let dir = try scratch()
        var md = ""
        for i in 1...30 { md += "## Section \(i)\n\n" + String(repeating: "Words that fill the page, line after line. ", count: 60) + "\n\n- item\n- item\n\n" }
        try md.write(toFile: dir + "/long.md", atomically: true, encoding: .utf8)
        #expect(try mdpdf("long.md", "--set", "page.footer.center=Page {page} of {pages}", in: dir).status == 0)
        let info = try tool("pdfinfo", dir + "/long.pdf")
        let pages = Int(info.split(separator: "\n").first { $0.hasPrefix("Pages:") }!.split(separator: " ").last!)!
        #expect(pages > 5)
        for n in 1...pages {
            let text = try tool("pdftotext", "-f", "\(n)", "-l", "\(n)", "-layout", dir + "/long.pdf", "-")
            let last = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{0C}"))) }
                .last { !$0.isEmpty }
            #expect(last == "Page \(n) of \(pages)")
        }
    }

    @Test func eachShippedThemeRendersTheShowcaseDifferently() throws {
        let dir = try scratch()
        var pdfs: [Data] = []
        for theme in ["default", "github", "academic", "compact"] {
            let r = try mdpdf("--theme", theme, Self.root.appendingPathComponent("samples/showcase.md").path, "-o", dir + "/\(theme).pdf")
            #expect(r.status == 0, "\(theme): \(r.stderr)")
            pdfs.append(try Data(contentsOf: URL(fileURLWithPath: dir + "/\(theme).pdf")))
        }
        #expect(Set(pdfs).count == 4)
    }

    @Test func theFrontMatterChoosesATheme() throws {
        let dir = try scratch()
        try "---\ntitle: Paper\ntheme: academic\ntheme-overrides:\n  page.size: letter\n---\n# Paper\n\n## Intro\n\ntext\n".write(toFile: dir + "/p.md", atomically: true, encoding: .utf8)
        #expect(try mdpdf("p.md", in: dir).status == 0)
        #expect(try tool("pdfinfo", dir + "/p.pdf").contains("612 x 792 pts"))
        // The academic theme numbers level-2 headings.
        let words = try tool("pdftotext", dir + "/p.pdf", "-").split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        #expect(words.contains("Paper 1 Intro text"))
    }
}
