import Foundation
import Testing

/// The security model, checked on the built binary: a document reads only regular files
/// under its folder (or `--root`, `--allow-read`), never blocks on a FIFO or a device,
/// never inflates an image past the pixel limit, and its PDF's links cannot launch
/// programs or run scripts. Every refusal has a message naming the file and line and a
/// documented exit code, and never touches an existing output.
@Suite("Safety")
struct SafetyTests {
    /// Images embedded in a PDF (`pdfimages -list`: two header lines, then one per image).
    func imageCount(_ pdf: URL) throws -> Int {
        let r = try tool("pdfimages", ["-list", pdf.path])
        guard r.status == 0 else { throw ToolError(description: "pdfimages failed: \(r.stderrText)") }
        return r.stdoutText.split(separator: "\n").count - 2
    }

    func text(_ pdf: URL) throws -> String { try tool("pdftotext", [pdf.path, "-"]).stdoutText }

    func expectClean(_ r: ProcessResult, _ what: String) {
        #expect(!r.crashed, "\(what): mdpdf crashed: \(r.stderrText.prefix(500))")
        #expect(!r.stderrText.contains("Fatal error"), "\(what): \(r.stderrText.prefix(500))")
    }

    func expectValidPDF(_ pdf: URL) throws {
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "\(q.output)")
        #expect(try pdffonts(pdf).allSatisfy(\.embedded))
    }

    // MARK: What a document may read

    @Test func imagesOutsideTheDocumentsFolderAreReadOnlyWhenAllowed() throws {
        try withTempDir { dir in
            let docs = dir.child("docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            try Data(ImageBytes.png(width: 4, height: 4)).write(to: dir.child("logo.png"))
            try docs.child("a.md").write("# Title\n\n![the logo](../logo.png)\n")
            let refused = try mdpdf([docs.child("a.md").path])
            expectClean(refused, "image outside")
            #expect(refused.status == 0, "\(refused.stderrText)")
            #expect(refused.stderrText.contains("a.md:3:1: warning: image '../logo.png' is outside the folders mdpdf may read"),
                    "\(refused.stderrText)")
            #expect(refused.stderrText.contains("--allow-read"), "the hint says how to allow it: \(refused.stderrText)")
            #expect(try imageCount(docs.child("a.pdf")) == 0)
            #expect(try text(docs.child("a.pdf")).contains("the logo"), "the alt text is printed")
            try expectValidPDF(docs.child("a.pdf"))

            for option in [["--root", dir.path], ["--allow-read", dir.path]] {
                let allowed = try mdpdf(option + [docs.child("a.md").path])
                #expect(allowed.status == 0 && allowed.stderrText.isEmpty, "\(option): \(allowed.stderrText)")
                #expect(try imageCount(docs.child("a.pdf")) == 1, "\(option)")
            }
        }
    }

    @Test func aSymbolicLinkLeadingOutOfTheFolderIsRefused() throws {
        try withTempDir { dir in
            let docs = dir.child("docs"), secret = dir.child("secret")
            for d in [docs, secret] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
            try Data(ImageBytes.png(width: 2, height: 2)).write(to: secret.child("private.png"))
            try FileManager.default.createSymbolicLink(atPath: docs.child("innocent.png").path, withDestinationPath: secret.child("private.png").path)
            try docs.child("a.md").write("![x](innocent.png)\n")
            let r = try mdpdf([docs.child("a.md").path])
            #expect(r.status == 0)
            #expect(r.stderrText.contains("a.md:1:1: warning: image 'innocent.png' is outside") && r.stderrText.contains("private.png"),
                    "\(r.stderrText)")
            #expect(try imageCount(docs.child("a.pdf")) == 0)
        }
    }

    /// The old code opened these and read until end of file: a FIFO with no writer
    /// blocked forever (the run is killed after 30 s here).
    @Test func anImageThatIsAFIFOOrADeviceIsNotReadAndNothingHangs() throws {
        try withTempDir { dir in
            #expect(mkfifo(dir.child("pipe.png").path, 0o600) == 0)
            try dir.child("a.md").write("![pipe](pipe.png)\n\n![device](/dev/zero)\n")
            let r = try mdpdf(["--allow-read", "/dev", dir.child("a.md").path], timeout: 30)
            expectClean(r, "FIFO image")
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stderrText.contains("a.md:1:1: warning: image 'pipe.png' is a FIFO (named pipe), not a regular file"), "\(r.stderrText)")
            #expect(r.stderrText.contains("a.md:3:1: warning: image '/dev/zero' is a device, not a regular file"), "\(r.stderrText)")
            try expectValidPDF(dir.child("a.pdf"))
        }
    }

    /// Each broken or oversized image prints a placeholder with its alt text and a warning
    /// at its line; the old code failed the whole conversion (exit 70) or, for the bomb,
    /// decoded 1.6 GB.
    @Test(arguments: [
        ("cut short", Array(ImageBytes.png(width: 30, height: 30).prefix(60)), "a chunk runs past the end of the file"),
        ("not zlib", ImageBytes.png(width: 30, height: 30, idat: Array("not compressed data".utf8)), "not valid compressed data"),
        ("too little data", ImageBytes.png(width: 30, height: 30, idat: ImageBytes.zlibStored([0, 1, 2])), "cut short (3 of 930 bytes)"),
        ("bad filter", ImageBytes.png(width: 2, height: 1, idat: ImageBytes.zlibStored([9, 1, 2])), "invalid filter type"),
        ("bomb", ImageBytes.png(width: 20_000, height: 20_000, idat: ImageBytes.zlibStored([0])), "is 20000 × 20000 pixels, more than mdpdf embeds"),
        ("too wide", ImageBytes.png(width: 40_000, height: 1, idat: ImageBytes.zlibStored([0])), "is 40000 × 1 pixels"),
        ("huge JPEG header", ImageBytes.jpegHeader(width: 60_000, height: 60_000), "is not a valid JPEG file: Invalid JPEG file structure: missing SOS marker"),
        ("huge GIF", ImageBytes.gifHeader(width: 30_000, height: 30_000), "is 30000 × 30000 pixels, more than mdpdf embeds"),
        ("bad CRC", ImageBytes.png(width: 2, height: 2).enumerated().map { $0.offset == 45 ? $0.element ^ 0xFF : $0.element }, "checksum"),
    ])
    func brokenOrOversizedImagesPrintTheirAltText(_ name: String, _ bytes: [UInt8], _ why: String) throws {
        try withTempDir { dir in
            try Data(bytes).write(to: dir.child("img.bin"))
            try Data(ImageBytes.png(width: 3, height: 3)).write(to: dir.child("good.png"))
            try dir.child("a.md").write("Before.\n\n![alt words](img.bin)\n\n![good](good.png)\n")
            let r = try mdpdf([dir.child("a.md").path], timeout: 30)
            expectClean(r, name)
            #expect(r.status == 0, "\(name): \(r.stderrText)")
            #expect(r.stderrText.contains("a.md:3:1: warning: image 'img.bin'") && r.stderrText.contains(why), "\(name): \(r.stderrText)")
            #expect(try text(dir.child("a.pdf")).contains("alt words"), "\(name): the alt text is printed")
            #expect(try imageCount(dir.child("a.pdf")) == 1, "\(name): the good image is still drawn")
            try expectValidPDF(dir.child("a.pdf"))
        }
    }

    @Test func goodImagesGiveTheSameBytesEveryTime() throws {
        try withTempDir { dir in
            try Data(ImageBytes.png(width: 64, height: 48)).write(to: dir.child("p.png"))
            try dir.child("a.md").write("![p](p.png)\n")
            var outputs: [Data] = []
            for name in ["one.pdf", "two.pdf"] {
                let r = try mdpdf([dir.child("a.md").path, "-o", dir.child(name).path], environment: ["SOURCE_DATE_EPOCH": "1700000000"])
                #expect(r.status == 0, "\(r.stderrText)")
                outputs.append(try Data(contentsOf: dir.child(name)))
            }
            #expect(outputs[0] == outputs[1])
            #expect(try imageCount(dir.child("one.pdf")) == 1)
        }
    }

    @Test func aFrontMatterThemeOutsideTheFolderIsRefusedAtItsLine() throws {
        try withTempDir { dir in
            let docs = dir.child("docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            try dir.child("t.json").write(#"{ "version": 1 }"#)
            try docs.child("a.md").write("---\ntitle: x\ntheme: ../t.json\n---\nText.\n")
            try Data("previous".utf8).write(to: docs.child("a.pdf"))
            let r = try mdpdf([docs.child("a.md").path])
            expectClean(r, "theme outside")
            #expect(r.status == 77, "\(r.stderrText)")
            #expect(r.stderrText.contains("a.md:3:1: error: the front matter's theme file '../t.json' is outside"), "\(r.stderrText)")
            #expect(try Data(contentsOf: docs.child("a.pdf")) == Data("previous".utf8), "the existing output is untouched")
            #expect(try mdpdf(["--root", dir.path, docs.child("a.md").path]).status == 0)
        }
    }

    @Test func filesAThemeNamesFollowTheSameRules() throws {
        try withTempDir { dir in
            let docs = dir.child("docs")
            try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
            try dir.child("base.json").write(#"{ "version": 1 }"#)
            try docs.child("t.json").write("{\n  \"version\": 1,\n  \"extends\": \"../base.json\"\n}\n")
            try docs.child("a.md").write("---\ntheme: t.json\n---\nText.\n")
            let outside = try mdpdf([docs.child("a.md").path])
            #expect(outside.status == 77, "\(outside.stderrText)")
            #expect(outside.stderrText.contains("t.json:3:14: error: theme file"), "the extends value is named: \(outside.stderrText)")

            // A font file that is a FIFO: fontconfig would block on it forever.
            #expect(mkfifo(docs.child("font.ttf").path, 0o600) == 0)
            try docs.child("b.md").write("---\ntheme-overrides:\n  fonts.Brand.regular: font.ttf\n---\nText.\n")
            let fifo = try mdpdf([docs.child("b.md").path], timeout: 30)
            expectClean(fifo, "font FIFO")
            #expect(fifo.status == 65, "\(fifo.stderrText)")
            #expect(fifo.stderrText.contains("b.md:3:3: error: 'fonts.Brand.regular'") && fifo.stderrText.contains("FIFO"),
                    "\(fifo.stderrText)")
        }
    }

    /// A theme chosen on the command line is the user's own: its folder may be read.
    @Test func theFolderOfTheThemeOptionIsAllowed() throws {
        try withTempDir { dir in
            let docs = dir.child("docs"), themes = dir.child("themes")
            for d in [docs, themes] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
            try themes.child("base.json").write(#"{ "version": 1, "body": { "fontSize": "13pt" } }"#)
            try themes.child("t.json").write(#"{ "version": 1, "extends": "base.json" }"#)
            try docs.child("a.md").write("Text.\n")
            let r = try mdpdf(["--theme", themes.child("t.json").path, docs.child("a.md").path])
            #expect(r.status == 0, "\(r.stderrText)")

            // The user's theme may come through a pipe; a document's may not.
            let piped = try run("/bin/bash", ["-c", "\"$0\" --theme <(echo '{ \"version\": 1 }') \"$1\"", Paths.binary, docs.child("a.md").path],
                                timeout: 60)
            #expect(piped.status == 0, "\(piped.stderrText)")
            #expect(mkfifo(docs.child("pipe.json").path, 0o600) == 0)
            try docs.child("b.md").write("---\ntheme: pipe.json\n---\nText.\n")
            let fifo = try mdpdf([docs.child("b.md").path], timeout: 30)
            #expect(fifo.status == 65, "\(fifo.stderrText)")
            #expect(fifo.stderrText.contains("b.md:2:1: error: the front matter's theme file 'pipe.json' is a FIFO"), "\(fifo.stderrText)")
        }
    }

    // MARK: Input size

    @Test func inputsLargerThanTheLimitAreRefusedWithoutTouchingTheOutput() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(String(repeating: "word ", count: 400))
            try Data("previous".utf8).write(to: dir.child("a.pdf"))
            let r = try mdpdf(["--max-input-size", "1k", dir.child("a.md").path])
            expectClean(r, "too large")
            #expect(r.status == 77, "\(r.stderrText)")
            #expect(r.stderrText.contains("a.md: error: the input is larger than --max-input-size, 1 KiB (it is 2000 bytes)"), "\(r.stderrText)")
            #expect(try Data(contentsOf: dir.child("a.pdf")) == Data("previous".utf8))
            #expect(try mdpdf(["--max-input-size", "2k", dir.child("a.md").path]).status == 0)

            // An input that never ends: the old code read /dev/zero until memory ran out.
            let zero = try mdpdf(["-", "-o", dir.child("z.pdf").path], stdin: URL(fileURLWithPath: "/dev/zero"), timeout: 60)
            expectClean(zero, "/dev/zero")
            #expect(zero.status == 77, "\(zero.stderrText)")
            #expect(zero.stderrText.contains("<stdin>: error: the input is larger than --max-input-size, 16 MiB"), "\(zero.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.child("z.pdf").path))
        }
    }

    @Test(arguments: [
        (["--root", "/no/such/folder"], "--root /no/such/folder: no such folder"),
        (["--allow-read", "/no/such/folder"], "--allow-read /no/such/folder: no such folder"),
        (["--max-input-size", "lots"], "--max-input-size takes a size"),
        (["--max-input-size", "0"], "--max-input-size takes a size"),
    ])
    func badSafetyOptionsAreUsageErrors(_ options: [String], _ message: String) throws {
        try withTempDir { dir in
            try dir.child("a.md").write("Text.\n")
            let r = try mdpdf(options + [dir.child("a.md").path])
            #expect(r.status == 64, "\(r.stderrText)")
            #expect(r.stderrText.contains(message), "\(r.stderrText)")
        }
    }

    /// `-o` naming the input (or a text file named like its own PDF) would replace the
    /// Markdown with the PDF; the old code did.
    @Test func theOutputIsNeverTheInputItself() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("# Keep me\n")
            try dir.child("notes.pdf").write("Text in a file named like a PDF.\n")
            for args in [[dir.child("a.md").path, "-o", dir.child("a.md").path], [dir.child("notes.pdf").path]] {
                let r = try mdpdf(args)
                #expect(r.status == 64, "\(args): \(r.stderrText)")
                #expect(r.stderrText.contains("is the input file itself"), "\(r.stderrText)")
            }
            #expect(try String(contentsOf: dir.child("a.md"), encoding: .utf8) == "# Keep me\n")
            #expect(try String(contentsOf: dir.child("notes.pdf"), encoding: .utf8) == "Text in a file named like a PDF.\n")
        }
    }

    // MARK: What the PDF can do

    static let unsafeLinks = """
        Run [the installer](setup.sh), read [the manual](manual.pdf), visit [the site](https://example.com).

        Click [me](javascript:alert(1)) or [this](file:///usr/bin/xterm) or [that](ms-msdt:/id%20x).

        Or [vb](vbscript:msgbox) or [data](data:text/html,hi) or [notes](docs/my%20notes.txt#top).
        """

    /// Links to local files other than PDFs are plain relative `/URI` links (as Chrome
    /// and Typst write them), never `/Launch`; PDFs keep `/GoToR`; scripts and unknown
    /// schemes are not clickable, with a warning at each.
    @Test func linksThatWouldLaunchFilesOrRunScriptsAreNotClickable() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.unsafeLinks)
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let links = try PDFObjects(pdf: dir.child("a.pdf")).links
            let kinds = links.compactMap { $0.action?["/S"] as? String }
            #expect(!kinds.contains("/Launch"), "\(kinds)")
            #expect(links.compactMap(\.uri) == ["setup.sh", "https://example.com", "docs/my%20notes.txt#top"], "\(links.compactMap(\.uri))")
            #expect(links.contains { $0.action?["/S"] as? String == "/GoToR" && PDFObjects.text($0.action?["/F"]) == "manual.pdf" })
            for (at, link) in [("3:7", "javascript:alert(1)"), ("3:36", "file:///usr/bin/xterm"), ("3:69", "ms-msdt:/id%20x"),
                               ("5:4", "vbscript:msgbox"), ("5:29", "data:text/html,hi")] {
                #expect(r.stderrText.contains("a.md:\(at): warning: link '\(link)'"), "\(link): \(r.stderrText)")
            }
            #expect(!r.stderrText.contains("setup.sh"), "a relative link is not warned about: \(r.stderrText)")
            #expect(r.stderrText.contains("link.launchFiles"), "the hint names the theme key: \(r.stderrText)")
            // The words are all still there, in link color.
            let words = try text(dir.child("a.pdf"))
            #expect(words.contains("the installer") && words.contains("me") && words.contains("this"))
            try expectValidPDF(dir.child("a.pdf"))
        }
    }

    @Test func launchFilesMakesFileLinksClickableAgainButNeverScripts() throws {
        try withTempDir { dir in
            try dir.child("a.md").write(Self.unsafeLinks)
            let r = try mdpdf(["--set", "link.launchFiles=true", dir.child("a.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            let links = try PDFObjects(pdf: dir.child("a.pdf")).links
            #expect(links.contains { $0.action?["/S"] as? String == "/Launch" && PDFObjects.text($0.action?["/F"]) == "setup.sh" })
            #expect(links.compactMap(\.uri).sorted() == ["file:///usr/bin/xterm", "https://example.com"])
            #expect(r.stderrText.contains("'javascript:alert(1)' uses the scheme 'javascript:'"), "\(r.stderrText)")
        }
    }

    /// The document is untrusted, so it cannot turn `link.launchFiles` on for itself,
    /// neither in its front matter nor in a theme file its front matter chooses.
    @Test func aDocumentCannotMakeItsOwnLinksLaunchFiles() throws {
        try withTempDir { dir in
            try dir.child("t.json").write("{\n  \"version\": 1,\n  \"link\": { \"launchFiles\": true }\n}\n")
            for (name, frontMatter, at) in [("a", "theme-overrides:\n  link.launchFiles: true", "a.md:3:3"),
                                             ("b", "theme: t.json", "t.json:3:")] {
                try dir.child("\(name).md").write("---\n\(frontMatter)\n---\nRun [the installer](setup.sh).\n")
                let r = try mdpdf([dir.child("\(name).md").path])
                #expect(r.status == 0, "\(r.stderrText)")
                #expect(r.stderrText.contains("\(at)") && r.stderrText.contains("warning: 'link.launchFiles' is ignored"), "\(name): \(r.stderrText)")
                let kinds = try PDFObjects(pdf: dir.child("\(name).pdf")).links.compactMap { $0.action?["/S"] as? String }
                #expect(!kinds.contains("/Launch"), "\(name): \(kinds)")
            }
            // The same theme chosen by the user is the user's.
            let chosen = try mdpdf(["--theme", dir.child("t.json").path, dir.child("a.md").path, "-o", dir.child("c.pdf").path])
            #expect(try PDFObjects(pdf: dir.child("c.pdf")).links.contains { $0.action?["/S"] as? String == "/Launch" }, "\(chosen.stderrText)")
        }
    }

    // MARK: Theme values

    @Test(arguments: [
        ("\"fontSize\": \"0pt\"", "'body.fontSize': '0pt' is not a font size"),
        ("\"fontSize\": 0", "'body.fontSize': 0 is not a font size"),
        ("\"fontSize\": \"-4pt\"", "'body.fontSize': '-4pt' is not a length: write a number of 0 or more"),
        ("\"fontSize\": \"20000pt\"", "'body.fontSize': '20000pt' is too large for a font size: at most 10000pt"),
        ("\"fontSize\": \"150em\"", "'body.fontSize': '150em' is too large: at most 100em"),
    ])
    func fontSizesOutOfRangeAreThemeErrorsAtTheirLine(_ value: String, _ message: String) throws {
        try withTempDir { dir in
            try dir.child("t.json").write("{\n  \"version\": 1,\n  \"body\": {\n    \(value)\n  }\n}\n")
            try dir.child("a.md").write("Text.\n")
            let r = try mdpdf(["--theme", dir.child("t.json").path, dir.child("a.md").path])
            expectClean(r, value)
            #expect(r.status == 65, "\(value): \(r.stderrText)")
            #expect(r.stderrText.contains("t.json:4:") && r.stderrText.contains(message), "\(value): \(r.stderrText)")
        }
    }

    /// The old code accepted these and lost text silently (drawn outside the page or
    /// too small to see).
    @Test(arguments: [
        (["page.margins.left=-30pt"], "'page.margins.left': '-30pt' is not a length"),
        (["paragraph.firstLineIndent=-300pt"], "'paragraph.firstLineIndent': '-300pt' is not a length"),
        ([#"page.size={"width":"300in","height":"10in"}"#], "'page.size.width': '300in' is too large: at most 14400pt (200in"),
        (["codeBlock.fontSize=0em"], "'codeBlock.fontSize': '0em' is not a font size"),
        // Each size is allowed, but nested they would set text at 105,000pt, which FreeType
        // cannot (the old code failed in the renderer, exit 70).
        (["table.fontSize=100em", "codeSpan.fontSize=100em"], "'table.fontSize': text could be set at 105000pt (body.fontSize 10.5pt, table.fontSize ×100, codeSpan.fontSize ×100)"),
    ])
    func lengthsOutOfRangeAreThemeErrors(_ settings: [String], _ message: String) throws {
        try withTempDir { dir in
            try dir.child("a.md").write("Text.\n")
            let r = try mdpdf(settings.flatMap { ["--set", $0] } + [dir.child("a.md").path])
            #expect(r.status == 65, "\(settings): \(r.stderrText)")
            #expect(r.stderrText.contains(message), "\(settings): \(r.stderrText)")
        }
    }

    // MARK: Messages

    @Test func controlCharactersFromTheDocumentAreEscapedInMessages() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("![x](\u{1B}[2J\u{1B}]0;owned\u{07}.png)\n")
            let r = try mdpdf([dir.child("a.md").path])
            #expect(r.status == 0)
            #expect(!r.stderr.contains(0x1B) && !r.stderr.contains(0x07), "\(r.stderrText.debugDescription)")
            #expect(r.stderrText.contains(#"image '\u{1B}[2J\u{1B}]0;owned\u{7}.png'"#), "\(r.stderrText)")
        }
    }

    // MARK: Fuzz findings

    /// Replays every saved fuzz input (Tests/Fuzz/regressions) and the seeds through the
    /// fuzz target's own conversion, built as a plain replayer by `swift build`.
    @Test func fuzzRegressionsAndSeedsConvert() throws {
        let bin = Paths.packageRoot.appendingPathComponent(".build/debug/mdpdf-fuzz").path
        guard FileManager.default.isExecutableFile(atPath: bin) else {
            throw ToolError(description: "\(bin) not found: run `swift build` first (`make test` does)")
        }
        let fuzz = Paths.packageRoot.appendingPathComponent("Tests/Fuzz")
        var inputs: [String] = []
        for folder in ["regressions", "seeds"] {
            let dir = fuzz.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() where !name.hasPrefix(".") {
                inputs.append(dir.appendingPathComponent(name).path)
            }
        }
        #expect(inputs.count >= 4)
        let r = try run(bin, inputs, timeout: 300)
        #expect(!r.timedOut && !r.crashed && r.status == 0, "\(r.stderrText.suffix(2000))")
        #expect(r.stdoutText.split(separator: "\n").count == inputs.count, "\(r.stdoutText)")
    }
}
