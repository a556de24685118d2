import MDCore
import MDPage

/// The ranked faces fontconfig offers for one request, with a cache of which face first
/// covers each code point. Index 0 is the primary face.
///
/// Coverage questions are the inner loop of itemization (one per code point of every
/// paragraph), so answers are memoized: a flat table for the first `tableSize` code
/// points (Latin, Greek, Cyrillic, Hebrew, Arabic, Indic, punctuation, arrows, math)
/// and a dictionary above.
final class FontChain {
    struct Entry {
        var file: FontFile
        /// All family names fontconfig knows the face by (localized names included).
        var families: [String]
        var coverage: CharSet
    }

    let entries: [Entry]
    /// `FontID`s of the entries actually used so far; faces load lazily, so a chain of a
    /// hundred fallbacks costs nothing until a character needs one.
    var ids: [FontID?]

    private static let tableSize = 0x3000
    private static let unknown: Int16 = -2
    /// `firstCovering` answers for code points below `tableSize`; `unknown` until asked.
    private var table: [Int16]
    private var others: [UInt32: Int16] = [:]

    /// Entries that are emoji fonts (see `isEmoji`), in chain order; worked out when an
    /// emoji first needs one.
    private(set) lazy var emojiEntries: [Int] = entries.indices.filter(isEmoji)
    /// `isEmoji` per entry as far as asked: -1 not yet, else 0 or 1. Asked of the face
    /// in use at nearly every space, and of few others: a chain lists a hundred or more
    /// faces, whose names cost 1,300 instructions each to test (a one-line document's
    /// two chains: 0.5 million, serial before its first page).
    private var emojiFlags: [Int8]

    init(entries: [Entry]) {
        self.entries = entries
        self.ids = Array(repeating: nil, count: entries.count)
        self.table = Array(repeating: Self.unknown, count: Self.tableSize)
        self.emojiFlags = Array(repeating: -1, count: entries.count)
    }

    /// Whether entry `index` is an emoji font: a family name containing "emoji".
    func isEmoji(_ index: Int) -> Bool {
        if emojiFlags[index] < 0 {
            emojiFlags[index] = entries[index].families.contains { $0.lowercased().hasSubstring("emoji") } ? 1 : 0
        }
        return emojiFlags[index] == 1
    }

    /// Index of the first entry whose charset has `scalar`, or -1 when none has it.
    @inline(__always)
    func firstCovering(_ scalar: UInt32) -> Int {
        if scalar < UInt32(Self.tableSize) {
            let cached = table[Int(scalar)]
            if cached != Self.unknown { return Int(cached) }
            let found = search(scalar, from: 0)
            table[Int(scalar)] = Int16(found)
            return found
        }
        if let cached = others[scalar] { return Int(cached) }
        let found = search(scalar, from: 0)
        others[scalar] = Int16(found)
        return found
    }

    /// Index of the first entry covering every scalar of `scalars` (which must not be
    /// empty), or -1. A face covering all of them cannot come before the first face
    /// covering each one, so the search starts at the largest of those indices.
    func firstCoveringAll(_ scalars: ArraySlice<UInt32>) -> Int {
        var start = 0
        for s in scalars {
            let i = firstCovering(s)
            if i < 0 { return -1 }
            start = max(start, i)
        }
        var candidate = start
        while candidate < entries.count {
            let coverage = entries[candidate].coverage
            if scalars.allSatisfy({ coverage.contains($0) }) { return candidate }
            candidate += 1
        }
        return -1
    }

    /// The first emoji font covering every scalar of `scalars`, or nil.
    func firstEmojiCoveringAll(_ scalars: ArraySlice<UInt32>) -> Int? {
        emojiEntries.first { covers($0, scalars) }
    }

    /// Whether entry `index` covers every scalar of `scalars`.
    func covers(_ index: Int, _ scalars: ArraySlice<UInt32>) -> Bool {
        let coverage = entries[index].coverage
        return scalars.allSatisfy { coverage.contains($0) }
    }

    private func search(_ scalar: UInt32, from start: Int) -> Int {
        var i = start
        while i < entries.count {
            if entries[i].coverage.contains(scalar) { return i }
            i += 1
        }
        return -1
    }
}
