import MDCore

/// The weave of a leaf block's inlines (a paragraph, a heading, a table cell): its raw
/// HTML and Markdown written out as one piece of HTML (`InlineSerializer`), parsed and
/// mapped back (see `HTMLWeaver`).
extension HTMLWeaver {
    /// A leaf block's inlines with their raw HTML interpreted; untouched without any.
    /// With `breaks`, page break marks stay where elements ask for them (see
    /// `HTMLMapper.splitAtPageBreaks`); without, they go (a heading or a cell cannot
    /// be cut).
    func weave(_ inlines: [Inline], at start: SourceLocation, breaks: Bool = true) -> [Inline] {
        guard Self.containsHTML(inlines) else { return inlines }
        let woven = weave(html: inlines, at: start)
        return breaks ? woven : HTMLMapper.splitAtPageBreaks(woven).joined().map { $0 }
    }

    /// As blocks do (`weaveSequence`), inline HTML not finished that takes in a Markdown
    /// inline (`<xmp>` in a paragraph before a code span) ends before it, and the weave
    /// goes on from the top-level inline that holds it. Pieces are tidied together: a
    /// piece's edges are not the paragraph's (its spaces stay).
    private func weave(html inlines: [Inline], at start: SourceLocation) -> [Inline] {
        var out: [Inline] = []
        var rest = inlines[...], location = start, cuts = 0
        while !rest.isEmpty {
            let woven = weave(piece: rest, at: location)
            out += woven.inlines
            guard woven.count < rest.count else { break }
            rest = rest.dropFirst(woven.count)
            location = woven.resumeAt
            guard Self.containsHTML(Array(rest)) else { out += rest; break }
            // Each cut writes out the rest again (a paragraph's HTML left open is bounded
            // by the parser's nesting cap, but its length is not).
            cuts += 1
            if cuts > Self.maxCuts {
                warnings.add(key: nil, tooManyCuts(at: location))
                out += Self.htmlAsText(Array(rest))
                break
            }
        }
        return HTMLMapper.tidied(out)
    }

    /// One piece of inline HTML woven, how many of `inlines` it took and where the next
    /// piece starts in the source.
    private func weave(piece inlines: ArraySlice<Inline>, at start: SourceLocation)
        -> (inlines: [Inline], count: Int, resumeAt: SourceLocation) {
        var end = inlines.endIndex, resumeAt = start
        while true {
            let warned = warnings.count
            var serializer = InlineSerializer(weaver: self, location: start)
            serializer.add(topLevel: inlines[..<end])
            let count = end - inlines.startIndex
            // What took a Markdown inline in: found by the quick scan before parsing, or
            // in the parsed tree.
            let takenIn: (index: Int, warning: Diagnostic)
            let text = serializer.text
            // cmark's inline HTML is whole tags and comments: only raw text can take in.
            if serializer.opensRawText,
               let scanned = text.bytes.withUnsafeBufferPointer({ HTMLUnfinished.takingIn($0, offsets: serializer.tags) }) {
                let line = text.location(of: serializer.tags[scanned.index]).line
                takenIn = (scanned.index, scanned.by.warning(takingInMarkdownAt: line, source: text))
            } else {
                guard let nodes = parse(text) else {
                    return ([.text(PlainSource.of(Array(inlines[..<end])))], count, resumeAt)
                }
                let mapper = HTMLMapper(source: text, slots: serializer.slots, slotOffsets: serializer.offsets, warnings: warnings)
                guard let swallowed = HTMLSwallowedTag.first(in: nodes, offsets: serializer.tags, source: text) else {
                    return (mapper.inlines(nodes), count, resumeAt)
                }
                takenIn = (swallowed.index, swallowed.warning)
            }
            warnings.truncate(to: warned)
            // The next piece may find the same HTML again (inside the inline it starts with).
            warnings.addUnlessLast(takenIn.warning)
            let owner = serializer.owners[takenIn.index]
            guard owner > 0 else {
                // The first inline's own content took it in (`[a <xmp> `b`](u)`): its raw
                // HTML is printed as text, the rest of it (link, emphasis) kept.
                let next = serializer.starts.count > 1 ? serializer.starts[1] : start
                return (Self.htmlAsText([inlines[inlines.startIndex]]), 1, next)
            }
            resumeAt = serializer.starts[owner]
            end = inlines.startIndex + owner
        }
    }

    /// `inlines` with their raw HTML as text, all else kept.
    static func htmlAsText(_ inlines: [Inline]) -> [Inline] {
        inlines.map { inline in
            switch inline {
            case .html(let html, _): return .text(html)
            case .image(let source, let title, let alt, let at, let attributes):
                return .image(source: source, title: title, alt: htmlAsText(alt), at: at, attributes: attributes)
            default: return inline.mappingChildren(htmlAsText)
            }
        }
    }
}

/// A leaf block's inlines written out as HTML: text escaped, raw HTML as written,
/// emphasis as `<em>`…, everything else as placeholders.
struct InlineSerializer {
    let weaver: HTMLWeaver
    var location: SourceLocation
    var text = HTMLSourceText()
    var slots: [HTMLSlot] = []
    var offsets: [Int] = []
    /// Where each tag of mdpdf's own starts (placeholders, `<em>`…), ascending, and which
    /// of the top-level inlines (counted from 0) it belongs to.
    var tags: [Int] = []
    var owners: [Int] = []
    /// Where each top-level inline starts in the source, as far as known.
    var starts: [SourceLocation] = []
    /// Whether raw HTML opens a raw-text element (`<xmp>`, `<script>`…).
    private(set) var opensRawText = false

    init(weaver: HTMLWeaver, location: SourceLocation) {
        self.weaver = weaver
        self.location = location
    }

    mutating func add(topLevel inlines: ArraySlice<Inline>) {
        for inline in inlines {
            starts.append(Self.start(of: inline) ?? location)
            add([inline])
        }
    }

    /// Where an inline says it is (raw HTML, links and images do).
    private static func start(of inline: Inline) -> SourceLocation? {
        switch inline {
        case .html(_, let at), .link(_, _, _, let at), .image(_, _, _, let at, _): return at
        default: return nil
        }
    }

    mutating func add(_ inlines: [Inline]) {
        for inline in inlines {
            switch inline {
            case .text(let s): text.appendGenerated(Self.escape(s), at: location)
            case .softBreak:
                text.appendGenerated("\n", at: location)
                // What follows is on the next line (its column is not known here).
                location = SourceLocation(line: location.line + 1, column: 1)
            case .lineBreak: text.appendGenerated("<br>", at: location)
            case .html(let html, let at):
                location = at
                text.appendSource(html, at: at)
                if !opensRawText { opensRawText = Self.isRawTextStartTag(html) }
            case .emphasis(let c): wrap("em", c)
            case .strong(let c): wrap("strong", c)
            case .strikethrough(let c): wrap("del", c)
            case .link(let destination, let title, let c, let at):
                location = at
                open(.link(destination: destination, title: title, at: at))
                add(c)
                text.appendGenerated("</\(HTMLMapper.slotName)>", at: location)
            case .image(let source, let title, let alt, let at, let attributes):
                location = at
                let woven = weaver.weave(alt, at: at, breaks: false)
                open(.inline(.image(source: source, title: title, alt: woven, at: at, attributes: attributes)))
                text.appendGenerated("</\(HTMLMapper.slotName)>", at: location)
            case .code, .footnoteReference, .math, .anchor, .markup:
                open(.inline(inline))
                text.appendGenerated("</\(HTMLMapper.slotName)>", at: location)
            }
        }
    }

    private mutating func noteTag() {
        tags.append(text.offset)
        owners.append(max(0, starts.count - 1))
    }

    private mutating func wrap(_ tag: String, _ children: [Inline]) {
        noteTag()
        text.appendGenerated("<\(tag)>", at: location)
        add(children)
        text.appendGenerated("</\(tag)>", at: location)
    }

    private mutating func open(_ slot: HTMLSlot) {
        noteTag()
        offsets.append(text.offset)
        text.appendGenerated(HTMLMapper.slotTag(slots.count), at: location)
        slots.append(slot)
    }

    /// Whether `html` (one inline tag) is the start tag of a raw-text element.
    private static func isRawTextStartTag(_ html: String) -> Bool {
        var html = html
        return html.withUTF8 { b in
            b.count > 2 && b[0] == UInt8(ascii: "<") && HTMLTagSyntax.isLetter(b[1])
                && HTMLElements.rawText.contains(HTMLTagSyntax.tagName(b, from: 1).0)
        }
    }

    static func escape(_ s: String) -> String {
        guard s.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return s }
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(c)
            }
        }
        return out
    }
}
