import MDCore
import MDMarkdown

/// An attribute block at the end of a heading, as pandoc and kramdown write it:
/// `## Installing {#install}`. The `#id` becomes the heading's anchor instead of the slug
/// of its title (links to `#install` reach it); `.unnumbered` or `-` leave the heading
/// out of the theme's numbering, as in pandoc; other classes and `key=value` pairs are
/// accepted and ignored. The block is never printed, nor part of the title in the
/// outline and the contents. Text that is not a well-formed block (`{not an id}`,
/// braces in the middle of the title) stays text.
struct HeadingAttributes {
    /// The heading's inlines without the block (and the spaces before it).
    var inlines: [Inline]
    var id: String?
    var unnumbered = false

    init(_ heading: [Inline]) {
        inlines = heading
        // cmark splits text at punctuation (`_`, `[`…): the block can span text nodes.
        var start = heading.count
        while start > 0, case .text = heading[start - 1] { start -= 1 }
        guard start < heading.count else { return }
        let tail = heading[start...].map { if case .text(let s) = $0 { return s } else { return "" } }.joined()
        guard let (kept, attributes) = Self.split(tail) else { return }
        var tokens: [String] = []
        guard Self.tokenize(attributes, into: &tokens), !tokens.isEmpty else { return }
        var id: String?
        var unnumbered = false
        for token in tokens {
            if token.hasPrefix("#") {
                guard id == nil, token.count > 1 else { return }  // two ids: not an attribute block
                id = String(token.dropFirst())
            } else if token == "-" || token == ".unnumbered" {
                unnumbered = true
            } else if token.hasPrefix(".") {
                guard token.count > 1 else { return }
            } else if !token.hasSubstring("=") || token.hasPrefix("=") {
                return
            }
        }
        self.id = id
        self.unnumbered = unnumbered
        var out = Array(heading[..<start])
        let text = String(kept.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        if !text.isEmpty { out.append(.text(text)) }
        inlines = out
    }

    /// The text before the final `{…}` and what the braces hold; nil when the text does
    /// not end with a brace block (trailing spaces allowed).
    static func split(_ s: String) -> (String, Substring)? {
        // Most headings end otherwise: one look at the last byte that is not a space
        // spares them the walk by characters below (each heading is looked at for the
        // contents before the first block is styled; chapters 1-14 of the Rust book
        // spent 2.5 ms here).
        guard s.utf8.last(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) == UInt8(ascii: "}") else { return nil }
        let trimmed = Substring(s).reversed().drop { $0 == " " || $0 == "\t" }
        let body = Substring(String(trimmed.reversed()))
        guard body.hasSuffix("}"), let open = body.lastIndex(of: "{") else { return nil }
        let inner = body[body.index(after: open)..<body.index(before: body.endIndex)]
        guard !inner.hasSubstring("{") else { return nil }
        let before = body[..<open]
        // `text{#id}` glued to a word is kramdown's span IAL, not a heading's: require a space.
        if let last = before.last, last != " ", last != "\t" { return nil }
        return (String(before), inner)
    }

    /// Whitespace-separated tokens; a `key="value with spaces"` value may be quoted.
    /// false on an unbalanced quote.
    static func tokenize(_ s: Substring, into tokens: inout [String]) -> Bool {
        var current = ""
        var quote: Character?
        for ch in s {
            if let q = quote {
                current.append(ch)
                if ch == q { quote = nil }
            } else if ch == " " || ch == "\t" {
                if !current.isEmpty { tokens.append(current); current = "" }
            } else {
                if ch == "\"" || ch == "'" { quote = ch }
                current.append(ch)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return quote == nil
    }
}
