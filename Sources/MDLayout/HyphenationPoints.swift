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

    /// Hyphenation points as UTF-8 offsets of the paragraph text, ascending.
    static func find(_ text: AttributedText, _ h: Hyphenation, env: LayoutEnvironment) -> [Int] {
        let bytes = Array(text.string.utf8)
        var out: [Int] = []
        var runIndex = 0
        for token in tokens(text.string) {
            guard isHyphenatable(token.text) else { continue }
            for word in words(in: token) {
                while runIndex < text.runs.count, text.runs[runIndex].range.upperBound <= word.start { runIndex += 1 }
                guard runIndex < text.runs.count else { break }
                let run = text.runs[runIndex]
                // A word across a style change (a link or emphasis inside it) keeps its break
                // points within each run; code spans and objects are never hyphenated.
                if run.layout.code || run.paint.background != nil || run.layout.object != nil { continue }
                let w = String(decoding: bytes[word.start..<word.end], as: UTF8.self)
                guard w.count >= h.minLeft + h.minRight, w.contains(where: \.isLowercase) else { continue }
                let lower = w.lowercased()
                guard lower.utf8.count == w.utf8.count else { continue }
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

    struct Token { var text: Substring; var start: Int }
    struct Word { var start: Int; var end: Int }

    /// Maximal runs of non-space characters, with their UTF-8 start offsets.
    static func tokens(_ s: String) -> [Token] {
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
                if u.properties.numericType != nil { return false }
                guard u.properties.isAlphabetic else { continue }
                if dotBeforeLetter { return false }
                letters += 1
                if u.properties.isUppercase { upper += 1 }
            }
        }
        return letters > 0 && !(upper == letters && letters > 1)
    }

    /// The letter runs of a token, as UTF-8 ranges of the paragraph text.
    static func words(in token: Token) -> [Word] {
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
