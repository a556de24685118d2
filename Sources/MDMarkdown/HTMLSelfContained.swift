/// Whether a stretch of raw HTML is self-contained: read by the HTML5 parser from an
/// empty stack of open elements, it leaves the stack empty again, so it cannot reach
/// into the blocks after it (an element left open would hold them) nor into those
/// before (its end tags close only what it opened).
///
/// The weave uses it to parse only the HTML that needs its neighbours: a run of
/// self-contained HTML blocks is woven on its own, and the Markdown blocks around it are
/// left as they are, where weaving a container's whole sequence parsed every block of a
/// book as a placeholder (the Rust book's `<a id>` anchors and comments: a fifth of its
/// parse). See `HTMLWeaver.weave(_:)`.
///
/// Conservative: a tokenizer that follows HTML5's tag and comment syntax, with a stack
/// that every end tag must match exactly. Anything the tree builder treats specially
/// (raw text elements, foreign content, document-level tags, markup declarations,
/// unterminated tags or comments) answers false, and the caller weaves as before;
/// false is never wrong, only slower.
enum HTMLSelfContained {
    /// Elements that hold nothing: no end tag, nothing opened.
    private static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]

    /// Start tags whose content the tokenizer reads differently (raw text, foreign
    /// content) or that the tree builder handles outside the stack of open elements.
    private static let special: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript", "plaintext",
        "template", "svg", "math", "html", "head", "body", "frameset", "frame", "image", "select", "option",
        "optgroup", "table", "caption", "colgroup", "tbody", "thead", "tfoot", "tr", "td", "th", "form",
    ]

    static func check(_ html: String) -> Bool {
        var copy = html
        return copy.withUTF8 { check(bytes: $0) }
    }

    private static func check(bytes b: UnsafeBufferPointer<UInt8>) -> Bool {
        var open: [String] = []
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "<"), i + 1 < b.count else { i += 1; continue }
            let next = b[i + 1]
            if next == UInt8(ascii: "!") {
                guard let end = HTMLTagSyntax.commentEnd(b, from: i) else { return false }
                i = end
            } else if next == UInt8(ascii: "?") {
                return false  // a bogus comment, to the next `>`
            } else if next == UInt8(ascii: "/") {
                guard i + 2 < b.count, HTMLTagSyntax.isLetter(b[i + 2]) else { return false }
                let (name, afterName) = HTMLTagSyntax.tagName(b, from: i + 2)
                guard let end = HTMLTagSyntax.tagEnd(b, from: afterName), open.last == name else { return false }
                open.removeLast()
                i = end
            } else if HTMLTagSyntax.isLetter(next) {
                let (name, afterName) = HTMLTagSyntax.tagName(b, from: i + 1)
                guard !special.contains(name), let end = HTMLTagSyntax.tagEnd(b, from: afterName) else { return false }
                // `/>` closes only void elements in HTML5: `<span/>` opens a span.
                if !void.contains(name) { open.append(name) }
                i = end
            } else {
                i += 1  // a `<` that starts no tag is text
            }
        }
        return open.isEmpty
    }
}
