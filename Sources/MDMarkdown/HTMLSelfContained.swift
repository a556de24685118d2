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

    /// What a piece of HTML leaves unfinished at its end: a comment, a bogus comment
    /// (`<!x`, `<?x`) or a tag that does not end, which HTML5 makes hide everything after
    /// it (a browser shows nothing of it). Raw text (`<script>`, `<xmp>`…) is skipped to its
    /// end tag; one that does not end is not reported here (the element is left out or
    /// printed, with its own warning). nil when nothing is left open.
    static func unfinished(_ html: String) -> Unfinished? {
        var copy = html
        return copy.withUTF8 { unfinished(bytes: $0) }
    }

    enum Unfinished: Equatable {
        /// A comment starting at the offset.
        case comment(at: Int)
        /// A tag named so starting at the offset.
        case tag(String, at: Int)
    }

    private static func unfinished(bytes b: UnsafeBufferPointer<UInt8>) -> Unfinished? {
        var i = 0
        while i < b.count {
            guard b[i] == UInt8(ascii: "<"), i + 1 < b.count else { i += 1; continue }
            let next = b[i + 1]
            if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                if let end = commentEnd(b, from: i) ?? shortCommentEnd(b, from: i) {
                    i = end
                } else if isCommentStart(b, at: i) {
                    return .comment(at: i)
                } else {
                    // A bogus comment (a doctype, CDATA, `<?php`) ends at the next `>`.
                    guard let gt = b[(i + 2)...].firstIndex(of: UInt8(ascii: ">")) else { return .comment(at: i) }
                    i = gt + 1
                }
            } else if next == UInt8(ascii: "/") || isLetter(next) {
                let closing = next == UInt8(ascii: "/")
                let nameStart = closing ? i + 2 : i + 1
                guard nameStart < b.count, isLetter(b[nameStart]) else { i += 2; continue }
                let (name, afterName) = tagName(b, from: nameStart)
                guard let end = tagEnd(b, from: afterName) else { return .tag(name, at: i) }
                i = end
                guard !closing, rawText.contains(name) else { continue }
                if name == "plaintext" { return nil }
                guard let close = rawTextEnd(b, name: name, from: i) else { return nil }
                i = close
            } else {
                i += 1
            }
        }
        return nil
    }

    /// Elements whose content the tokenizer reads as text up to their own end tag.
    private static let rawText: Set<String> = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    private static func isCommentStart(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        i + 3 < b.count && b[i + 1] == UInt8(ascii: "!") && b[i + 2] == UInt8(ascii: "-") && b[i + 3] == UInt8(ascii: "-")
    }

    /// Just past `<!-->` or `<!--->`, comments HTML5 ends at once.
    private static func shortCommentEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        guard isCommentStart(b, at: i), i + 4 < b.count else { return nil }
        if b[i + 4] == UInt8(ascii: ">") { return i + 5 }
        if b[i + 4] == UInt8(ascii: "-"), i + 5 < b.count, b[i + 5] == UInt8(ascii: ">") { return i + 6 }
        return nil
    }

    /// Where the end tag of raw-text element `name` starts (`</name` followed by white
    /// space, `/` or `>`, any case), from `start`; nil when it does not come.
    private static func rawTextEnd(_ b: UnsafeBufferPointer<UInt8>, name: String, from start: Int) -> Int? {
        let n = Array(name.utf8)
        var j = start
        while j + 2 + n.count < b.count {
            if b[j] == UInt8(ascii: "<"), b[j + 1] == UInt8(ascii: "/") {
                var k = 0
                while k < n.count, b[j + 2 + k] | 0x20 == n[k] { k += 1 }
                let after = b[j + 2 + n.count]
                if k == n.count, isSpace(after) || after == UInt8(ascii: "/") || after == UInt8(ascii: ">") { return j }
            }
            j += 1
        }
        return nil
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
