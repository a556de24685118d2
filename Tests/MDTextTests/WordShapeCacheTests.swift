import Testing
import MDCore
import MDPage
@testable import MDText

/// Words shaped once and reused (`WordShapeCache`) give exactly the glyphs of shaping
/// each run whole, and only faces whose lookups leave the space glyph alone use them.
@Suite struct WordShapeCacheTests {
    static let texts = [
        "Office affairs: AVAST! To Wa, Yo — “quoted” text, 1,234.56 and 7/8; fin.",
        "Spaces  between   words,\ttabs\tand\nnew lines; trailing space ",
        "e\u{301}te\u{301} cafe\u{301} na\u{308}ive co\u{327}a",
        "Ελληνικά κείμενα και Кириллица тоже, mixed with Latin words.",
        "Emoji 👍🏽 and 👩‍👩‍👧 between words; ﬁnally ﬂ ligature characters.",
        "func shape(_ item: TextItem) -> [UnitGlyph] { return [] }  // code",
    ]
    static let fonts = [serif, FontSpec(families: ["Noto Sans Mono"]), FontSpec(families: ["Noto Sans"]),
                        FontSpec(families: ["DejaVu Sans"]), FontSpec(families: ["Liberation Serif"])]

    @Test(arguments: fonts)
    func wordsGiveTheGlyphsOfWholeRuns(font: FontSpec) {
        let (whole, _) = makeContext()
        whole.shaper.cachesWords = false
        let (words, _) = makeContext()
        for text in Self.texts {
            let expected = glyphDump(shapeOne(whole, text, font), whole)
            // Twice: the first time fills the cache, the second reads it.
            #expect(glyphDump(shapeOne(words, text, font), words) == expected)
            #expect(glyphDump(shapeOne(words, text, font), words) == expected)
            let bold = FontSpec(families: font.families, weight: 700)
            #expect(glyphDump(shapeOne(words, text, bold), words) == glyphDump(shapeOne(whole, text, bold), whole))
        }
    }

    @Test func featuresAndLanguagesAreKeptApart() {
        let (whole, _) = makeContext()
        whole.shaper.cachesWords = false
        let (words, _) = makeContext()
        for features in [[], [FontFeature("liga", 0)], [FontFeature("smcp", 1)], []] {
            for language in [nil, "tr", "en"] {
                let text = "office fifi Ifi stiff"
                #expect(glyphDump(shapeOne(words, text, features: features, language: language), words)
                        == glyphDump(shapeOne(whole, text, features: features, language: language), whole))
            }
        }
    }

    /// Noto's Latin faces never involve the space glyph; DejaVu Sans and Liberation
    /// kern against it, so their words are never shaped alone.
    @Test(arguments: [("Noto Serif", true), ("Noto Sans Mono", true), ("DejaVu Sans", false), ("Liberation Serif", false)])
    func onlyFacesThatLeaveTheSpaceAloneShapeWordsAlone(family: String, alone: Bool) {
        let (context, _) = makeContext()
        let font = context.primaryFont(for: FontSpec(families: [family]))
        #expect(context.faces[font.raw].shapesWordsAlone == alone)
    }

    @Test func theCacheStartsOverWhenFull() {
        let cache = WordShapeCache()
        func word(_ n: Int) -> [UInt8] { Array("w\(n)".utf8) }
        let glyph = UnitGlyph(id: 7, cluster: 0, xAdvance: 500, xOffset: 0, yOffset: 0, unsafeToBreak: false)
        for n in 0..<WordShapeCache.capacity {
            word(n).withUnsafeBufferPointer { cache.store($0, context: 0, glyphs: [glyph][...]) }
        }
        #expect(word(0).withUnsafeBufferPointer { cache.lookUp($0, context: 0) } != nil)
        #expect(word(0).withUnsafeBufferPointer { cache.lookUp($0, context: 1) } == nil)
        word(-1).withUnsafeBufferPointer { cache.store($0, context: 0, glyphs: [glyph, glyph][...]) }
        #expect(word(0).withUnsafeBufferPointer { cache.lookUp($0, context: 0) } == nil)
        let range = word(-1).withUnsafeBufferPointer { cache.lookUp($0, context: 0) }
        #expect(range == 0..<2)
    }
}
