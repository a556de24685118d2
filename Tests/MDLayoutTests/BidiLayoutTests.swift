import MDCore
import MDPage
import Testing
@testable import MDLayout

/// Display order of mixed-direction lines (UBA rule L2), through parse → style → layout.
@Suite struct BidiLayoutTests {
    /// Every glyph run of the first page with its text and leftmost glyph x.
    func runs(_ r: LayoutResult) -> [(text: String, x: Double, run: GlyphRun)] {
        r.document.pages[0].items.compactMap {
            guard case .glyphs(let run) = $0, let x = run.glyphs.map(\.position.x.value).min() else { return nil }
            return (run.text, x, run)
        }
    }

    /// The leftmost x of the run containing `word` (one run per word here).
    func x(of word: String, in runs: [(text: String, x: Double, run: GlyphRun)]) throws -> Double {
        try #require(runs.first { $0.text.contains(word) }, "no run has \(word)").x
    }

    /// What the renderer checks (`validateClusters`): clusters cover all bytes and glyphs.
    func expectExactClusters(_ runs: [(text: String, x: Double, run: GlyphRun)]) {
        for (text, _, run) in runs {
            #expect(run.clusters.reduce(0) { $0 + $1.bytes } == text.utf8.count, "\(text)")
            #expect(run.clusters.reduce(0) { $0 + $1.glyphs } == run.glyphs.count, "\(text)")
            #expect(run.clusters.allSatisfy { $0.bytes > 0 && $0.glyphs > 0 }, "\(text)")
        }
    }

    @Test func arabicWordsRunRightToLeftAroundANumber() throws {
        let (r, _) = try layOut("abc مرحبا 45 عالم def\n")
        let rs = runs(r)
        expectExactClusters(rs)
        let xs = try ["abc", "عالم", "45", "مرحبا", "def"].map { try x(of: $0, in: rs) }
        #expect(xs == xs.sorted(), "\(rs.map { ($0.text, $0.x) })")
        // Inside the number, 4 is left of 5; inside a word, its first letter is rightmost.
        let number = try #require(rs.first { $0.text == "45" }?.run)
        #expect(number.glyphs[0].position.x < number.glyphs[1].position.x)
        let word = try #require(rs.first { $0.text.contains("مرحبا") }?.run)
        #expect(word.glyphs[0].position.x == word.glyphs.map(\.position.x).max())
    }

    /// The x of the first glyph of `word` in `run` (a right-to-left run lists its glyphs
    /// and clusters in logical order).
    func x(of word: String, inside run: GlyphRun) throws -> Double {
        let bytes = Array(run.text.utf8), w = Array(word.utf8)
        let offset = try #require(bytes.indices.first { Array(bytes[$0...].prefix(w.count)) == w })
        var b = 0, glyph = 0
        for c in run.clusters where b < offset { b += c.bytes; glyph += c.glyphs }
        return run.glyphs[glyph].position.x.value
    }

    @Test func hebrewParagraphReadsRightToLeft() throws {
        let (r, _) = try layOut("שלום עולם יפה\n")
        let rs = runs(r)
        expectExactClusters(rs)
        let run = try #require(rs.first { $0.text.contains("שלום") }?.run)
        let xs = try ["שלום", "עולם", "יפה"].map { try x(of: $0, inside: run) }
        #expect(xs == xs.sorted(by: >), "\(xs)")
    }

    @Test func latinInsideArabicKeepsItsOrder() throws {
        let (r, _) = try layOut("مرحبا hello world عالم\n")
        let rs = runs(r)
        expectExactClusters(rs)
        let xs = try ["عالم", "hello", "مرحبا"].map { try x(of: $0, in: rs) }
        #expect(xs == xs.sorted(), "\(rs.map { ($0.text, $0.x) })")
        let latin = try #require(rs.first { $0.text.contains("hello") })
        #expect(latin.text.contains("hello world"), "Latin words stay in reading order: \(latin.text)")
    }

    /// A number at the end of Arabic inside a Latin line is drawn right after the Latin:
    /// the Latin and the number are separate runs, or their cluster map would not cover
    /// the text between them.
    @Test func runsSplitWhereReorderingJumpsInTheText() throws {
        let (r, _) = try layOut("abc مرحبا 45\n")
        let rs = runs(r)
        expectExactClusters(rs)
        let xs = try ["abc", "45", "مرحبا"].map { try x(of: $0, in: rs) }
        #expect(xs == xs.sorted(), "\(rs.map { ($0.text, $0.x) })")
    }
}
