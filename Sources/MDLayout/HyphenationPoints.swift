import MDCore
import MDStyle
import MDText

/// Where a paragraph's words may be hyphenated, from the installed patterns (libhyphen),
/// as `.soft` break opportunities merged into the shaper's.
///
/// Words are runs of letters. A word is left whole when it is in a code span or an
/// inline object's run, is part of a token (the text between spaces) that looks like
/// a URL, an e-mail address, a path or a number (digits, `@`, `/`, `\`, `_`, `:` or an
/// inner `.`), is written in capitals only, or already has a soft hyphen (the author
/// chose its breaks).
enum HyphenationPoints {
    static func merged(_ breaks: [BreakOpportunity], _ text: AttributedText, _ h: Hyphenation,
                       env: LayoutEnvironment) -> [BreakOpportunity] {
        let points = find(text, h, env: env)
        guard !points.isEmpty else { return breaks }
        let existing = Set(breaks.map(\.offset))
        var out = breaks
        out += points.filter { !existing.contains($0) }.map { BreakOpportunity(offset: $0, mandatory: false, kind: .soft) }
        out.sort { $0.offset < $1.offset }
        return out
    }

    /// Hyphenation points as UTF-8 offsets of the paragraph text, ascending. A token of
    /// ASCII alone (most of them) is read as bytes, where a byte is a character and a
    /// letter is A–Z or a–z; others character by character.
    static func find(_ text: AttributedText, _ h: Hyphenation, env: LayoutEnvironment) -> [Int] {
        let bytes = Array(text.string.utf8)
        var out: [Int] = []
        var runIndex = 0
        for token in tokens(text.string) {
            let end = token.start + token.text.utf8.count
            let ascii = bytes[token.start..<end].allSatisfy { $0 < 0x80 }
            guard ascii ? isHyphenatableASCII(bytes[token.start..<end]) : isHyphenatable(token.text) else { continue }
            for word in ascii ? asciiWords(bytes, token.start..<end) : characterWords(in: token) {
                while runIndex < text.runs.count, text.runs[runIndex].range.upperBound <= word.start { runIndex += 1 }
                guard runIndex < text.runs.count else { break }
                let run = text.runs[runIndex]
                // A word across a style change (a link or emphasis inside it) keeps its break
                // points within each run; code spans and objects are never hyphenated.
                if run.layout.code || run.paint.background != nil || run.layout.object != nil { continue }
                guard let lower = ascii ? lowercasedASCII(bytes[word.start..<word.end], h)
                                        : lowercased(bytes[word.start..<word.end], h) else { continue }
                guard let found = env.text.hyphenationPoints(in: lower, language: h.language,
                                                             minLeft: h.minLeft, minRight: h.minRight) else {
                    env.diagnostics.warnOnce(key: "hyphenation:\(h.language)",
                                             "no hyphenation patterns for language '\(h.language)' are installed; words are not hyphenated",
                                             hint: "install Debian's hyphen-\(h.language.split(separator: "-").first ?? "") package, or set 'paragraph.hyphenate': false")
                    return []
                }
                out += found.map { word.start + $0 }
            }
        }
        return out
    }

    /// A word as the patterns take it (lowercase), or nil when it is too short to break
    /// or has no lowercase letter (an acronym), or lowercasing changes its length.
    static func lowercased(_ word: ArraySlice<UInt8>, _ h: Hyphenation) -> String? {
        let w = String(decoding: word, as: UTF8.self)
        guard w.count >= h.minLeft + h.minRight, w.contains(where: \.isLowercase) else { return nil }
        let lower = w.lowercased()
        return lower.utf8.count == w.utf8.count ? lower : nil
    }

    /// `lowercased` for a word of ASCII letters.
    static func lowercasedASCII(_ word: ArraySlice<UInt8>, _ h: Hyphenation) -> String? {
        guard word.count >= h.minLeft + h.minRight, word.contains(where: { (0x61...0x7A).contains($0) }) else { return nil }
        return String(decoding: word.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    struct Token { var text: Substring; var start: Int }
    struct Word { var start: Int; var end: Int }

    /// Maximal runs of non-space characters, with their UTF-8 start offsets.
    static func tokens(_ s: String) -> [Token] {
        simpleTokens(s) ?? characterTokens(s)
    }

    /// `tokens` the general way, character by character.
    static func characterTokens(_ s: String) -> [Token] {
        var out: [Token] = []
        var offset = 0
        var start: (String.Index, Int)?
        for i in s.indices {
            let c = s[i]
            if c.isWhitespace {
                if let (si, so) = start { out.append(Token(text: s[si..<i], start: so)); start = nil }
            } else if start == nil {
                start = (i, offset)
            }
            offset += c.utf8.count
        }
        if let (si, so) = start { out.append(Token(text: s[si...], start: so)) }
        return out
    }

    /// `tokens` for text whose every scalar is a character of its own: ASCII, Latin-1
    /// and the punctuation of U+2010–U+2027 and U+2030–U+205E (curly quotes, dashes), none
    /// of which joins a neighbour into one grapheme (CR LF does, but both are spaces). A
    /// walk over scalars then finds the same tokens as a walk over characters, without
    /// grapheme breaking. nil for any other text.
    static func simpleTokens(_ s: String) -> [Token]? {
        var spans: [Range<Int>] = []
        var offset = 0, start = -1
        for u in s.unicodeScalars {
            let v = u.value
            let isSpace: Bool
            switch v {
            case 0x09...0x0D, 0x20, 0xA0: isSpace = true
            case 0x00...0x7F: isSpace = false
            case 0xA1...0xFF where v != 0xAD: isSpace = false  // the soft hyphen falls to `default`
            case 0x2010...0x2027, 0x2030...0x205E: isSpace = false
            default: return nil
            }
            if isSpace {
                if start >= 0 { spans.append(start..<offset); start = -1 }
            } else if start < 0 {
                start = offset
            }
            offset += UTF8.width(u)
        }
        if start >= 0 { spans.append(start..<offset) }
        let u = s.utf8
        return spans.map { r in
            Token(text: s[u.index(u.startIndex, offsetBy: r.lowerBound)..<u.index(u.startIndex, offsetBy: r.upperBound)],
                  start: r.lowerBound)
        }
    }

    /// A token that is prose: no digits, no URL, path or address punctuation, no soft
    /// hyphen, and not all capitals.
    static func isHyphenatable(_ token: Substring) -> Bool {
        var letters = 0, upper = 0
        var dotBeforeLetter = false
        for u in token.unicodeScalars {
            switch u {
            case "0"..."9", "@", "/", "\\", "_", ":", "\u{00AD}": return false
            // An inner dot: "example.com"; "e.g." ends in one and stays prose.
            case ".": dotBeforeLetter = letters > 0
            default:
                let isLetter: Bool, isUpper: Bool
                if let ascii = asciiLetter(u) {
                    (isLetter, isUpper) = ascii
                } else {
                    if u.properties.numericType != nil { return false }
                    isLetter = u.properties.isAlphabetic
                    isUpper = isLetter && u.properties.isUppercase
                }
                guard isLetter else { continue }
                if dotBeforeLetter { return false }
                letters += 1
                if isUpper { upper += 1 }
            }
        }
        return letters > 0 && !(upper == letters && letters > 1)
    }

    /// `isHyphenatable` for a token of ASCII bytes.
    static func isHyphenatableASCII(_ token: ArraySlice<UInt8>) -> Bool {
        var letters = 0, upper = 0
        var dotBeforeLetter = false
        for b in token {
            switch b {
            case 0x30...0x39, 0x40, 0x2F, 0x5C, 0x5F, 0x3A: return false  // 0-9 @ / \ _ :
            case 0x2E: dotBeforeLetter = letters > 0                         // .
            case 0x41...0x5A, 0x61...0x7A:
                if dotBeforeLetter { return false }
                letters += 1
                if b <= 0x5A { upper += 1 }
            default: continue
            }
        }
        return letters > 0 && !(upper == letters && letters > 1)
    }

    /// Whether an ASCII scalar is a letter and a capital, without a property lookup: no
    /// ASCII scalar but 0–9 is numeric, and only A–Z and a–z are alphabetic. nil beyond ASCII.
    static func asciiLetter(_ u: Unicode.Scalar) -> (isLetter: Bool, isUpper: Bool)? {
        guard u.isASCII else { return nil }
        let isUpper = ("A"..."Z").contains(u)
        return (isUpper || ("a"..."z").contains(u), isUpper)
    }

    /// The letter runs (A–Z, a–z) of the ASCII token at `range` of `bytes`, as UTF-8
    /// ranges of the paragraph text.
    static func asciiWords(_ bytes: [UInt8], _ range: Range<Int>) -> [Word] {
        var out: [Word] = []
        var start: Int?
        for offset in range {
            let b = bytes[offset]
            if (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) {
                if start == nil { start = offset }
            } else if let s = start {
                out.append(Word(start: s, end: offset)); start = nil
            }
        }
        if let s = start { out.append(Word(start: s, end: range.upperBound)) }
        return out
    }

    /// `words` the general way, character by character.
    static func characterWords(in token: Token) -> [Word] {
        var out: [Word] = []
        var offset = token.start
        var start: Int?
        for c in token.text {
            if c.isLetter {
                if start == nil { start = offset }
            } else if let s = start {
                out.append(Word(start: s, end: offset)); start = nil
            }
            offset += c.utf8.count
        }
        if let s = start { out.append(Word(start: s, end: offset)) }
        return out
    }
}
