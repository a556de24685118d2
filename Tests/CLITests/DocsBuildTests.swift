import Foundation
import Testing

/// mdpdf as a step of a documentation build: folders in, mirrored trees out, collisions
/// refused before anything is written, links between converted files, `--deps` for make,
/// `--strict`, `-q`, `-M`, the progress line, and `--watch`.
@Suite("Docs build")
struct DocsBuildTests {
    /// docs/a.md, docs/sub/b.md (linking to each other), a hidden folder, a text file.
    func makeDocs(in dir: URL) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: dir.child("docs/sub"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.child("docs/.git"), withIntermediateDirectories: true)
        try dir.child("docs/a.md").write("# A\n\nSee [the part](sub/b.md#b-part), [all of b](sub/b.md) and [notes](notes.txt).\n")
        try dir.child("docs/sub/b.md").write("# B\n\n## B part\n\nBack to [a](../a.md#a).\n")
        try dir.child("docs/.git/x.md").write("# hidden\n")
        try dir.child("docs/notes.txt").write("not Markdown\n")
    }

    @Test func folderInputMirrorsItsTreeUnderTheOutputFolder() throws {
        try withTempDir { dir in
            try makeDocs(in: dir)
            let r = try mdpdf(["docs/", "-o", "out/site/"], cwd: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            let made = FileManager.default.enumerator(atPath: dir.child("out").path)?.compactMap { $0 as? String }.sorted() ?? []
            #expect(made == ["site", "site/a.pdf", "site/sub", "site/sub/b.pdf"], "\(made)")
            // A link to another converted file goes to its PDF (at the named anchor); a link
            // to any other local file stays a relative link.
            let a = try PDFObjects(pdf: dir.child("out/site/a.pdf")).links
            let remote = a.filter { $0.action?["/S"] as? String == "/GoToR" }
            #expect(remote.map { PDFObjects.text($0.action?["/F"]) } == ["sub/b.pdf", "sub/b.pdf"], "\(remote.map(\.action))")
            #expect(remote.map { PDFObjects.text($0.action?["/D"]) ?? "first page" } == ["b-part", "first page"])
            #expect(a.compactMap(\.uri) == ["notes.txt"])
            let b = try PDFObjects(pdf: dir.child("out/site/sub/b.pdf")).links
            #expect(b.map { PDFObjects.text($0.action?["/F"]) } == ["../a.pdf"])
            #expect(b.map { PDFObjects.text($0.action?["/D"]) } == ["a"])
            // Without -o, each PDF goes beside its Markdown file.
            let beside = try mdpdf(["docs"], cwd: dir)
            #expect(beside.status == 0, "\(beside.stderrText)")
            #expect(isPDF(dir.child("docs/a.pdf")) && isPDF(dir.child("docs/sub/b.pdf")))
            #expect(!FileManager.default.fileExists(atPath: dir.child("docs/.git/x.pdf").path))
        }
    }

    /// Two inputs that would write one PDF are an error naming both, before any PDF is
    /// written and before the output folder is created.
    @Test(arguments: [["docs/"], ["docs/a.md", "other/a.md"]])
    func outputCollisionIsAnErrorBeforeAnythingIsWritten(_ inputs: [String]) throws {
        try withTempDir { dir in
            try makeDocs(in: dir)
            try dir.child("docs/a.markdown").write("# Another A\n")
            try FileManager.default.createDirectory(at: dir.child("other"), withIntermediateDirectories: true)
            try dir.child("other/a.md").write("# Other A\n")
            let r = try mdpdf(inputs + ["-o", "out/"], cwd: dir)
            #expect(r.status == 64, "\(r.stderrText)")
            #expect(r.stderrText.contains("out/a.pdf would be written from both"), "\(r.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.child("out").path), "nothing is written")
        }
    }

    @Test func anEmptyFolderIsAnUnreadableInput() throws {
        try withTempDir { dir in
            try FileManager.default.createDirectory(at: dir.child("empty"), withIntermediateDirectories: true)
            let r = try mdpdf(["empty"], cwd: dir)
            #expect(r.status == 66, "\(r.stderrText)")
            #expect(r.stderrText.contains("empty: error: is a folder with no Markdown files"), "\(r.stderrText)")
        }
    }

    /// The rule names the PDF, the Markdown, the image, the theme and the theme it
    /// extends, and the fonts; make then rebuilds exactly when one of them changes.
    @Test func depsFileDrivesMake() throws {
        try withTempDir { dir in
            try FileManager.default.createDirectory(at: dir.child("themes"), withIntermediateDirectories: true)
            try dir.child("themes/base.json").write(##"{ "version": 1, "link": { "color": "#aa0000" } }"##)
            try dir.child("themes/my theme.json").write(#"{ "version": 1, "extends": "base.json" }"#)
            try Data(ImageBytes.png(width: 20, height: 10)).write(to: dir.child("pic.png"))
            try dir.child("doc.md").write("# Doc\n\n![a picture](pic.png) and ![gone](missing.png)\n")
            let args = ["doc.md", "-o", "doc.pdf", "--theme", "themes/my theme.json", "--deps", "doc.d"]
            let r = try mdpdf(args, cwd: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            let deps = try String(contentsOf: dir.child("doc.d"), encoding: .utf8)
            let rule = deps.components(separatedBy: "\n\n")[0]
            #expect(rule.hasPrefix("doc.pdf: \\\n  doc.md \\\n"), "\(deps)")
            for prerequisite in ["themes/my\\ theme.json", "themes/base.json", "pic.png"] {
                #expect(rule.contains("  " + prerequisite), "\(prerequisite) missing from: \(deps)")
            }
            #expect(rule.contains(".ttf") || rule.contains(".otf"), "no font file in: \(deps)")
            #expect(!deps.contains("missing.png"), "a missing file is no prerequisite: \(deps)")
            #expect(deps.contains("\npic.png:\n"), "an empty rule per prerequisite (gcc -MP): \(deps)")

            let bin = Paths.binary
            try dir.child("Makefile").write("""
                doc.pdf:
                \t\(bin) doc.md -o doc.pdf --theme "themes/my theme.json" --deps doc.d
                -include doc.d

                """)
            func upToDate() throws -> Bool { try run("/usr/bin/make", ["-q", "doc.pdf"], cwd: dir).status == 0 }
            #expect(try upToDate(), "make sees doc.pdf as up to date right after the conversion")
            for touched in ["pic.png", "themes/base.json", "doc.md"] {
                try setModificationTime(dir.child(touched), secondsFromNow: 10)
                #expect(try !upToDate(), "touching \(touched) makes doc.pdf out of date")
                #expect(try run("/usr/bin/make", ["doc.pdf"], cwd: dir).status == 0)
                try setModificationTime(dir.child("doc.pdf"), secondsFromNow: 20)
                #expect(try upToDate())
                try setModificationTime(dir.child(touched), secondsFromNow: -10)
                try setModificationTime(dir.child("doc.pdf"), secondsFromNow: 0)
            }
        }
    }

    func setModificationTime(_ url: URL, secondsFromNow: Double) throws {
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(secondsFromNow)], ofItemAtPath: url.path)
    }

    static let warningDocument = "# Doc\n\n![gone](missing.png)\n"

    /// Any warning fails the run with exit code 1 and no PDF, the warning printed as an error.
    @Test(arguments: [["--strict"], ["-W", "error"]])
    func strictMakesWarningsFail(_ flag: [String]) throws {
        try withTempDir { dir in
            try dir.child("doc.md").write(Self.warningDocument)
            try dir.child("clean.md").write("# Clean\n")
            let r = try mdpdf(flag + ["doc.md"], cwd: dir)
            #expect(r.status == 1, "\(r.stderrText)")
            #expect(r.stderrText.contains("doc.md:3:1: error: image 'missing.png' does not exist"), "\(r.stderrText)")
            #expect(r.stderrText.contains("doc.pdf is not written"), "\(r.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.child("doc.pdf").path))
            let clean = try mdpdf(flag + ["clean.md"], cwd: dir)
            #expect(clean.status == 0 && isPDF(dir.child("clean.pdf")), "\(clean.stderrText)")
            let lenient = try mdpdf(["doc.md"], cwd: dir)
            #expect(lenient.status == 0 && isPDF(dir.child("doc.pdf")), "\(lenient.stderrText)")
        }
    }

    @Test func quietPrintsErrorsButNoWarnings() throws {
        try withTempDir { dir in
            try dir.child("doc.md").write(Self.warningDocument)
            let r = try mdpdf(["-q", "doc.md"], cwd: dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(r.stderrText)")
            #expect(isPDF(dir.child("doc.pdf")))
            let missing = try mdpdf(["-q", "nope.md"], cwd: dir)
            #expect(missing.status == 66 && missing.stderrText.contains("nope.md"), "\(missing.stderrText)")
        }
    }

    /// `-M` sets front matter fields over the document's, as pandoc's does.
    @Test func metadataOptionSetsFrontMatterFields() throws {
        try withTempDir { dir in
            try dir.child("doc.md").write("---\ntitle: Written title\nauthor: Writer\n---\n\n# Heading\n\nText.\n\n## Second\n")
            let r = try mdpdf(["doc.md", "-M", "title=Given title", "--metadata", "author=Ada Lovelace", "-M", "toc",
                               "-M", "keywords=pdf, docs"], cwd: dir)
            #expect(r.status == 0, "\(r.stderrText)")
            let info = try pdfinfo(dir.child("doc.pdf"))
            #expect(info.fields["Title"] == "Given title")
            #expect(info.fields["Author"] == "Ada Lovelace")
            #expect(info.fields["Keywords"] == "pdf, docs")
            let text = try tool("pdftotext", [dir.child("doc.pdf").path, "-"]).stdoutText
            #expect(text.contains("Contents"), "-M toc asks for the contents: \(text)")
            let off = try mdpdf(["doc.md", "-M", "toc=false", "-o", "plain.pdf"], cwd: dir)
            #expect(off.status == 0)
            #expect(!(try tool("pdftotext", [dir.child("plain.pdf").path, "-"]).stdoutText.contains("Contents")))
            let bad = try mdpdf(["doc.md", "-M", "=x"], cwd: dir)
            #expect(bad.status == 64, "\(bad.stderrText)")
        }
    }

    /// Standard error is no terminal here: diagnostics only, no progress line; under a
    /// pseudo-terminal (`script`), a batch shows one, redrawn in place.
    @Test func progressLineOnlyOnATerminal() throws {
        try withTempDir { dir in
            try makeDocs(in: dir)
            let plain = try mdpdf(["docs/", "-o", "out/"], cwd: dir)
            #expect(plain.status == 0 && plain.stderr.isEmpty, "\(plain.stderrText)")
            let command = "'\(Paths.binary)' docs/ -o tty-out/"
            let tty = try run("/usr/bin/script", ["-qec", command, "/dev/null"], cwd: dir)
            #expect(tty.status == 0, "\(tty.stdoutText)")
            #expect(tty.stdoutText.contains("\r\u{1B}[K[1/2] docs/a.md"), "\(tty.stdoutText.debugDescription)")
            #expect(tty.stdoutText.contains("[2/2] docs/sub/b.md"), "\(tty.stdoutText.debugDescription)")
            #expect(isPDF(dir.child("tty-out/sub/b.pdf")))
        }
    }

    /// `--watch` converts, then converts again when the Markdown or an image it names
    /// changes (also one that did not exist yet), one line per rebuild; a failed rebuild
    /// keeps the last good PDF. Bounded: every wait gives up after 60 s.
    @Test func watchRebuildsWhenAFileItUsesChanges() throws {
        try withTempDir { dir in
            try dir.child("doc.md").write("# First version\n\n![pic](pic.png)\n")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Paths.binary)
            process.arguments = ["--watch", "doc.md", "-o", "out.pdf"]
            process.currentDirectoryURL = dir
            let logFile = dir.child("watch.log")
            FileManager.default.createFile(atPath: logFile.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: logFile)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }

            func log(contains text: String) -> Bool {
                (try? String(contentsOf: logFile, encoding: .utf8))?.contains(text) == true
            }
            func wait(_ what: String, _ condition: () -> Bool) throws {
                let deadline = Date().addingTimeInterval(60)
                while !condition() {
                    guard Date() < deadline, process.isRunning else {
                        throw ToolError(description: "watch: \(what) did not happen; log: \((try? String(contentsOf: logFile, encoding: .utf8)) ?? "")")
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
            func text() -> String { (try? tool("pdftotext", [dir.child("out.pdf").path, "-"]).stdoutText) ?? "" }

            try wait("the first conversion") { log(contains: "watching") }
            #expect(text().contains("First version"))
            try dir.child("doc.md").write("# Second version\n\n![pic](pic.png)\n")
            try wait("a rebuild after the Markdown changed") { log(contains: "rebuilt out.pdf") }
            #expect(text().contains("Second version"))
            let lines = (try String(contentsOf: logFile, encoding: .utf8)).split(separator: "\n")
            #expect(lines.contains { $0.range(of: #"^\[\d\d:\d\d:\d\d\] rebuilt out\.pdf \(1 page, "#, options: .regularExpression) != nil },
                    "\(lines)")

            // An image that did not exist when the document was converted.
            let before = try Data(contentsOf: dir.child("out.pdf"))
            try Data(ImageBytes.png(width: 40, height: 20)).write(to: dir.child("pic.png"))
            try wait("a rebuild after the image appeared") { (try? Data(contentsOf: dir.child("out.pdf"))) != before }

            // A rebuild that fails keeps the last good PDF and says so.
            let good = try Data(contentsOf: dir.child("out.pdf"))
            try dir.child("doc.md").write("---\ntheme: no-such-theme.json\n---\n# Broken\n")
            try wait("the failed rebuild's line") { log(contains: "out.pdf not rebuilt") }
            #expect(log(contains: "no-such-theme.json"))
            #expect(try Data(contentsOf: dir.child("out.pdf")) == good)
            #expect(process.isRunning, "a failed rebuild does not end the watch")
        }
    }
}
