import MDCore
import Testing
@testable import MDLayout
import MDText

/// `LineBuilder.visualOrder` on made-up glyphs: `id` is the glyph's logical index.
@Suite struct VisualOrderTests {
    func glyphs(_ levels: [UInt8], clusters: [Int]? = nil) -> [ShapedGlyph] {
        levels.enumerated().map { i, l in
            ShapedGlyph(id: UInt32(i), font: FontID(raw: 0), size: Points(10), cluster: clusters?[i] ?? i,
                        advance: Points(5), dx: .zero, dy: .zero, unsafeToBreak: false, run: 0,
                        rtl: l & 1 == 1, bidiLevel: l)
        }
    }

    func order(_ levels: [UInt8]) -> [UInt32] { LineBuilder.visualOrder(glyphs(levels)).map(\.id) }

    @Test func leftToRightLineIsUntouched() {
        #expect(order([0, 0, 0]) == [0, 1, 2])
        #expect(order([2, 2]) == [0, 1])
    }

    @Test func numberInsideArabicInsideLatin() {
        // "ab مر 45 عا cd": the Arabic stretch is reversed, the number inside it is not.
        #expect(order([0, 0, 1, 1, 2, 2, 1, 1, 0, 0]) == [0, 1, 7, 6, 4, 5, 3, 2, 8, 9])
    }

    @Test func rightToLeftParagraphWithLatin() {
        #expect(order([1, 1, 2, 2, 1]) == [4, 2, 3, 1, 0])
    }

    /// Explicit embeddings nest deeper: each level is reversed once more.
    @Test func deeperLevels() {
        #expect(order([1, 1, 3, 3]) == [3, 2, 1, 0])
        #expect(order([0, 2, 3, 3, 2, 0]) == [0, 1, 3, 2, 4, 5])
        #expect(order([3, 2, 3, 1]) == [3, 0, 1, 2])
    }

    /// An Arabic cluster of two glyphs (a letter and its mark), stored reversed, comes
    /// back in HarfBuzz's visual order: the glyphs of one cluster stay together.
    @Test func clustersStayTogether() {
        let stored = glyphs([1, 1, 1], clusters: [0, 2, 2])
        #expect(LineBuilder.visualOrder(stored).map(\.cluster) == [2, 2, 0])
        #expect(LineBuilder.visualOrder(stored).map(\.id) == [2, 1, 0])
    }
}
