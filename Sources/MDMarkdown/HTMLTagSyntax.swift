/// The pieces of HTML5's tokenizer that the quick scans of raw HTML share
/// (`HTMLSelfContained`, `HTMLUnfinished`): comments, tag names and the end of a tag,
/// read over UTF-8 bytes as the tokenizer reads them.
enum HTMLTagSyntax {
    /// Just past the `-->` (or `--!>`, which HTML5 also ends a comment at) of the comment
    /// at `start` (`<!--`); nil for anything else that starts `<!` (a doctype, CDATA, a
    /// bogus comment), for the short forms `<!-->` and `<!--->`, and for a comment that
    /// does not end.
    static func commentEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
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
    static func tagName(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> (String, Int) {
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
    static func tagEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
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

    static func isLetter(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    /// HTML's white space in tags: tab, line feed, form feed, carriage return, space.
    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D }
}
