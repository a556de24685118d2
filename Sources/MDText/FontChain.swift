import MDCore
import MDPage

/// The ranked faces fontconfig offers for one request, with a cache of which face first
/// covers each code point. Index 0 is the primary face.
///
/// A chain from the font lookup cache decodes its faces as they are first needed
/// (`StoredChain`): a chain ranks a hundred faces or more, and a text in one script
/// needs one or two of them.
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

        /// A face of no file that has no character, standing for one that cannot be read.
        static let none = Entry(file: FontFile(path: "", index: 0), families: [], coverage: CharSet(pages: [], bits: []))
    }

    /// Where the faces come from: all at hand, or the lookup cache.
    enum Faces {
        case entries([Entry])
        case stored(StoredChain)

        /// Every face, decoded.
        var all: [Entry] {
            switch self {
            case .entries(let entries): entries
            case .stored(let chain): chain.allEntries()
            }
        }
    }

    /// How many faces the chain ranks.
    let count: Int
    /// The faces decoded so far (all of them unless `stored`), and their coverage, which
    /// the inner loops read without copying an entry.
    private var entries: [Entry?]
    private var coverages: [CharSet?]
    private let stored: StoredChain?
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
    private(set) lazy var emojiEntries: [Int] = (0..<count).filter(isEmoji)
    /// `isEmoji` per entry as far as asked: -1 not yet, else 0 or 1. Asked of the face
    /// in use at nearly every space, and of few others: a chain lists a hundred or more
    /// faces, whose names cost 1,300 instructions each to test (a one-line document's
    /// two chains: 0.5 million, serial before its first page).
    private var emojiFlags: [Int8]

    convenience init(entries: [Entry]) { self.init(faces: .entries(entries)) }

    init(faces: Faces) {
        switch faces {
        case .entries(let all):
            count = all.count
            entries = all
            coverages = all.map(\.coverage)
            stored = nil
        case .stored(let chain):
            count = chain.count
            entries = Array(repeating: nil, count: chain.count)
            coverages = Array(repeating: nil, count: chain.count)
            stored = chain
        }
        self.ids = Array(repeating: nil, count: count)
        self.table = Array(repeating: Self.unknown, count: Self.tableSize)
        self.emojiFlags = Array(repeating: -1, count: count)
    }

    var isEmpty: Bool { count == 0 }
    /// The primary face, or nil for a chain without any (no fonts installed).
    var first: Entry? { count > 0 ? entry(0) : nil }

    /// Faces decoded together from the cache once a fallback is needed: a search past
    /// the primary face goes on down the chain, and one read of their records costs
    /// less than a read (and a turn of `SystemFonts`' lock) each.
    private static let fallbackBlock = 16

    /// Face `index` (< `count`), decoded on first use: the primary alone, a fallback with
    /// the next faces down the chain.
    func entry(_ index: Int) -> Entry {
        if let entry = entries[index] { return entry }
        var end = index + 1
        if index > 0 {
            while end < min(index + Self.fallbackBlock, count) && entries[end] == nil { end += 1 }
        }
        for (i, entry) in zip(index..<end, stored!.entries(index..<end)) {
            entries[i] = entry
            coverages[i] = entry.coverage
        }
        return entries[index]!
    }

    /// The characters face `index` has.
    @inline(__always)
    private func coverage(_ index: Int) -> CharSet {
        if let coverage = coverages[index] { return coverage }
        return entry(index).coverage
    }

    /// Whether entry `index` is an emoji font: a family name containing "emoji".
    func isEmoji(_ index: Int) -> Bool {
        if emojiFlags[index] < 0 {
            emojiFlags[index] = entry(index).families.contains { $0.lowercased().hasSubstring("emoji") } ? 1 : 0
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
        while candidate < count {
            let coverage = coverage(candidate)
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
        let coverage = coverage(index)
        return scalars.allSatisfy { coverage.contains($0) }
    }

    private func search(_ scalar: UInt32, from start: Int) -> Int {
        var i = start
        while i < count {
            if coverage(i).contains(scalar) { return i }
            i += 1
        }
        return -1
    }
}
