import Foundation
import Testing
import MDCore
import MDText

/// Shaping throughput on about 1 MB of English prose (the GNU licences, paragraph by
/// paragraph). Runs only when MDTEXT_BENCH is set; meaningful in a release build:
/// `MDTEXT_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter Benchmark`
/// (after `make release`, which makes the jemalloc object mdpdf's release link takes).
@Suite struct BenchmarkTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MDTEXT_BENCH"] != nil))
    func shapeOneMegabyteOfEnglish() throws {
        let sources = ["GPL-3", "LGPL-3", "GFDL-1.3", "GPL-2", "Apache-2.0", "MPL-2.0"]
        var paragraphs: [String] = []
        for name in sources {
            guard let text = try? String(contentsOfFile: "/usr/share/common-licenses/\(name)", encoding: .utf8) else { continue }
            for block in text.components(separatedBy: "\n\n") {
                let words = block.split(whereSeparator: { $0 == " " || $0 == "\n" })
                if !words.isEmpty { paragraphs.append(words.joined(separator: " ")) }
            }
        }
        try #require(!paragraphs.isEmpty)
        var corpus: [String] = []
        var bytes = 0
        while bytes < 1_000_000 {
            for p in paragraphs where bytes < 1_000_000 { corpus.append(p); bytes += p.utf8.count }
        }
        let context = TextContext(diagnostics: DiagnosticSink())
        let font = FontSpec(families: ["Noto Serif"])
        let clock = ContinuousClock()
        var glyphs = 0
        let elapsed = clock.measure {
            for p in corpus {
                let shaped = context.shape(p, runs: [ShapingRun(range: 0..<p.utf8.count, font: font, size: Points(10))])
                glyphs += shaped.glyphs.count
            }
        }
        print("shaped \(bytes) bytes in \(corpus.count) paragraphs, \(glyphs) glyphs: \(elapsed)")
    }
}
