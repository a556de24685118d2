import Foundation
import Testing

/// Bad input: the right exit code, a message on stderr naming the file (and line),
/// no crash, no hang (each run is killed after 60 s), never a clobbered output.
@Suite("Bad input")
struct BadInputTests {
    func expectClean(_ r: ProcessResult, _ what: String) {
        #expect(!r.crashed, "\(what): mdpdf crashed (signal \(r.status)): \(r.stderrText.prefix(500))")
        #expect(!r.stderrText.contains("Fatal error"), "\(what): \(r.stderrText.prefix(500))")
    }

    func expectValidPDF(_ pdf: URL, pages: Int? = nil) throws {
        #expect(isPDF(pdf), "\(pdf.lastPathComponent) is not a PDF")
        guard isPDF(pdf) else { return }
        let q = try qpdfCheck(pdf)
        #expect(q.ok, "\(q.output)")
        if let pages { #expect(try pdfinfo(pdf).pages == pages) }
    }

    @Test func missingFile() throws {
        try withTempDir { dir in
            let r = try mdpdf([dir.child("nope.md").path])
            expectClean(r, "missing file")
            #expect(r.status == 66)
            #expect(r.stderrText.contains("nope.md"), "\(r.stderrText)")
        }
    }

    @Test func directory() throws {
        try withTempDir { dir in
            try FileManager.default.createDirectory(at: dir.child("folder.md"), withIntermediateDirectories: true)
            let r = try mdpdf([dir.child("folder.md").path])
            expectClean(r, "directory")
            #expect(r.status == 66)
            #expect(r.stderrText.contains("folder.md"), "\(r.stderrText)")
        }
    }

    @Test func binaryGarbage() throws {
        try withTempDir { dir in
            var bytes = [UInt8]("line one\nline two\n".utf8)
            var g = SystemRandomNumberGenerator()
            bytes += (0..<4096).map { _ in UInt8.random(in: 0...255, using: &g) } + [0, 0, 1, 2]
            try Data(bytes).write(to: dir.child("blob.md"))
            let r = try mdpdf([dir.child("blob.md").path])
            expectClean(r, "binary")
            #expect(r.status == 66)
            #expect(r.stderrText.contains("blob.md"), "\(r.stderrText)")
            #expect(r.stderrText.contains("line"), "no line named: \(r.stderrText)")
            #expect(!FileManager.default.fileExists(atPath: dir.child("blob.pdf").path))
        }
    }

    @Test func invalidUTF8WarnsWithTheLine() throws {
        try withTempDir { dir in
            try Data("good line\n\nbad \u{FF}".utf8.map { $0 } + [0xFF, 0xFE, 0x41, 0x0A]).write(to: dir.child("bad.md"))
            let r = try mdpdf([dir.child("bad.md").path])
            expectClean(r, "invalid UTF-8")
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stderrText.contains("bad.md:3:"), "warning does not name line 3: \(r.stderrText)")
            #expect(r.stderrText.contains("warning:"), "\(r.stderrText)")
            try expectValidPDF(dir.child("bad.pdf"))
        }
    }

    @Test func emptyFile() throws {
        try withTempDir { dir in
            try dir.child("empty.md").write("")
            let r = try mdpdf([dir.child("empty.md").path])
            expectClean(r, "empty")
            #expect(r.status == 0, "\(r.stderrText)")
            try expectValidPDF(dir.child("empty.pdf"), pages: 1)
        }
    }

    @Test func deeplyNestedQuotes() throws {
        try withTempDir { dir in
            try dir.child("deep.md").write(String(repeating: ">", count: 5000) + " deep text\n")
            let r = try mdpdf([dir.child("deep.md").path])
            expectClean(r, "nested quotes")
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stderrText.contains("deep.md:1:"), "\(r.stderrText)")
            #expect(r.stderrText.lowercased().contains("nest"), "no warning about nesting: \(r.stderrText)")
            try expectValidPDF(dir.child("deep.pdf"))
            let text = try tool("pdftotext", [dir.child("deep.pdf").path, "-"]).stdoutText
            #expect(text.contains("deep text"))
        }
    }

    @Test func hugeWord() throws {
        try withTempDir { dir in
            try dir.child("word.md").write("before\n\n" + String(repeating: "x", count: 200_000) + "\n\nafter\n")
            let r = try mdpdf([dir.child("word.md").path], timeout: 60)
            expectClean(r, "huge word")
            #expect(r.status == 0, "\(r.stderrText)")
            let pdf = dir.child("word.pdf")
            try expectValidPDF(pdf)
            let words = try pdfWords(pdf)
            let bad = wordsOutsideBody(words)
            let inside = bad.isEmpty
            #expect(inside, "\(bad.count) word boxes outside the body: \(bad.prefix(3))")
            let xs = words.words.reduce(0) { $0 + $1.text.filter { $0 == "x" }.count }
            #expect(xs == 200_000, "\(xs) of 200000 x printed")
        }
    }

    @Test func unknownOption() throws {
        let r = try mdpdf(["--frobnicate", "a.md"])
        expectClean(r, "unknown option")
        #expect(r.status == 64)
        #expect(r.stderrText.contains("frobnicate"), "\(r.stderrText)")
    }

    @Test func missingThemeFile() throws {
        try withTempDir { dir in
            try dir.child("n.md").write("# N\n")
            let r = try mdpdf([dir.child("n.md").path, "--theme", dir.child("nothere.json").path])
            expectClean(r, "missing theme")
            #expect(r.status == 65)
            #expect(r.stderrText.contains("nothere.json"), "\(r.stderrText)")
        }
    }

    @Test func themeWithUnknownKey() throws {
        try withTempDir { dir in
            try dir.child("n.md").write("# N\n")
            try dir.child("t.json").write(##"{ "version": 1, "body": { "fontSize": "11pt", "colour": "#000000" } }"##)
            let r = try mdpdf([dir.child("n.md").path, "--theme", dir.child("t.json").path])
            expectClean(r, "unknown theme key")
            #expect(r.status == 65)
            #expect(r.stderrText.contains("colour"), "message does not name the key: \(r.stderrText)")
        }
    }

    /// A failing run leaves an existing output as it was, and no temporary file.
    @Test(arguments: ["missing theme", "binary input"])
    func neverClobbers(_ failure: String) throws {
        try withTempDir { dir in
            let out = dir.child("out.pdf")
            let old = Data("previous content\n".utf8)
            try old.write(to: out)
            var args: [String]
            if failure == "missing theme" {
                try dir.child("n.md").write("# N\n")
                args = [dir.child("n.md").path, "--theme", dir.child("nothere.json").path]
            } else {
                try Data([0x23, 0x20, 0x41, 0x00, 0xFF, 0x00]).write(to: dir.child("n.md"))
                args = [dir.child("n.md").path]
            }
            let r = try mdpdf(args + ["-o", out.path])
            expectClean(r, failure)
            #expect(r.status != 0)
            #expect(try Data(contentsOf: out) == old, "\(failure): the existing output was replaced")
            let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
            let temps = names.filter { $0.hasPrefix(".") && $0.contains(".mdpdf-") }
            #expect(temps.isEmpty, "temporary files left: \(temps)")
        }
    }
}
