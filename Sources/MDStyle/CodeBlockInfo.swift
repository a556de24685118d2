import FoundationEssentials
import Glibc

/// What a fenced code block's info string asks for: its language and whether its lines
/// are numbered. Understands the forms Markdown tools write:
/// `rust`, `rust,ignore` (mdBook), `js {.line-numbers}`, `{.python .numberLines
/// startFrom="10"}` (pandoc), `ts showLineNumbers` / `showLineNumbers{5}` (MDX),
/// `language-go`.
struct CodeBlockInfo: Hashable, Sendable {
    /// The language word as written (nil when the block names none).
    var language: String?
    /// Whether the block asks for line numbers.
    var numbered = false
    /// The first line's number when numbered.
    var firstNumber = 1
    /// A built-in highlighting palette for this block only (`palette=solarized`).
    var palette: String?

    /// Class and word spellings that ask for line numbers.
    static let numberFlags: Set<String> = ["numberlines", "number-lines", "line-numbers", "linenumbers", "linenos",
                                           "showlinenumbers", "numbered"]

    init(_ info: String) {
        var rest = Substring(info.trimmingSpaces())
        // The language is the first word, unless the string starts with an attribute block.
        if !rest.hasPrefix("{") {
            let word = rest.prefix { !$0.isWhitespace && $0 != "," && $0 != "{" }
            rest = rest.dropFirst(word.count)
            let lang = word.hasPrefix("language-") ? word.dropFirst(9) : word
            if !lang.isEmpty, !Self.isNumberFlag(lang) { language = String(lang) } else if Self.isNumberFlag(lang) { numbered = true }
        }
        // Then: attribute blocks `{…}`, mdBook's `,ignore`-style flags, and bare words.
        var i = rest.startIndex
        while i < rest.endIndex {
            let c = rest[i]
            if c == "{" {
                let close = rest[i...].firstIndex(of: "}") ?? rest.endIndex
                let inner = rest[rest.index(after: i)..<close]
                if let n = attributeNumber(inner, after: rest[..<i]) { numbered = true; firstNumber = n } else { readAttributes(inner) }
                i = close < rest.endIndex ? rest.index(after: close) : close
                continue
            }
            if c.isWhitespace || c == "," { i = rest.index(after: i); continue }
            let word = rest[i...].prefix { !$0.isWhitespace && $0 != "," && $0 != "{" }
            readWord(word)
            i = rest.index(i, offsetBy: word.count)
        }
    }

    static func isNumberFlag<S: StringProtocol>(_ s: S) -> Bool {
        numberFlags.contains(s.lowercased())
    }

    /// `showLineNumbers{10}`: a number in braces right after the flag.
    private func attributeNumber(_ inner: Substring, after before: Substring) -> Int? {
        guard let n = Int(inner.trimmingSpaces()) else { return nil }
        let lastWord = before.reversed().prefix { !$0.isWhitespace && $0 != "," }
        return Self.isNumberFlag(String(lastWord.reversed())) ? n : nil
    }

    /// A bare word after the language: a line-number flag, or `key=value`.
    private mutating func readWord(_ word: Substring) {
        if Self.isNumberFlag(word) { numbered = true; return }
        if let eq = word.firstIndex(of: "=") { readKeyValue(word[..<eq], word[word.index(after: eq)...]) }
    }

    /// Inside `{…}`: `.class` words (the first that is not a flag is the language when
    /// none was given), `#id`, and `key=value` / `key="value"`.
    private mutating func readAttributes(_ inner: Substring) {
        for token in inner.split(whereSeparator: { $0.isWhitespace }) {
            if token.hasPrefix(".") {
                let cls = token.dropFirst()
                if Self.isNumberFlag(cls) { numbered = true } else if language == nil, !cls.isEmpty {
                    language = String(cls.hasPrefix("language-") ? cls.dropFirst(9) : cls)
                }
            } else if let eq = token.firstIndex(of: "=") {
                readKeyValue(token[..<eq], token[token.index(after: eq)...])
            } else if Self.isNumberFlag(token) {
                numbered = true
            }
        }
    }

    private mutating func readKeyValue(_ key: Substring, _ value: Substring) {
        let v = value.trimmingScalars(in: "\"'")
        switch key.lowercased() {
        case "startfrom", "start-from", "start", "linenostart", "startlinenumber":
            if let n = Int(v) { numbered = true; firstNumber = n }
        case "linenos", "shownumbers", "linenumbers", "numberlines":
            if v == "true" || v == "1" || v == "table" || v == "inline" { numbered = true }
        case "palette":
            palette = v
        default: break
        }
    }
}

