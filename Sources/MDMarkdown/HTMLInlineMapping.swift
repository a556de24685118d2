import MDCore

/// Inline content: what each element is among Markdown's inlines.
extension HTMLMapper {
    /// A line break that stands for the edge of a block met inside inline content (a
    /// `<div>` in a heading, a `<p>` in a table cell); `tidy` turns each run of them into
    /// one line break, or none at the start and end. U+2029 PARAGRAPH SEPARATOR never
    /// survives `tidy`.
    static let blockEdge = "\u{2029}"

    func inlines(_ nodes: [HTMLNode]) -> [Inline] {
        var out: [Inline] = []
        for node in nodes {
            switch node {
            case .text(let t, _): out.append(.text(Self.collapsed(t)))
            case .comment: break
            case .element(let e): out += inlineElement(e)
            }
        }
        return out
    }

    /// Where an element inside a paragraph asks for a page break before or after it:
    /// `splitAtPageBreaks` cuts the paragraph there. U+F8FD, a private-use character,
    /// never survives the HTML step.
    static let pageBreakMark = "\u{F8FD}"

    /// The inlines an element makes, with page break marks where its style asks for them.
    func inlineElement(_ e: HTMLElement) -> [Inline] {
        let content = inlineContent(e)
        guard slot(e) == nil else { return content }
        let breaks = HTMLElements.pageBreaks(of: e)
        return (breaks.before ? [.text(Self.pageBreakMark)] : []) + content + (breaks.after ? [.text(Self.pageBreakMark)] : [])
    }

    /// `inlines` cut where a page break mark stands at their outer level (one nested in
    /// formatting is dropped: the break would cut the formatting in two).
    static func splitAtPageBreaks(_ inlines: [Inline]) -> [[Inline]] {
        var pieces: [[Inline]] = [[]]
        for inline in inlines {
            if case .text(pageBreakMark) = inline { pieces.append([]); continue }
            pieces[pieces.count - 1].append(withoutMarks(inline))
        }
        return pieces
    }

    private static func withoutMarks(_ inline: Inline) -> Inline {
        inline.mappingChildren { c in c.compactMap { if case .text(pageBreakMark) = $0 { return nil } else { return withoutMarks($0) } } }
    }

    /// The inlines an element makes; its `id` (and an `<a>`'s `name`) first, as anchors.
    func inlineContent(_ e: HTMLElement) -> [Inline] {
        if let slot = slot(e) {
            switch slot {
            case .inline(let inline): return [inline]
            case .link(let destination, let title, let at): return [.link(destination: destination, title: title, inlines(e.children), at: at)]
            case .block(let b): return [.text(Self.blockEdge)] + Self.inlines(of: b) + [.text(Self.blockEdge)]
            case .blocks:
                // The weave is done again with a placeholder per block.
                sharedSlots.misplaced = true
                return []
            }
        }
        if isDropped(e) { return [] }
        if let wrapper = wrapper(for: e) { return anchors(e) + wrapper.wrap(inlines(e.children)) }
        // Foreign content (MathML) has no void elements: `<br>` in `<math>` holds what
        // follows it, which HTML's meaning of the name would drop.
        if !e.isHTML, !e.children.isEmpty { return anchors(e) + inlines(e.children) }
        switch e.name {
        case "br": return [.lineBreak]
        case "wbr": return [.text("\u{200B}")]
        case "img": return anchors(e) + (image(e).map { [$0] } ?? [])
        case "picture":
            // Whatever else it holds (text and Markdown after a `<picture>` left open)
            // follows the image; the white space between its sources is nothing.
            let rest = e.children.filter { !Self.isSourceOrImage($0) && !Self.isWhiteSpace($0) }
            return anchors(e) + (picture(e).map { [$0] } ?? []) + (rest.isEmpty ? [] : inlines(rest))
        case "hr": return [.text(Self.blockEdge)]
        case "pre", "listing", "xmp", "plaintext":
            return [.text(Self.blockEdge), .markup(.code, preformattedInlines(e)), .text(Self.blockEdge)]
        case "td", "th": return anchors(e) + inlines(e.children) + [.text(" ")]
        default:
            let kids = anchors(e) + inlines(e.children)
            guard e.isHTML, HTMLElements.blocks.contains(e.name) || e.name == "tr" || e.name == "table" else { return kids }
            return [.text(Self.blockEdge)] + kids + [.text(Self.blockEdge)]
        }
    }

    private static func isSourceOrImage(_ node: HTMLNode) -> Bool {
        if case .element(let e) = node { return e.name == "source" || e.name == "img" } else { return false }
    }

    private static func isWhiteSpace(_ node: HTMLNode) -> Bool {
        if case .text(let t, _) = node { return t.allSatisfy(\.isWhitespace) } else { return false }
    }

    /// The one Markdown node an inline element puts around its content; nil for an
    /// element that only passes its content on (`<span>`, `<font>`, unknown ones).
    func wrapper(for e: HTMLElement) -> InlineWrapper? {
        guard e.isHTML else { return nil }
        switch e.name {
        case "b", "strong": return InlineWrapper { [.strong($0)] }
        case "i", "em", "cite", "var", "dfn": return InlineWrapper { [.emphasis($0)] }
        case "s", "strike", "del": return InlineWrapper { [.strikethrough($0)] }
        case "u", "ins": return markup(.underline)
        case "mark": return markup(.highlight)
        case "sup": return markup(.superscript)
        case "sub": return markup(.subscript)
        case "kbd": return markup(.keyboard)
        case "code", "samp", "tt": return markup(.code)
        case "small": return markup(.small)
        case "big": return markup(.big)
        case "q": return markup(.quotation)
        case "abbr", "acronym":
            guard let title = e.attribute("title"), !title.isEmpty else { return nil }
            return markup(.abbreviation(title: title))
        case "a":
            guard let href = e.attribute("href") else { return nil }
            let title = e.attribute("title") ?? "", at = location(e)
            return InlineWrapper { [.link(destination: href.trimmingSpaces(), title: title, $0, at: at)] }
        default: return nil
        }
    }

    private func markup(_ m: InlineMarkup) -> InlineWrapper { InlineWrapper { [.markup(m, $0)] } }

    /// The destinations an element defines: its `id`, and an `<a>`'s `name`.
    func anchors(_ e: HTMLElement) -> [Inline] {
        var names: [String] = []
        for key in ["id", "name"] where key == "id" || e.name == "a" {
            if let v = e.attribute(key)?.trimmingSpaces(), !v.isEmpty, !names.contains(v) { names.append(v) }
        }
        return names.map { .anchor($0) }
    }

    /// Inline content made presentable as a paragraph: block edges become single line
    /// breaks (none at the ends), spaces at the ends and after a line break go.
    func tidy(_ inlines: [Inline]) -> [Inline] { Self.tidied(inlines) }

    static func tidied(_ inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        var pendingBreak = false
        for inline in Self.resolvingEdges(inlines) {
            if case .text(Self.blockEdge) = inline {
                pendingBreak = !out.isEmpty
                continue
            }
            if pendingBreak, !Self.isSpace(inline) {
                out.append(.lineBreak)
                pendingBreak = false
            }
            if Self.isSpace(inline), out.isEmpty || out.last.map({ if case .lineBreak = $0 { return true } else { return false } }) == true {
                continue
            }
            if case .text(let t) = inline, t.first == " ", let last = out.last, case .lineBreak = last {
                out.append(.text(String(t.drop { $0 == " " })))
                continue
            }
            out.append(inline)
        }
        while let last = out.last, Self.isSpace(last) { out.removeLast() }
        return Self.trimmed(out)
    }

    /// Spaces at the start and end of `inlines` removed, inside formatting too.
    private static func trimmed(_ inlines: [Inline], leading: Bool = true, trailing: Bool = true) -> [Inline] {
        var out = inlines
        while leading, let first = out.first, isSpace(first) { out.removeFirst() }
        while trailing, let last = out.last, isSpace(last) { out.removeLast() }
        guard !out.isEmpty else { return out }
        if leading { out[0] = trimmedEdge(out[0], leading: true) }
        if trailing { out[out.count - 1] = trimmedEdge(out[out.count - 1], leading: false) }
        return out
    }

    private static func trimmedEdge(_ inline: Inline, leading: Bool) -> Inline {
        if case .text(let t) = inline {
            return .text(leading ? String(t.drop { $0 == " " }) : String(t.reversed().drop { $0 == " " }.reversed()))
        }
        return inline.mappingChildren { trimmed($0, leading: leading, trailing: !leading) }
    }

    /// Block edges nested in formatting (`<b><div>x</div></b>`) brought to where `tidy`
    /// sees them: inside a container they become line breaks between its content.
    private static func resolvingEdges(_ inlines: [Inline]) -> [Inline] {
        inlines.map { $0.mappingChildren(nestedEdges) }
    }

    private static func nestedEdges(_ inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        var pendingBreak = false
        for inline in resolvingEdges(inlines) {
            if case .text(blockEdge) = inline { pendingBreak = !out.isEmpty; continue }
            if pendingBreak { out.append(.lineBreak); pendingBreak = false }
            out.append(inline)
        }
        return out
    }

    /// Spaces, or formatting around nothing but spaces (a link around the whitespace
    /// between tags).
    static func isSpace(_ inline: Inline) -> Bool {
        switch inline {
        case .text(let t): return t.allSatisfy { $0 == " " }
        case .softBreak: return true
        default: return inline.children?.allSatisfy(isSpace) ?? false
        }
    }

    /// The inlines of a Markdown block met where only inline content can go (a table
    /// cell): its text, blocks separated by block edges.
    static func inlines(of block: Block) -> [Inline] {
        switch block.kind {
        case .paragraph(let i), .heading(_, let i): return i
        case .codeBlock(_, let text): return [.code(text)]
        case .htmlBlock(let html): return [.text(html)]
        case .blockQuote(let blocks), .division(_, let blocks): return separated(blocks)
        case .list(_, let items): return separated(items.flatMap(\.blocks))
        case .definitionList(let parts):
            return parts.flatMap { part -> [Inline] in
                switch part {
                case .term(let i): return [.text(blockEdge), .strong(i), .text(blockEdge)]
                case .description(let b): return separated(b)
                }
            }
        case .table(let t):
            return ([t.header] + t.rows).flatMap { row in [.text(blockEdge)] + row.flatMap { $0.content + [.text(" ")] } }
        case .thematicBreak, .comment, .pageBreak: return [.text(blockEdge)]
        }
    }

    private static func separated(_ blocks: [Block]) -> [Inline] {
        blocks.flatMap { [.text(blockEdge)] + inlines(of: $0) + [.text(blockEdge)] }
    }
}

extension Inline {
    /// The inlines inside formatting, a link or markup; nil for any other inline (an
    /// image's description is not its content).
    var children: [Inline]? {
        switch self {
        case .strong(let c), .emphasis(let c), .strikethrough(let c), .markup(_, let c), .link(_, _, let c, _): return c
        default: return nil
        }
    }

    /// The inline with `transform` applied to its `children`; others as they are.
    func mappingChildren(_ transform: ([Inline]) -> [Inline]) -> Inline {
        switch self {
        case .strong(let c): return .strong(transform(c))
        case .emphasis(let c): return .emphasis(transform(c))
        case .strikethrough(let c): return .strikethrough(transform(c))
        case .markup(let m, let c): return .markup(m, transform(c))
        case .link(let d, let t, let c, let at): return .link(destination: d, title: t, transform(c), at: at)
        default: return self
        }
    }
}
