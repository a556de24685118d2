/// What raw HTML leaves open: a comment, a bogus comment (`<!x`, `<?x`, `</ x`), a tag,
/// or the text of a raw-text element (`<xmp>`, `<script>`…), which HTML5 reads up to
/// their end whatever they hold. The weave asks it where such a construct takes in a
/// Markdown placeholder (`cuts`, before parsing: the sequence is cut there, so a
/// document of many unclosed `<xmp>`s is parsed once, not once per cut) and, in the same
/// pass, what a sequence leaves open at its end (a comment or tag there hides everything
/// after it, as in a browser).
///
/// A quick scan, not the tokenizer: script data's escaped states, CDATA in foreign
/// content, raw-text names inside `<svg>` (not raw text there) and the tags `<select>`
/// ignores are not followed; the weave's check of the parsed tree catches what it
/// misses (`HTMLSwallowedTag`). What is printed always comes from the parser.
enum HTMLUnfinished: Equatable {
    /// A comment (or bogus comment) starting at the offset.
    case comment(at: Int)
    /// A start or end tag of the element named so, starting at the offset.
    case tag(String, closing: Bool, at: Int)
    /// The text of the raw-text element named so, whose start tag is at the offset (the
    /// text runs from that tag's end).
    case rawText(String, at: Int)

    /// What the end of `bytes` leaves open: a comment or tag (raw text that does not
    /// end is not reported: its element is left out or printed with its own warning,
    /// and `<plaintext>` has no end).
    static func atEnd(_ bytes: ArraySlice<UInt8>) -> HTMLUnfinished? {
        bytes.withUnsafeBufferPointer { cuts($0, offsets: []).atEnd }
    }

    /// The first of `offsets` (ascending: where placeholders' start tags are) that lies
    /// inside a comment, tag or raw text of `bytes` read from `start`, and what holds it.
    static func takingIn(_ bytes: UnsafeBufferPointer<UInt8>, offsets: [Int], from start: Int = 0, firstOffset: Int = 0)
        -> (index: Int, by: HTMLUnfinished)? {
        guard let open = firstOpen(bytes, offsets: offsets, from: start, firstOffset: firstOffset),
              let index = open.index else { return nil }
        return (index, open.by)
    }

    /// Every placeholder taken in as the weave cuts there: the first one, then the first
    /// one in what follows it read afresh from that placeholder (the HTML before a cut
    /// is woven alone, so nothing of it reaches past), and so on; and what the end leaves
    /// open after the last cut (see `atEnd`). One pass in all.
    static func cuts(_ bytes: UnsafeBufferPointer<UInt8>, offsets: [Int])
        -> (cuts: [(index: Int, by: HTMLUnfinished)], atEnd: HTMLUnfinished?) {
        var found: [(index: Int, by: HTMLUnfinished)] = []
        var start = 0, first = 0
        while let open = firstOpen(bytes, offsets: offsets, from: start, firstOffset: first) {
            guard let index = open.index else {
                if case .rawText = open.by { return (found, nil) }
                return (found, open.by)
            }
            found.append((index, open.by))
            (start, first) = (offsets[index], index)
        }
        return (found, nil)
    }

    /// The first construct read from `start` that does not end before the next of
    /// `offsets` (from `firstOffset`): the placeholder it takes in (`index`), or nil when
    /// none follows it and it runs to the end. A construct's end is looked for only up to
    /// the next placeholder (beyond it, it takes that placeholder in wherever it ends), so
    /// the scan reads each byte about once.
    private static func firstOpen(_ bytes: UnsafeBufferPointer<UInt8>, offsets: [Int], from start: Int, firstOffset: Int)
        -> (index: Int?, by: HTMLUnfinished)? {
        var k = firstOffset
        var found: (Int?, HTMLUnfinished)?
        let next = { (position: Int) -> Int in
            while k < offsets.count, offsets[k] <= position { k += 1 }
            return k < offsets.count ? offsets[k] : bytes.count
        }
        scan(bytes, from: start, limit: next) { construct, end in
            guard end == nil else { return true }
            _ = next(construct.start)
            found = (k < offsets.count ? k : nil, construct)
            return false
        }
        return found
    }

    private var start: Int {
        switch self {
        case .comment(let at), .tag(_, _, let at), .rawText(_, let at): return at
        }
    }

    /// Calls `visit` with each comment, tag and raw text of `b` from `start` and where it
    /// ends (just past it; nil: not before `limit(its start)`), in order, while `visit`
    /// returns true.
    private static func scan(_ b: UnsafeBufferPointer<UInt8>, from start: Int, limit: (Int) -> Int,
                             visit: (HTMLUnfinished, Int?) -> Bool) {
        var i = start
        while i < b.count {
            guard b[i] == UInt8(ascii: "<"), i + 1 < b.count else { i += 1; continue }
            // The construct's end is looked for before the limit only.
            let w = UnsafeBufferPointer(rebasing: b[..<max(i + 2, min(b.count, limit(i)))])
            let next = b[i + 1]
            let construct: HTMLUnfinished, end: Int?
            if next == UInt8(ascii: "!"), isCommentStart(b, at: i) {
                (construct, end) = (.comment(at: i), HTMLTagSyntax.commentEnd(w, from: i) ?? shortCommentEnd(w, from: i))
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                (construct, end) = (.comment(at: i), bogusCommentEnd(w, from: i + 2))
            } else if next == UInt8(ascii: "/") {
                guard i + 2 < b.count else { return }  // `</` at the end is text
                if b[i + 2] == UInt8(ascii: ">") { i += 3; continue }  // `</>` is nothing
                if HTMLTagSyntax.isLetter(b[i + 2]) {
                    let (name, afterName) = HTMLTagSyntax.tagName(w, from: i + 2)
                    (construct, end) = (.tag(name, closing: true, at: i), HTMLTagSyntax.tagEnd(w, from: afterName))
                } else {
                    (construct, end) = (.comment(at: i), bogusCommentEnd(w, from: i + 2))
                }
            } else if HTMLTagSyntax.isLetter(next) {
                let (name, afterName) = HTMLTagSyntax.tagName(w, from: i + 1)
                let tagEnd = HTMLTagSyntax.tagEnd(w, from: afterName)
                guard visit(.tag(name, closing: false, at: i), tagEnd), let tagEnd else { return }
                let tagStart = i
                i = tagEnd
                guard HTMLElements.rawText.contains(name) else { continue }
                let close = name == "plaintext" ? nil : rawTextEnd(w, name: name, from: i)
                (construct, end) = (.rawText(name, at: tagStart), close)
            } else {
                i += 1  // a `<` that starts no tag is text
                continue
            }
            guard visit(construct, end), let end else { return }
            i = end
        }
    }

    private static func isCommentStart(_ b: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        i + 3 < b.count && b[i + 1] == UInt8(ascii: "!") && b[i + 2] == UInt8(ascii: "-") && b[i + 3] == UInt8(ascii: "-")
    }

    /// Just past `<!-->` or `<!--->`, comments HTML5 ends at once.
    private static func shortCommentEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        guard i + 4 < b.count else { return nil }
        if b[i + 4] == UInt8(ascii: ">") { return i + 5 }
        if b[i + 4] == UInt8(ascii: "-"), i + 5 < b.count, b[i + 5] == UInt8(ascii: ">") { return i + 6 }
        return nil
    }

    /// Just past the `>` that ends a bogus comment (a doctype, CDATA in HTML, `<?php`,
    /// `</ x`) whose content starts at `start`; nil when none comes.
    private static func bogusCommentEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var j = start
        while j < b.count, b[j] != UInt8(ascii: ">") { j += 1 }
        return j < b.count ? j + 1 : nil
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
                if k == n.count, HTMLTagSyntax.isSpace(after) || after == UInt8(ascii: "/") || after == UInt8(ascii: ">") { return j }
            }
            j += 1
        }
        return nil
    }
}
