import Foundation
import Testing

/// `-j N` converts several inputs side by side; the PDFs, the warnings and their order
/// are those of a serial run.
@Suite struct ParallelJobsTests {
    @Test func parallelRunMatchesSerialRun() throws {
        try withTempDir { dir in
            var inputs: [String] = []
            for n in 1...5 {
                let body = (1...(40 * n)).map { "Paragraph \($0) of file \(n) with ![missing](nowhere\(n).png) an image." }
                let file = dir.child("doc\(n).md")
                try file.write("# File \(n)\n\n" + body.joined(separator: "\n\n") + "\n")
                inputs.append(file.path)
            }
            func convert(_ jobs: String, into out: String) throws -> String {
                let folder = dir.child(out)
                let r = try mdpdf(inputs + ["-o", folder.path + "/", "-j", jobs],
                                  environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 240)
                #expect(r.status == 0, "-j \(jobs): \(r.stderrText)")
                return r.stderrText
            }
            let serial = try convert("1", into: "serial")
            let parallel = try convert("3", into: "parallel")
            #expect(parallel == serial, "warnings differ:\n\(parallel)\n---\n\(serial)")
            // The warnings name the files in input order.
            let named = serial.split(separator: "\n").compactMap { line in (1...5).first { line.contains("doc\($0).md") } }
            #expect(!named.isEmpty && named == named.sorted(), "\(named)")
            for n in 1...5 {
                let a = try Data(contentsOf: dir.child("serial/doc\(n).pdf"))
                let b = try Data(contentsOf: dir.child("parallel/doc\(n).pdf"))
                #expect(a == b, "doc\(n).pdf differs between -j 1 and -j 3")
            }
        }
    }

    /// A batch writes each PDF as soon as its job ends, not in input order: the first
    /// file, small, is converted last (largest first), and the larger ones' PDFs are
    /// already written by then. Its warnings still come first, and a PDF that cannot be
    /// written is reported in its place in the order.
    @Test func batchWritesEachPDFWhenItsJobEnds() throws {
        try withTempDir { dir in
            try dir.child("small.md").write("# Small\n\n![missing](nowhere.png)\n")
            var big: [String] = []
            // big2 three times big1: big1 ends first, and small.md starts only then.
            for n in 1...2 {
                let body = (1...(n == 1 ? 300 : 900)).map { "Paragraph \($0) of the large file \(n), long enough to take a while to set." }
                try dir.child("big\(n).md").write("# Big \(n)\n\n![gone](gone\(n).png)\n\n" + body.joined(separator: "\n\n") + "\n")
                big.append(dir.child("big\(n).md").path)
            }
            // big2's output is a folder: it cannot be written.
            try FileManager.default.createDirectory(at: dir.child("out/big2.pdf"), withIntermediateDirectories: true)
            let r = try mdpdf([dir.child("small.md").path] + big + ["-o", dir.child("out").path + "/", "-j", "2"],
                              environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 240)
            #expect(r.status != 0, "big2.pdf is a folder: the run fails")
            func modified(_ name: String) throws -> Date {
                try #require(try FileManager.default.attributesOfItem(atPath: dir.child("out/\(name)").path)[.modificationDate] as? Date)
            }
            #expect(try modified("big1.pdf") < modified("small.pdf"), "big1.pdf waited for small.md, which ran last")
            let lines = r.stderrText.split(separator: "\n").map(String.init)
            let order = ["small.md", "big1.md", "big2"].map { name in lines.firstIndex { $0.contains(name) } ?? -1 }
            #expect(order.allSatisfy { $0 >= 0 } && order == order.sorted(), "messages out of input order:\n\(r.stderrText)")
            #expect(lines.contains { $0.contains("big2.pdf") }, "no message about big2.pdf:\n\(r.stderrText)")
        }
    }

    /// `-j 1` keeps a conversion on one core: its whole work is done on the main thread.
    /// strace sees no thread started for a document that would start every helper
    /// thread a conversion has (long enough to free cmark's tree apart and to load the
    /// highlighter ahead, with a code fence naming a language, a PNG for the image
    /// worker, CJK text for HarfBuzz's font subsets, and over a thousand objects for the
    /// object streams deflated ahead); `-j 2` starts them, and both PDFs and the
    /// warnings are the same bytes. An SVG with a filter effect, which librsvg draws on
    /// rayon's thread pool, starts that pool's one thread (`RAYON_NUM_THREADS` set from
    /// `-j`) and no other. Without `-j`, a document shorter than a page starts no thread
    /// either unless it shows an image (whose work goes to a helper thread), and its PDF is
    /// the one `-j 2` makes.
    @Test func oneJobRunsOnOneThread() throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is missing: scripts/setup.sh installs it")
        try withTempDir { dir in
            var text = ""
            for chapter in ["chapter02.md", "chapter03.md"] {
                text += try String(contentsOf: Paths.corpus.appendingPathComponent("rust-book/" + chapter), encoding: .utf8) + "\n\n"
            }
            text += "![A screenshot](shot.png)\n\n中文的段落，用于测试字体。日本語の文章です。\n\n```rust\nfn main() {}\n```\n"
            try text.write(to: dir.child("long.md"), atomically: true, encoding: .utf8)
            try #"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><filter id="b"><feGaussianBlur stdDeviation="5"/></filter><rect x="20" y="20" width="160" height="60" fill="blue" filter="url(#b)"/></svg>"#
                .write(to: dir.child("blur.svg"), atomically: true, encoding: .utf8)
            try "# Blurred\n\n![A blurred rectangle](blur.svg)\n".write(to: dir.child("svg.md"), atomically: true, encoding: .utf8)
            let prose = "# Short\n\nA paragraph with *emphasis*, `code`, a [link](https://example.com) and a footnote.[^1]\n\n[^1]: The note.\n"
            try prose.write(to: dir.child("short.md"), atomically: true, encoding: .utf8)
            try (prose + "\n> In a quote: <img src=\"shot.png\" alt=\"A screenshot\">\n")
                .write(to: dir.child("shortimage.md"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent("Tests/Fixtures/images/screenshot.png"),
                                             to: dir.child("shot.png"))
            /// The threads started converting `name`.md with `-j jobs` (each clone's new
            /// thread id, counted once: strace may print a clone in two pieces).
            /// nil `jobs`: no `-j`.
            func threadsStarted(_ jobs: String?, _ name: String = "long") throws -> (count: Int, pdf: Data, warnings: String) {
                let trace = dir.child("trace-\(name)-\(jobs ?? "none").txt")
                let pdf = dir.child("\(name)-\(jobs ?? "none").pdf")
                let r = try run(strace, ["-f", "-qq", "-e", "trace=clone,clone3", "-o", trace.path, Paths.binary]
                                    + (jobs.map { ["-j", $0] } ?? []) + [dir.child("\(name).md").path, "-o", pdf.path],
                                environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 240)
                try #require(r.status == 0, "-j \(jobs ?? "none"): \(r.stderrText)")
                let lines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
                let started = Set(lines.filter { $0.contains("clone") }.compactMap { line -> Int? in
                    guard let equals = line.range(of: "= ", options: .backwards), let tid = Int(line[equals.upperBound...]), tid > 0
                    else { return nil }
                    return tid
                })
                let warnings = r.stderrText.split(separator: "\n").filter { !$0.contains("strace") }.joined(separator: "\n")
                return (started.count, try Data(contentsOf: pdf), warnings)
            }
            let one = try threadsStarted("1")
            let two = try threadsStarted("2")
            let svg = try threadsStarted("1", "svg")
            #expect(svg.count == 1, "an SVG filter under -j 1 started \(svg.count) threads")
            #expect(one.count == 0, "-j 1 started \(one.count) threads")
            #expect(two.count >= 5, "-j 2 started \(two.count) threads: the document no longer exercises the helper threads")
            #expect(one.pdf == two.pdf, "the PDFs of -j 1 and -j 2 differ")
            #expect(one.warnings == two.warnings)
            let fonts = try tool("pdffonts", [dir.child("long-1.pdf").path]).stdoutText
            #expect(fonts.contains("CJK"), "no CJK font embedded:\n\(fonts)")

            let short = try threadsStarted(nil, "short")
            let shortThreaded = try threadsStarted("2", "short")
            #expect(short.count == 0, "a short document started \(short.count) threads")
            #expect(shortThreaded.count >= 2, "-j 2 started \(shortThreaded.count) threads for a short document")
            #expect(short.pdf == shortThreaded.pdf && short.warnings == shortThreaded.warnings)
            let pictured = try threadsStarted(nil, "shortimage")
            #expect(pictured.count >= 2, "a short document showing an image started \(pictured.count) threads")
            // Alone, the short document is the process's last work and keeps its memory and
            // cairo's fonts to the end; in a batch it gives them back: the same PDF.
            let batch = try run(Paths.binary, [dir.child("short.md").path, dir.child("svg.md").path, "-o", dir.child("batch").path + "/"],
                                environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 240)
            #expect(batch.status == 0, "\(batch.stderrText)")
            #expect(try Data(contentsOf: dir.child("batch/short.pdf")) == short.pdf)
        }
    }

    /// A batch resolves each input's path a bounded number of times: the links between
    /// its files come from one table shared by every job, and the check that no output
    /// overwrites an input looks each file up once. Both were per pair of files (300
    /// files: 90,000 `realpath`s and 180,000 `stat`s before the first conversion).
    @Test func largeBatchResolvesEachPathOnce() throws {
        let strace = "/usr/bin/strace"
        try #require(FileManager.default.isExecutableFile(atPath: strace), "strace is missing: scripts/setup.sh installs it")
        try withTempDir { dir in
            let count = 300
            try FileManager.default.createDirectory(at: dir.child("docs"), withIntermediateDirectories: true)
            for n in 0..<count {
                try "# \(n)\n\nSee [the next](\((n + 1) % count).md).\n".write(to: dir.child("docs/\(n).md"), atomically: true,
                                                                           encoding: .utf8)
            }
            let trace = dir.child("trace.txt")
            let r = try run(strace, ["-f", "-qq", "-e", "trace=%stat,%lstat,%fstat,readlink,readlinkat,getcwd", "-o", trace.path,
                                     Paths.binary, "docs/", "-o", "out/"], cwd: dir, timeout: 600)
            try #require(r.status == 0, "\(r.stderrText)")
            let calls = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").count
            #expect(calls < 100 * count, "\(calls) path lookups for \(count) files")
            // The links still go to the other PDFs.
            let links = try PDFObjects(pdf: dir.child("out/7.pdf")).links
            #expect(links.map { PDFObjects.text($0.action?["/F"]) } == ["8.pdf"])
        }
    }

    @Test func zeroJobsIsAUsageError() throws {
        let r = try mdpdf(["-j", "0", "x.md"])
        #expect(r.status == 64, "\(r.stderrText)")
    }
}
