import Testing
import MDStyle
@testable import MDLayout

/// The fast paths of `HyphenationPoints` (scalars and bytes instead of characters) give
/// exactly what the character walks give.
@Suite struct HyphenationTokenTests {
    /// Pieces that make grapheme clusters across spaces (a space with a combining accent,
    /// an Arabic prepended mark, CR LF, emoji with modifiers and joiners) among ordinary
    /// prose, curly quotes and no-break spaces.
    static let pieces = ["word", " ", "  ", "\t", "\r\n", "\n", "\u{A0}", "’", "“", "—", "é", "e\u{301}", " \u{301}",
                         "\u{600}", "\u{600} ", "👍🏽", "👩‍💻", "\u{AD}", "x.y", "C3PO", "ÄÖ", "\u{2028}", "\u{85}",
                         "你好", "ﬁ", "\u{1F1E6}\u{1F1E8}", "\u{200D}", "a\u{200D} b", "\u{7F}"]

    /// A deterministic walk through many mixes of the pieces.
    static func samples() -> [String] { mixes(of: pieces, upTo: 12, seed: 0x9E37_79B9_7F4A_7C15) }

    /// 3,000 strings of 1 to `most` of `pieces` each, chosen by a linear congruential
    /// generator from `seed`.
    static func mixes(of pieces: [String], upTo most: Int, seed: UInt64) -> [String] {
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<3000).map { _ in (0..<(1 + next() % most)).map { _ in pieces[next() % pieces.count] }.joined() }
    }

    @Test func scalarTokensAreCharacterTokens() {
        var simple = 0
        for s in Self.samples() {
            guard let fast = HyphenationPoints.simpleTokens(s) else { continue }
            simple += 1
            let slow = HyphenationPoints.characterTokens(s)
            #expect(fast.map(\.start) == slow.map(\.start), "\(s.debugDescription)")
            #expect(fast.map { String($0.text) } == slow.map { String($0.text) }, "\(s.debugDescription)")
        }
        // Both kinds of text occur, so both paths were compared.
        #expect(simple > 100 && simple < 2900)
    }

    /// Samples of ASCII prose and tokens the rules reject: digits, addresses, paths,
    /// capitals, inner dots.
    static let asciiPieces = ["word", " ", "Word", "WORD", "A", "a", "e.g.", "x.y", "example.com", "C3PO", "a_b", "a:b",
                              "a/b", "a\\b", "me@home", "don't", "-", "--", "(", ")", ",", ".", "\"", "hyphen-ated",
                              "ABCdef", "x", "Zz", "\t", "~"]

    static func asciiSamples() -> [String] { mixes(of: asciiPieces, upTo: 8, seed: 0x2545_F491_4F6C_DD1D) }

    /// The byte walks over ASCII tokens (words, the prose test, lowercasing) give what
    /// the character walks give.
    @Test func asciiWalksAreCharacterWalks() {
        var ascii = 0, hyphenatable = 0, words = 0
        let h = Hyphenation(language: "en-US", minLeft: 2, minRight: 3)
        for s in Self.samples() + Self.asciiSamples() {
            let bytes = Array(s.utf8)
            for token in HyphenationPoints.characterTokens(s) {
                let range = token.start..<(token.start + token.text.utf8.count)
                guard bytes[range].allSatisfy({ $0 < 0x80 }) else { continue }
                ascii += 1
                let fast = HyphenationPoints.asciiWords(bytes, range)
                let slow = HyphenationPoints.characterWords(in: token)
                #expect(fast.map(\.start) == slow.map(\.start) && fast.map(\.end) == slow.map(\.end), "\(s.debugDescription)")
                let prose = HyphenationPoints.isHyphenatableASCII(bytes[range])
                #expect(prose == HyphenationPoints.isHyphenatable(token.text), "\(token.text.debugDescription)")
                if prose { hyphenatable += 1 }
                for w in fast {
                    words += 1
                    let word = bytes[w.start..<w.end]
                    #expect(HyphenationPoints.lowercasedASCII(word, h) == HyphenationPoints.lowercased(word, h),
                            "\(String(decoding: word, as: UTF8.self))")
                }
            }
        }
        #expect(ascii > 1000 && hyphenatable > 100 && hyphenatable < ascii && words > 1000)
    }

    @Test func asciiLettersMatchUnicodeProperties() {
        for v in 0..<128 {
            let u = Unicode.Scalar(UInt8(v))
            let fast = HyphenationPoints.asciiLetter(u)!
            #expect(fast.isLetter == u.properties.isAlphabetic, "U+\(v)")
            #expect(fast.isUpper == (u.properties.isAlphabetic && u.properties.isUppercase), "U+\(v)")
            let isDigit = (0x30...0x39).contains(v)
            #expect((u.properties.numericType != nil) == isDigit, "U+\(v)")
        }
        #expect(HyphenationPoints.asciiLetter("é") == nil)
    }
}
