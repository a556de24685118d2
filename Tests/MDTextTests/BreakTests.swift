import Testing
@testable import MDText

/// Break-opportunity dumps: `|` marks a soft opportunity, `¶` a mandatory one.
@Suite struct BreakTests {
    @Test(arguments: [
        ("日本語の文章。テスト", "日|本|語|の|文|章。|テ|ス|ト¶"),
        ("https://example.com/a/b-c?d=e", "https://|example.com/|a/|b-|c?|d=e¶"),
        ("well-known", "well-|known¶"),
        ("a\nb", "a⏎¶b¶"),
        ("two words", "two |words¶"),
        ("line\u{2028}sep", "line\u{2028}¶sep¶"),
        ("(quoted) text.", "(quoted) |text.¶"),
        ("no\u{A0}break", "no\u{A0}break¶"),
    ])
    func breakOpportunities(text: String, expected: String) {
        let (context, _) = makeContext()
        #expect(breakDump(shapeOne(context, text)) == expected)
    }

    /// Korean is spaced between words: Unicode's breaks between two Hangul syllables are
    /// last resorts, the ones after spaces and next to other scripts are not.
    @Test func breaksInsideHangulWordsAreLastResorts() {
        let (context, _) = makeContext()
        let paragraph = shapeOne(context, "한국어 문장(漢字)")
        let bytes = Array(paragraph.text.utf8)
        let kinds = paragraph.breaks.map { (String(decoding: bytes[..<$0.offset], as: UTF8.self), $0.isLastResort) }
        #expect(kinds.filter(\.1).map(\.0) == ["한", "한국", "한국어 문"], "\(kinds)")
        #expect(kinds.contains { $0.0 == "한국어 " && !$0.1 } && kinds.contains { $0.0 == "한국어 문장(漢" && !$0.1 })
        #expect(EastAsianText.lineMayBreak(between: 0x65E5, and: 0x672C))        // 日|本
        #expect(!EastAsianText.lineMayBreak(between: 0x300C, and: 0x65E5))       // 「|日
        #expect(!EastAsianText.lineMayBreak(between: 0x65E5, and: 0x3002))       // 日|。
        #expect(!EastAsianText.lineMayBreak(between: 0x65E5, and: 0x30FC))       // 日|ー
    }

    @Test func graphemeBoundaries() {
        let (context, _) = makeContext()
        // e + combining acute (3 bytes), x, family emoji ZWJ sequence (18 bytes).
        #expect(context.graphemeBoundaries(in: "e\u{301}x👨‍👩‍👧") == [3, 4, 22])
        #expect(context.graphemeBoundaries(in: "") == [])
        // ICU 72 keeps the conjunct स्ते (sa, virama, ta, vowel sign e) in one cluster.
        #expect(context.graphemeBoundaries(in: "नमस्ते") == [3, 6, 18])
    }
}
