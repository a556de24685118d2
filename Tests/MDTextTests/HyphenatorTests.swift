import MDCore
import TestSupport
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
        let h = Hyphenator(try #require(HyphenationDictionaries().patterns(for: "en-US")))
        #expect(h.points(in: "hyphenation", minLeft: 2, minRight: 3) == [2, 6])
        #expect(h.points(in: "naïve", minLeft: 2, minRight: 2).allSatisfy { $0 > 0 && $0 < "naïve".utf8.count })
        #expect(h.points(in: "", minLeft: 2, minRight: 3).isEmpty)
    }

    /// A batch's store loads each language once and hands every conversion the same
    /// dictionary; a single conversion's loads its own, freed with it.
    @Test func aKeepingStoreLoadsEachLanguageOnce() throws {
        let batch = HyphenationDictionaries(keepsDictionaries: true)
        let first = try #require(batch.patterns(for: "en-US"))
        #expect(batch.patterns(for: "EN-us") === first)
        let single = HyphenationDictionaries()
        let a = try #require(single.patterns(for: "en-US")), b = try #require(single.patterns(for: "en-US"))
        #expect(a !== b)
        #expect(batch.patterns(for: "xx-NOPE") == nil && single.patterns(for: "xx-NOPE") == nil)
    }

    /// Conversions side by side (`-j`) ask the store for their dictionary at once and
    /// hyphenate with it at once: every thread gets the one dictionary, loaded once, and
    /// the points a thread alone gets.
    @Test func oneDictionaryServesThreadsAtOnce() throws {
        let store = HyphenationDictionaries(keepsDictionaries: true)
        let words = ["hyphenation", "typesetting", "dictionary", "concurrently", "paragraphs", "justification",
                     "ownership", "borrowing", "lifetimes", "iterators"]
        let alone = Hyphenator(try #require(HyphenationDictionaries().patterns(for: "en-US")))
        let expected = words.map { alone.points(in: $0, minLeft: 2, minRight: 3) }
        #expect(expected.contains { !$0.isEmpty })
        final class Results: @unchecked Sendable {
            let lock = Lock()
            var mismatches = 0
            var dictionaries: [ObjectIdentifier] = []
        }
        let results = Results()
        onThreads(4) { _ in
            guard let patterns = store.patterns(for: "en-US") else { return }
            results.lock.lock(); results.dictionaries.append(ObjectIdentifier(patterns)); results.lock.unlock()
            let h = Hyphenator(patterns)
            for _ in 0..<500 {
                for (word, points) in zip(words, expected) where h.points(in: word, minLeft: 2, minRight: 3) != points {
                    results.lock.lock(); results.mismatches += 1; results.lock.unlock()
                }
            }
        }
        #expect(results.dictionaries.count == 4 && Set(results.dictionaries).count == 1, "one dictionary for every thread")
        #expect(results.mismatches == 0)
    }

    /// A single conversion's dictionary goes with the last hyphenator using it.
    @Test func aSingleConversionsDictionaryIsFreedWithIt() throws {
        weak var loaded: HyphenPatterns?
        do {
            let patterns = try #require(HyphenationDictionaries().patterns(for: "en-US"))
            loaded = patterns
            let h = Hyphenator(patterns)
            #expect(!h.points(in: "hyphenation", minLeft: 2, minRight: 3).isEmpty)
        }
        #expect(loaded == nil)
    }
}
