/// Raw-HTML anchors: `<a id="x">` and `<a name="x">` define a named destination `x`
/// (inline: where the tag sits in the text; as an HTML block: at the next block), the
/// way GitHub renders them. Nothing else of the HTML is interpreted.
enum HTMLAnchors {
    /// One tag of an HTML fragment.
    struct Tag {
        var name: String
        var closing: Bool
        /// Attribute names lowercased; values with entities decoded (an attribute without
        /// a value has "").
        var attributes: [(name: String, value: String)]
    }

    /// The destinations the `<a>` tags of `html` define, in order, without repeats. An
    /// empty `id`/`name` defines nothing.
    static func names(in html: String) -> [String] {
        var out: [String] = []
        for tag in tags(in: html) where tag.name == "a" && !tag.closing {
            for (name, value) in tag.attributes where (name == "id" || name == "name") && !value.isEmpty {
                if !out.contains(value) { out.append(value) }
            }
        }
        return out
    }

    /// Whether `html` holds only anchor tags (`<a>` with an id or name and no href, and
    /// `</a>`), comments and whitespace, and at least one anchor: mdpdf interprets all of
    /// it, so the "raw HTML is not interpreted" warning is not due.
    static func isOnlyAnchors(_ html: String) -> Bool {
        guard !names(in: html).isEmpty else { return false }
        var rest = Substring(html)
        while let lt = rest.firstIndex(of: "<") {
            guard rest[..<lt].allSatisfy(\.isWhitespace) else { return false }
            let tail = rest[lt...]
            if tail.hasPrefix("<!--") {
                guard let end = tail.range(of: "-->") else { return false }
                rest = tail[end.upperBound...]
                continue
            }
            guard let gt = tail.firstIndex(of: ">"), let tag = parse(tail[tail.index(after: lt)..<gt]),
                  tag.name == "a", !tag.attributes.contains(where: { $0.name == "href" }) else { return false }
            rest = tail[tail.index(after: gt)...]
        }
        return rest.allSatisfy(\.isWhitespace)
    }

    /// The tags of `html` in order; comments and text are skipped.
    static func tags(in html: String) -> [Tag] {
        var out: [Tag] = []
        var rest = Substring(html)
        while let lt = rest.firstIndex(of: "<") {
            let tail = rest[lt...]
            if tail.hasPrefix("<!--") {
                guard let end = tail.range(of: "-->") else { break }
                rest = tail[end.upperBound...]
                continue
            }
            guard let gt = tail.firstIndex(of: ">") else { break }
            if let tag = parse(tail[tail.index(after: lt)..<gt]) { out.append(tag) }
            rest = tail[tail.index(after: gt)...]
        }
        return out
    }

    /// Parses a tag body (between `<` and `>`): name, then attributes `k`, `k=v`,
    /// `k="v"`, `k='v'`. nil when it does not start with a tag name.
    static func parse(_ body: Substring) -> Tag? {
        var s = body
        let closing = s.first == "/"
        if closing { s = s.dropFirst() }
        let name = s.prefix { $0.isLetter || $0.isNumber }
        guard let first = name.first, first.isLetter else { return nil }
        s = s.dropFirst(name.count)
        var attributes: [(String, String)] = []
        while true {
            s = s.drop { $0.isWhitespace || $0 == "/" }
            let key = s.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
            guard !key.isEmpty else { break }
            s = s.dropFirst(key.count).drop { $0.isWhitespace }
            var value = Substring("")
            if s.first == "=" {
                s = s.dropFirst().drop { $0.isWhitespace }
                if let quote = s.first, quote == "\"" || quote == "'" {
                    let inner = s.dropFirst()
                    let end = inner.firstIndex(of: quote) ?? inner.endIndex
                    value = inner[..<end]
                    s = end < inner.endIndex ? inner[inner.index(after: end)...] : inner[end...]
                } else {
                    value = s.prefix { !$0.isWhitespace }
                    s = s.dropFirst(value.count)
                }
            }
            attributes.append((key.lowercased(), HTMLText.decodeEntities(String(value))))
        }
        return Tag(name: name.lowercased(), closing: closing, attributes: attributes)
    }
}

extension DocumentStyler {
    /// The anchors of a paragraph about to be made from `builder`: those waiting for a
    /// block (at its start), then its own, clamped to its (trimmed) `text`. Empties the
    /// waiting list.
    mutating func takeAnchors(_ builder: TextBuilder, _ text: AttributedText) -> [TextAnchor] {
        let end = text.string.utf8.count
        let waiting = pendingAnchors.map { TextAnchor(offset: 0, name: $0) }
        pendingAnchors = []
        return waiting + builder.anchors.map { TextAnchor(offset: min($0.offset, end), name: $0.name) }
    }
}
