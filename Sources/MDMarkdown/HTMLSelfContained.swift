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
                guard let end = commentEnd(b, from: i) else { return false }
                i = end
            } else if next == UInt8(ascii: "?") {
                return false  // a bogus comment, to the next `>`
            } else if next == UInt8(ascii: "/") {
                guard i + 2 < b.count, isLetter(b[i + 2]) else { return false }
                let (name, afterName) = tagName(b, from: i + 2)
                guard let end = tagEnd(b, from: afterName), open.last == name else { return false }
                open.removeLast()
                i = end
            } else if isLetter(next) {
                let (name, afterName) = tagName(b, from: i + 1)
                guard !special.contains(name), let end = tagEnd(b, from: afterName) else { return false }
                // `/>` closes only void elements in HTML5: `<span/>` opens a span.
                if !void.contains(name) { open.append(name) }
                i = end
            } else {
                i += 1  // a `<` that starts no tag is text
            }
        }
        return open.isEmpty
    }

    /// Just past the `-->` (or `--!>`, which HTML5 also ends a comment at) of the comment
    /// at `start` (`<!--`); nil for anything else that starts `<!` (a doctype, CDATA, a
    /// bogus comment), for the short forms `<!-->` and `<!--->`, and for a comment that
    /// does not end.
    private static func commentEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start + 4 < b.count, b[start + 2] == UInt8(ascii: "-"), b[start + 3] == UInt8(ascii: "-") else { return nil }
        var j = start + 4
        if b[j] == UInt8(ascii: ">") { return nil }
        if b[j] == UInt8(ascii: "-"), j + 1 < b.count, b[j + 1] == UInt8(ascii: ">") { return nil }
        while j + 2 < b.count {
            if b[j] == UInt8(ascii: "-"), b[j + 1] == UInt8(ascii: "-") {
                if b[j + 2] == UInt8(ascii: ">") { return j + 3 }
                if b[j + 2] == UInt8(ascii: "!"), j + 3 < b.count, b[j + 3] == UInt8(ascii: ">") { return j + 4 }
            }
            j += 1
        }
        return nil
    }

    /// The tag name from `start` (its first letter) to white space, `/` or `>`,
    /// lowercased as the tokenizer does (ASCII letters only: `<AÄ>` is `aÄ`), and where
    /// it ends.
    private static func tagName(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (String, Int) {
        var j = start
        while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: "/"), b[j] != UInt8(ascii: ">") { j += 1 }
        let bytes = UnsafeBufferPointer(rebasing: b[start..<j])
        let name = bytes.contains { $0 >= 0x41 && $0 <= 0x5A }
            ? String(decoding: bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
            : String(decoding: bytes, as: UTF8.self)
        return (name, j)
    }

    /// Just past the `>` that ends the tag whose attributes start at `start`, reading them
    /// as the tokenizer does (a quote delimits only a value after `=`); nil when the text
    /// ends first.
    private static func tagEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var j = start
        while j < b.count {
            let c = b[j]
            if c == UInt8(ascii: ">") { return j + 1 }
            if isSpace(c) || c == UInt8(ascii: "/") { j += 1; continue }
            // An attribute name (its first character may be `=`).
            j += 1
            while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: "/"), b[j] != UInt8(ascii: ">"), b[j] != UInt8(ascii: "=") {
                j += 1
            }
            while j < b.count, isSpace(b[j]) { j += 1 }
            guard j < b.count, b[j] == UInt8(ascii: "=") else { continue }
            j += 1
            while j < b.count, isSpace(b[j]) { j += 1 }
            guard j < b.count else { return nil }
            if b[j] == 0x22 || b[j] == 0x27 {
                let quote = b[j]
                j += 1
                while j < b.count, b[j] != quote { j += 1 }
                guard j < b.count else { return nil }
                j += 1
            } else {
                while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ">") { j += 1 }
            }
        }
        return nil
    }

    private static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    /// HTML's white space in tags: tab, line feed, form feed, carriage return, space.
    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
}
