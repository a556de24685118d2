import MDCore
import Testing
@testable import MDText

/// Bidi levels as shaped: each glyph carries the embedding level of its characters, and
/// a paragraph's base level comes from its first strong character (UBA P2/P3).
@Suite struct BidiTests {
    /// `text` split at glyph clusters, each piece with its level: "abc:0 مرحبا:1 …",
    /// merging neighbouring clusters of one level.
    func levelDump(_ p: ShapedParagraph) -> String {
        let bytes = Array(p.text.utf8)
        var pieces: [(UInt8, Int, Int)] = []
        for (k, g) in p.glyphs.enumerated() {
            let end = p.glyphs[(k + 1)...].first { $0.cluster != g.cluster }?.cluster ?? bytes.count
            if let last = pieces.last, last.0 == g.bidiLevel, last.2 == g.cluster {
                pieces[pieces.count - 1].2 = end
            } else if let last = pieces.last, last.2 > g.cluster {
                continue
            } else {
                pieces.append((g.bidiLevel, g.cluster, end))
            }
        }
        return pieces.map { "[\(String(decoding: bytes[$0.1..<$0.2], as: UTF8.self))]\($0.0)" }.joined()
    }

    @Test func numberInsideArabicInsideLatin() {
        let (context, _) = makeContext()
        let p = shapeOne(context, "abc مرحبا 45 عالم def")
        #expect(p.baseLevel == 0)
        // The space before the number takes the Arabic's level: a number counts as
        // right-to-left for the neutrals around it (UBA N1).
        #expect(levelDump(p) == "[abc ]0[مرحبا ]1[45]2[ عالم]1[ def]0")
        #expect(p.glyphs.allSatisfy { $0.rtl == ($0.bidiLevel & 1 == 1) })
        // Still stored in logical order, Arabic included.
        #expect(p.glyphs.map(\.cluster) == p.glyphs.map(\.cluster).sorted())
    }

    @Test func hebrewOnlyParagraphIsRightToLeft() {
        let (context, _) = makeContext()
        let p = shapeOne(context, "שלום עולם")
        #expect(p.baseLevel == 1)
        #expect(levelDump(p) == "[שלום עולם]1")
    }

    @Test func latinInsideArabicIsLevelTwo() {
        let (context, _) = makeContext()
        let p = shapeOne(context, "مرحبا hello عالم")
        #expect(p.baseLevel == 1)
        #expect(levelDump(p) == "[مرحبا ]1[hello]2[ عالم]1")
    }

    @Test func firstStrongCharacterDecidesPastNeutrals() {
        let (context, _) = makeContext()
        #expect(shapeOne(context, "123 – שלום abc").baseLevel == 1)
        #expect(shapeOne(context, "«abc» שלום").baseLevel == 0)
        #expect(shapeOne(context, "123 ...").baseLevel == 0)
    }

    /// A hard break does not start a new direction: one Markdown block, one base level.
    @Test func oneBaseLevelAcrossNewlines() {
        let (context, _) = makeContext()
        // As its own paragraph the second line would be right-to-left: "[שלום ]1[def]2".
        let p = shapeOne(context, "abc\nשלום def")
        #expect(p.baseLevel == 0)
        #expect(levelDump(p) == "[abc\n]0[שלום]1[ def]0")
    }

    /// A line reshaped alone keeps its paragraph's direction, given explicitly.
    @Test func explicitBaseLevelOverridesTheFirstStrongCharacter() {
        let (context, _) = makeContext()
        let rtl = context.shape("hello عالم", runs: [ShapingRun(range: 0..<"hello عالم".utf8.count, font: serif, size: Points(10))],
                                baseLevel: 1)
        #expect(rtl.baseLevel == 1)
        #expect(levelDump(rtl) == "[hello]2[ عالم]1")
        let ltr = context.shape("abc", runs: [ShapingRun(range: 0..<3, font: serif, size: Points(10))], baseLevel: 1)
        #expect(levelDump(ltr) == "[abc]2")
        let plain = context.shape("عالم abc", runs: [ShapingRun(range: 0..<"عالم abc".utf8.count, font: serif, size: Points(10))],
                                  baseLevel: 0)
        #expect(levelDump(plain) == "[عالم]1[ abc]0")
    }
}

/// Bidi analysis is skipped for text without a scalar `DecodedText.isBidiRelevant` names:
/// every scalar for which ICU's own analysis gives a left-to-right paragraph a level
/// other than 0 (between two Latin letters, the paragraph's direction found from the
/// text) must be one of them.
@Suite struct BidiRelevanceTests {
    @Test func everyScalarThatRaisesALevelIsBidiRelevant() {
        let bidi = BidiAnalyzer()
        var missed: [String] = [], relevant = 0
        // The planes with any assigned scalar (0, 1, 2, 3 and 14), in full.
        let ranges: [ClosedRange<UInt32>] = [0x0590...0xFFFF, 0x10000...0x1FFFF, 0x20000...0x20FFF, 0x30000...0x30FFF, 0xE0000...0xE01EF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                var text = "a" + String(scalar) + "b"
                let raised = text.withUTF8 { bidi.levels(of: $0, base: nil) }
                let levels = raised.levels ?? []
                if raised.base != 0 || levels.contains(where: { $0 != 0 }) {
                    if DecodedText.isBidiRelevant(value) { relevant += 1 } else { missed.append(String(value, radix: 16)) }
                }
            }
        }
        #expect(missed.isEmpty, "ICU raises levels for U+\(missed.prefix(20).joined(separator: ", U+"))")
        #expect(relevant > 1000)
    }

    @Test func curlyQuotesAndDashesNeedNoAnalysis() {
        var text = "It’s a “quoted” word — and an en dash – too."
        #expect(text.withUTF8 { DecodedText($0).needsBidi } == false)
        var hebrew = "abc \u{05D0}"
        #expect(hebrew.withUTF8 { DecodedText($0).needsBidi })
    }
}
