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

    @Test func graphemeBoundaries() {
        let (context, _) = makeContext()
        // e + combining acute (3 bytes), x, family emoji ZWJ sequence (18 bytes).
        #expect(context.graphemeBoundaries(in: "e\u{301}x👨‍👩‍👧") == [3, 4, 22])
        #expect(context.graphemeBoundaries(in: "") == [])
        // ICU 72 keeps the conjunct स्ते (sa, virama, ta, vowel sign e) in one cluster.
        #expect(context.graphemeBoundaries(in: "नमस्ते") == [3, 6, 18])
    }
}
