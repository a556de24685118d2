import Testing
import MDCore
@testable import MDText

/// Shaping dumps for the cases layout relies on. Glyph ids pin the installed Debian font
/// packages (fonts-noto-core, fonts-dejavu-core); a font upgrade changes them on purpose.
@Suite struct ShapingTests {
    @Test func ligatureSpansOneCluster() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "office")
        #expect(glyphDump(paragraph, context) == """
            0 g82 NotoSerif-Regular.ttf 5.77
            1 g2132 NotoSerif-Regular.ttf 10.02
            4 g70 NotoSerif-Regular.ttf 4.92
            5 g72 NotoSerif-Regular.ttf 5.35
            """)
        #expect(paragraph.glyphs.count < "office".count)
    }

    @Test func ligaturesCanBeTurnedOff() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "office", features: [FontFeature("liga", 0)])
        #expect(clusters(paragraph) == [0, 1, 2, 3, 4, 5])
    }

    @Test func combiningMarkIsOneCluster() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "e\u{301}x")
        #expect(clusters(paragraph) == [0, 3])
        #expect(paragraph.glyphs.allSatisfy { $0.id != 0 })
    }

    /// Under a sans body, Devanagari falls back to Noto Sans Devanagari.
    @Test func devanagariFallsBackAndKeepsConjunctClusters() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "नमस्ते", FontSpec(families: ["Noto Sans"]))
        #expect(glyphDump(paragraph, context) == """
            0 g44 NotoSansDevanagari-Regular.ttf 5.55
            3 g50 NotoSansDevanagari-Regular.ttf 5.98
            6 g215 NotoSansDevanagari-Regular.ttf 3.89
            12 g40 NotoSansDevanagari-Regular.ttf 5.7 unsafe
            12 g75 NotoSansDevanagari-Regular.ttf 0 unsafe
            """)
    }

    @Test(arguments: [
        ("Ελληνικά", "NotoSerif-Regular.ttf"),
        ("Кириллица", "NotoSerif-Regular.ttf"),
        ("עברית", "NotoSerifHebrew-Regular.ttf"),
        ("مرحبا", "NotoNaskhArabic-Regular.ttf"),
        ("नमस्ते", "NotoSerifDevanagari-Regular.ttf"),
        ("→⇒", "DejaVuSans.ttf"),
        ("∑∫", "DejaVuSans.ttf"),
        ("日本語", "NotoSerifCJK-Regular.ttc"),
        ("😀👍🏽", "NotoColorEmoji.ttf"),
    ])
    func scriptsFindACoveringFont(text: String, font: String) {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, text)
        #expect(!paragraph.glyphs.isEmpty)
        #expect(paragraph.glyphs.allSatisfy { $0.id != 0 }, "a .notdef glyph in \(text)")
        #expect(fontsUsed(paragraph, context) == [font])
    }

    /// Fallback follows the body's style: a letter the body's font lacks comes from a
    /// face of the same style (serif, sans, monospace) where one covers it, whatever
    /// fontconfig would rank first (DejaVu Sans has Arabic and Hebrew, in its sans).
    @Test(arguments: [
        (["Noto Sans"], "مرحبا", "NotoSansArabic-Regular.ttf"),
        (["Noto Sans"], "नमस्ते", "NotoSansDevanagari-Regular.ttf"),
        (["DejaVu Serif", "serif"], "مرحبا", "NotoNaskhArabic-Regular.ttf"),
        (["Noto Sans Mono", "monospace"], "日本語", "NotoSansCJK-Regular.ttc#5"),
    ])
    func fallbackKeepsTheBodysStyle(families: [String], text: String, font: String) {
        let (context, _) = makeContext()
        #expect(fontsUsed(shapeOne(context, text, FontSpec(families: families)), context) == [font])
    }

    /// Han is written differently in Chinese, Japanese and Korean: the face follows the
    /// language (the document's, or kana and Hangul around it), each its own face of the
    /// Noto CJK collection.
    @Test func hanTakesTheFaceOfItsLanguage() {
        let (context, _) = makeContext()
        func face(_ text: String, _ language: String?) -> [String] {
            fontsUsed(shapeOne(context, text, language: language), context)
        }
        let chinese = face("中文排版", "zh-CN"), traditional = face("中文排版", "zh-TW"), korean = face("한국 漢字", nil)
        #expect(chinese.count == 1 && traditional.count == 1 && Set([chinese[0], traditional[0], face("中文排版", "ja")[0]]).count == 3,
                "\(chinese) \(traditional)")
        #expect(face("かな漢字", nil) == face("漢字", "ja"))
        #expect(korean.count == 1 && korean == face("漢字", "ko"), "\(korean)")
    }

    /// Punctuation and marks of no script (a danda, 「, 、) come from the face of the
    /// script around them, not from whichever face fontconfig ranks first for them.
    @Test func commonCharactersTakeTheFaceOfTheirScriptRun() {
        let (context, _) = makeContext()
        #expect(fontsUsed(shapeOne(context, "नमस्ते। नमस्ते॥"), context) == ["NotoSerifDevanagari-Regular.ttf"])
        #expect(fontsUsed(shapeOne(context, "「日本」、"), context) == ["NotoSerifCJK-Regular.ttc"])
    }

    @Test func arabicIsStoredInLogicalOrder() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "abc مرحبا")
        #expect(clusters(paragraph) == [0, 1, 2, 3, 4, 6, 8, 10, 12])
        #expect(paragraph.glyphs.map(\.rtl) == [false, false, false, false, true, true, true, true, true])
    }

    @Test func mixedRunsKeepRunIndicesAndSizes() {
        let (context, _) = makeContext()
        let text = "plain bold"
        let paragraph = context.shape(text, runs: [
            ShapingRun(range: 0..<6, font: serif, size: Points(10)),
            ShapingRun(range: 6..<10, font: FontSpec(families: ["Noto Serif"], weight: 700), size: Points(12)),
        ])
        #expect(paragraph.glyphs.map(\.run) == [0, 0, 0, 0, 0, 0, 1, 1, 1, 1])
        #expect(fontsUsed(paragraph, context) == ["NotoSerif-Regular.ttf", "NotoSerif-Bold.ttf"])
        #expect(paragraph.glyphs.last?.size == Points(12))
    }

    @Test func newlineDrawsNothing() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "a\nb")
        #expect(glyphDump(paragraph, context) == """
            0 g68 NotoSerif-Regular.ttf 5.63
            1 g3 NotoSerif-Regular.ttf 0
            2 g69 NotoSerif-Regular.ttf 6.14
            """)
    }

    @Test func missingFamilyWarnsOnceAndStillShapes() {
        let (context, sink) = makeContext()
        let request = FontSpec(families: ["Nonexistent Font", "sans-serif"])
        let first = shapeOne(context, "Hello", request)
        _ = shapeOne(context, "again", FontSpec(families: ["Nonexistent Font"], weight: 700))
        #expect(first.glyphs.count == 5 && first.glyphs.allSatisfy { $0.id != 0 })
        #expect(sink.diagnostics.map(\.description) == ["""
            <input>: warning: font family 'Nonexistent Font' is not installed; using 'Noto Sans'
              hint: install a package that provides 'Nonexistent Font', or check the exact name with `fc-list : family`
            """])
    }

    @Test func installedOrGenericFamiliesDoNotWarn() {
        let (context, sink) = makeContext()
        _ = shapeOne(context, "x", FontSpec(families: ["Missing", "DejaVu Serif"]))
        _ = shapeOne(context, "x", FontSpec(families: ["monospace"]))
        #expect(sink.diagnostics.isEmpty)
    }

    @Test func shapingIsDeterministic() {
        let (context, _) = makeContext()
        let text = "Typography: office, naïve café, 日本語, مرحبا, नमस्ते 😀."
        let first = shapeOne(context, text)
        let second = shapeOne(context, text)
        #expect(first.glyphs == second.glyphs && first.breaks == second.breaks)
        let (other, _) = makeContext()
        #expect(glyphDump(shapeOne(other, text), other) == glyphDump(first, context))
    }

    @Test func clustersNeverDecrease() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "Mixed עברית and العربية 123 text, नमस्ते, 日本語。")
        let cs = clusters(paragraph)
        #expect(cs == cs.sorted())
    }

    @Test func emptyTextAndNoRuns() {
        let (context, _) = makeContext()
        let empty = context.shape("", runs: [])
        #expect(empty.glyphs.isEmpty && empty.breaks == [BreakOpportunity(offset: 0, mandatory: true)])
        #expect(context.shape("ab", runs: []).glyphs.isEmpty)
    }
}
