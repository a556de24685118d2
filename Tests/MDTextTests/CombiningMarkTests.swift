import MDCore
import Testing
@testable import MDText

/// A base letter with a huge row of combining marks (issue #15: 200,000 accents took
/// 70 s). HarfBuzz 6 attaches each mark by walking back over the marks before it, so the
/// itemizer hands it rows of at most `maxMarksPerItem` marks.
@Suite struct CombiningMarkTests {
    func items(_ text: String) -> [TextItem] {
        let (context, _) = makeContext()
        var native = text
        return native.withUTF8 { utf8 in
            context.itemize(DecodedText(utf8), utf8: utf8,
                            runs: [ShapingRun(range: 0..<utf8.count, font: serif, size: Points(10))], levels: nil)
        }
    }

    @Test func longRowsOfMarksAreShapedInBoundedPieces() {
        let limit = TextContext.maxMarksPerItem
        let text = "a" + String(repeating: "\u{0301}", count: 1000) + " b"
        let pieces = items(text)
        // Each item holds at most the base and `limit` marks (2 bytes each).
        #expect(pieces.allSatisfy { $0.range.count <= 1 + 2 * limit + 2 })
        #expect(pieces.count >= 1000 / limit)
        // The pieces tile the text.
        #expect(pieces.first?.range.lowerBound == 0 && pieces.last?.range.upperBound == text.utf8.count)
        #expect(zip(pieces, pieces.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
    }

    @Test func ordinaryTextIsOneItem() {
        #expect(items("Tiếng Việt có dấu, e\u{0301}\u{0323} và a\u{0308}.").count == 1)
        #expect(items("a" + String(repeating: "\u{0301}", count: TextContext.maxMarksPerItem)).count == 1)
    }

    @Test func everyMarkKeepsItsGlyphAndTheTextStaysOneCluster() {
        let (context, _) = makeContext()
        let text = "q" + String(repeating: "\u{0308}", count: 300) + "y"  // no precomposed q̈
        let shaped = shapeOne(context, text)
        #expect(shaped.glyphs.count == 302, "\(glyphDump(shaped, context).split(separator: "\n").prefix(40).joined(separator: "\n"))")
        // One grapheme: no break opportunity inside it.
        #expect(!breakDump(shaped).dropFirst().dropLast().contains("|"))
    }
}
