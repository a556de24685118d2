import Testing
@testable import MDText

/// libhyphen reads the word it is given as a C string (its NOHYPHEN check calls
/// `strstr`, and writes where it finds a match): the bytes must end in a NUL, or it
/// reads and writes past them (the heap corruption the layout thread once met).
@Suite struct HyphenatorTests {
    @Test func theWordGoesToLibhyphenAsACString() {
        for word in ["hyphenation", "naïve", "x"] {
            let bytes = Hyphenator.libraryWord(word)
            #expect(bytes.last == 0 && bytes.count == word.utf8.count + 1)
            #expect(bytes.dropLast().allSatisfy { $0 != 0 })
        }
    }

    /// The points themselves: a word's own, in bytes, within its minimums.
    @Test func pointsOfAnEnglishWord() throws {
        let h = try #require(Hyphenator.load(language: "en-US"))
        #expect(h.points(in: "hyphenation", minLeft: 2, minRight: 3) == [2, 6])
        #expect(h.points(in: "naïve", minLeft: 2, minRight: 2).allSatisfy { $0 > 0 && $0 < "naïve".utf8.count })
        #expect(h.points(in: "", minLeft: 2, minRight: 3).isEmpty)
    }
}
