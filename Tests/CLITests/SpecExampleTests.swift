import Foundation
import Testing

/// Every example of the CommonMark spec converts with exit 0 and gives a PDF.
@Suite("CommonMark spec examples")
struct SpecExampleTests {
    struct Example { var line: Int; var markdown: String }

    /// Blocks opened by 32 backticks + " example", closed by 32 backticks; the Markdown is
    /// the part before the line ".", with → standing for a tab.
    static func examples(in spec: String) -> [Example] {
        let fence = String(repeating: "`", count: 32)
        var out: [Example] = []
        var current: (line: Int, md: [String], inMarkdown: Bool)?
        for (i, line) in spec.components(separatedBy: "\n").enumerated() {
            if current == nil {
                if line == fence + " example" { current = (i + 1, [], true) }
            } else if line == fence {
                out.append(Example(line: current!.line, markdown: current!.md.joined(separator: "\n")
                    .replacingOccurrences(of: "→", with: "\t")))
                current = nil
            } else if current!.inMarkdown {
                if line == "." { current!.inMarkdown = false } else { current!.md.append(line) }
            }
        }
        return out
    }

    @Test func everyExampleConverts() throws {
        let spec = try String(contentsOf: try Corpus.source("commonmark-spec/spec.md"), encoding: .utf8)
        let examples = Self.examples(in: spec)
        #expect(examples.count > 600, "found only \(examples.count) examples")
        try withTempDir { dir in
            let inDir = dir.child("in"), outDir = dir.child("out")
            try FileManager.default.createDirectory(at: inDir, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: outDir, withIntermediateDirectories: true)
            var files: [(Example, URL)] = []
            for e in examples {
                let f = inDir.child("example-line\(e.line).md")
                try f.write(e.markdown.isEmpty ? "" : e.markdown + "\n")
                files.append((e, f))
            }
            var failures: [String] = []
            let batchSize = 120
            for start in stride(from: 0, to: files.count, by: batchSize) {
                let batch = Array(files[start..<min(start + batchSize, files.count)])
                let r = try mdpdf(batch.map { $0.1.path } + ["-o", outDir.path + "/"], timeout: 120)
                let allWritten = batch.allSatisfy { isPDF(outDir.child($0.1.deletingPathExtension().lastPathComponent + ".pdf")) }
                if r.status == 0 && allWritten { continue }
                // Find the culprits one by one.
                for (e, f) in batch {
                    let out = outDir.child("single-\(e.line).pdf")
                    let s = try mdpdf([f.path, "-o", out.path], timeout: 60)
                    if s.status != 0 || !isPDF(out) {
                        failures.append("spec.md line \(e.line): exit \(s.status): \(s.stderrText.prefix(300))")
                    }
                }
            }
            let none = failures.isEmpty
            #expect(none, "\(failures.count) spec examples fail:\n\(failures.joined(separator: "\n"))")
        }
    }
}

func isPDF(_ url: URL) -> Bool {
    guard let h = FileHandle(forReadingAtPath: url.path) else { return false }
    defer { try? h.close() }
    return h.readData(ofLength: 5) == Data("%PDF-".utf8)
}
