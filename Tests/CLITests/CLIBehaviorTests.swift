import Foundation
import Testing

@Suite("CLI behaviour")
struct CLIBehaviorTests {
    static let note = "# Notes\n\nSome *text* and a [link](https://example.com).\n"

    @Test func writesBesideTheInput() throws {
        try withTempDir { dir in
            try dir.child("notes.md").write(Self.note)
            let r = try mdpdf([dir.child("notes.md").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(isPDF(dir.child("notes.pdf")))
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func outputOptionChoosesTheFile() throws {
        try withTempDir { dir in
            try dir.child("notes.md").write(Self.note)
            let r = try mdpdf([dir.child("notes.md").path, "-o", dir.child("other.pdf").path])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(isPDF(dir.child("other.pdf")))
            #expect(!FileManager.default.fileExists(atPath: dir.child("notes.pdf").path))
        }
    }

    @Test func stdinToStdout() throws {
        try withTempDir { dir in
            try dir.child("in.md").write(Self.note)
            let r = try mdpdf(["-", "-o", "-"], stdin: dir.child("in.md"))
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(r.stdout.starts(with: Data("%PDF-".utf8)), "stdout does not start with %PDF-")
            let tail = String(decoding: r.stdout.suffix(8), as: UTF8.self)
            #expect(tail.contains("%%EOF"), "stdout does not end with %%EOF: \(tail.debugDescription)")
            let pdf = dir.child("stdout.pdf")
            try r.stdout.write(to: pdf)
            let q = try qpdfCheck(pdf)
            #expect(q.ok, "\(q.output)")
            #expect(try pdfinfo(pdf).pages == 1)
        }
    }

    @Test func batchIntoAFolder() throws {
        try withTempDir { dir in
            try dir.child("a.md").write("# A\n")
            try dir.child("b.md").write("# B\n")
            try FileManager.default.createDirectory(at: dir.child("out"), withIntermediateDirectories: true)
            let r = try mdpdf([dir.child("a.md").path, dir.child("b.md").path, "-o", dir.child("out").path + "/"])
            #expect(r.status == 0, "\(r.stderrText)")
            #expect(isPDF(dir.child("out/a.pdf")))
            #expect(isPDF(dir.child("out/b.pdf")))
        }
    }

    @Test func version() throws {
        let r = try mdpdf(["--version"])
        #expect(r.status == 0)
        #expect(r.stdoutText.range(of: #"\d+\.\d+\.\d+"#, options: .regularExpression) != nil, "\(r.stdoutText)")
    }

    @Test func helpListsExitCodes() throws {
        let r = try mdpdf(["--help"])
        #expect(r.status == 0)
        for code in ["64", "65", "66", "70", "73"] {
            #expect(r.stdoutText.contains(code), "--help does not mention exit code \(code)")
        }
    }

    @Test func letterPageSize() throws {
        try withTempDir { dir in
            try dir.child("n.md").write(Self.note)
            let r = try mdpdf([dir.child("n.md").path, "--page-size", "letter"])
            #expect(r.status == 0, "\(r.stderrText)")
            let size = try pdfinfo(dir.child("n.pdf")).pageSize
            #expect(size.map { $0.0 == 612 && $0.1 == 792 } == true, "page size \(String(describing: size))")
        }
    }

    /// Two runs give the same bytes; with SOURCE_DATE_EPOCH, that is the PDF date.
    @Test(arguments: [nil, "1700000000"] as [String?])
    func deterministic(epoch: String?) throws {
        try withTempDir { dir in
            let src = try Corpus.source("argument-parser/README.md")
            let env = epoch.map { ["SOURCE_DATE_EPOCH": $0] } ?? [:]
            let r1 = try mdpdf([src.path, "-o", dir.child("1.pdf").path], environment: env)
            let r2 = try mdpdf([src.path, "-o", dir.child("2.pdf").path], environment: env)
            #expect(r1.status == 0 && r2.status == 0)
            let same = try Data(contentsOf: dir.child("1.pdf")) == Data(contentsOf: dir.child("2.pdf"))
            #expect(same, "two runs differ (SOURCE_DATE_EPOCH=\(epoch ?? "unset"))")
            if epoch != nil {
                let r = try run("/usr/bin/pdfinfo", ["-isodates", dir.child("1.pdf").path], environment: ["TZ": "UTC"])
                #expect(r.stdoutText.contains("CreationDate:    2023-11-14T22:13:20"), "\(r.stdoutText)")
                #expect(r.stdoutText.contains("ModDate:         2023-11-14T22:13:20"), "\(r.stdoutText)")
            }
        }
    }
}
