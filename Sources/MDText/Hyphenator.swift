import CHyphen
import Glibc

/// A dictionary in use by one conversion, with its scratch for libhyphen's answers.
final class Hyphenator {
    private let patterns: HyphenPatterns
    /// Scratch for `hnj_hyphen_hyphenate3`: word length + 5 bytes, as the library asks.
    private var hyphens: [CChar] = []

    init(_ patterns: HyphenPatterns) { self.patterns = patterns }

    /// UTF-8 offsets inside `word` (lowercase letters expected) after which a hyphen may
    /// go, keeping at least `minLeft` characters before and `minRight` after.
    func points(in word: String, minLeft: Int, minRight: Int) -> [Int] {
        var bytes = Self.libraryWord(word)
        let length = bytes.count - 1
        guard length > 0 else { return [] }
        if hyphens.count < length + 5 { hyphens = [CChar](repeating: 0, count: length + 5) }
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        let status = bytes.withUnsafeMutableBufferPointer { w in
            hyphens.withUnsafeMutableBufferPointer { h in
                hnj_hyphen_hyphenate3(patterns.dict, w.baseAddress, Int32(length), h.baseAddress, nil, &rep, &pos, &cut,
                                      Int32(minLeft), Int32(minRight), Int32(minLeft), Int32(minRight))
            }
        }
        // Non-standard hyphenation (replacements) is not used; free what the library made.
        if let rep {
            for i in 0..<(length + 1) { free(rep[i]) }
            free(rep)
        }
        free(pos)
        free(cut)
        guard status == 0 else { return [] }
        // A UTF-8 dictionary reports positions per character (code point): map to bytes.
        var out: [Int] = []
        var offset = 0, index = 0
        for scalar in word.unicodeScalars {
            offset += String(scalar).utf8.count
            if index < hyphens.count, hyphens[index] & 1 == 1, offset < length { out.append(offset) }
            index += 1
        }
        return out
    }

    /// The word as libhyphen must get it: its UTF-8 bytes and a NUL. The length passed
    /// beside it is not enough: `hnj_hyphen_hyphenate3` looks for the NOHYPHEN strings
    /// (which libhyphen gives a dictionary of one level: `'`, `–`, `’` and `-`) with
    /// `strstr` on the word, so without a NUL it reads on into whatever follows in
    /// memory, and where it finds one there it writes into `hyphens` at that distance:
    /// past the buffer, into the heap. Prose is full of `’`, so leftover text after a
    /// word often holds one. AddressSanitizer reports the read on the first word
    /// hyphenated; the heap corruption explains the `free(): invalid pointer` the layout
    /// thread met about once in 50 runs (how often the stray write hits malloc's own
    /// data depends on the heap's layout, which a second thread changes).
    static func libraryWord(_ word: String) -> [CChar] {
        var bytes = word.utf8.map { CChar(bitPattern: $0) }
        bytes.append(0)
        return bytes
    }
}

struct HyphenationKey: Hashable {
    var language: String
    var word: String
    var minLeft: Int
    var minRight: Int
}

extension TextContext {
    /// Hyphenation points (UTF-8 offsets inside `word`) for `language`, from the
    /// installed patterns; nil when no dictionary for the language is installed.
    public func hyphenationPoints(in word: String, language: String, minLeft: Int, minRight: Int) -> [Int]? {
        let key = language.lowercased()
        if hyphenators[key] == nil { hyphenators[key] = .some(hyphenation.patterns(for: language).map(Hyphenator.init)) }
        guard let h = hyphenators[key]! else { return nil }
        // Prose repeats its words: each is hyphenated once per conversion.
        let cacheKey = HyphenationKey(language: key, word: word, minLeft: minLeft, minRight: minRight)
        if let known = hyphenationCache[cacheKey] { return known }
        let points = h.points(in: word, minLeft: minLeft, minRight: minRight)
        hyphenationCache[cacheKey] = points
        return points
    }
}
