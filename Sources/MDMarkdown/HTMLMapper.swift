import FoundationEssentials
import Glibc
import MDCore

/// Maps parsed HTML onto Markdown's tree: block-level elements become blocks, inline
/// content between them paragraphs, inline elements the inlines Markdown has for them
/// (`<b>` is strong, `<a href>` a link, `<img>` an image) or markup of their own
/// (`<sub>`, `<kbd>`…), and each placeholder the Markdown it stands for.
///
/// An inline element that holds blocks (`<a href><div><img></div></a>`) does not end
/// the blocks inside it: its effect is carried down as a *wrapper* applied to every
/// stretch of inline content under it, in paragraphs and in the Markdown blocks placed
/// there, as CSS splits an inline box around the blocks it contains.
///
/// Elements whose content a page cannot show (scripts, media, form controls) are left
/// out with a warning naming where they are, once per kind of element per document;
/// comments print nothing. Recursion follows the HTML, capped by `HTMLParser`.
struct HTMLMapper {
    static let slotName = "mdpdf-slot"
    static func slotTag(_ n: Int) -> String { "<\(slotName) n=\"\(n)\">" }

    let source: HTMLSourceText
    let slots: [HTMLSlot]
    /// Where each placeholder's start tag was written: an element named like a
    /// placeholder elsewhere (the author's own) is not one.
    let slotOffsets: [Int]
    let warnings: HTMLWarnings
    /// Set when a placeholder for several blocks is met outside block content.
    let sharedSlots = SharedSlots()

    /// The Markdown a placeholder element stands for; nil for any other element.
    func slot(_ e: HTMLElement) -> HTMLSlot? {
        guard e.name == Self.slotName, let n = e.attribute("n").flatMap({ Int($0) }), slots.indices.contains(n),
              e.offset == slotOffsets[n] else { return nil }
        return slots[n]
    }

    func location(_ e: HTMLElement) -> SourceLocation { source.location(of: e.firstOffset ?? 0) }

    /// Warns (once per kind of element per document) that `e` is left out; true when it is.
    func isDropped(_ e: HTMLElement) -> Bool {
        // Foreign content (MathML) has no metadata elements: `<math><meta>` holds text.
        guard let what = HTMLElements.dropped[e.name] else { return e.isHTML && HTMLElements.silent.contains(e.name) }
        warnings.add(key: "html.dropped.\(e.name)", Diagnostic(.warning, "HTML <\(e.name)> is left out with its content: a page cannot show \(what)",
                                                               at: location(e), hint: "this is reported once per document for each kind of element"))
        return true
    }

    // MARK: - Blocks

    /// The blocks that `nodes` make; `wrappers` are the inline elements around them.
    func blocks(_ nodes: [HTMLNode], wrappers: [InlineWrapper]) -> [Block] {
        var out = BlockCollector(mapper: self, wrappers: wrappers)
        for node in nodes { add(node, to: &out) }
        out.flush()
        return out.blocks
    }

    private func add(_ node: HTMLNode, to out: inout BlockCollector) {
        switch node {
        case .text(let t, let offset):
            out.add([.text(Self.collapsed(t))], at: source.location(of: offset))
        case .comment(let text, let offset):
            let at = source.location(of: offset)
            if HTMLElements.isPageBreakComment(text) {
                out.flush()
                out.append(Block(.pageBreak, range: SourceRange(start: at, end: at)))
            } else if out.isBlank {
                out.flush()
                out.append(Block(.comment(text), range: SourceRange(start: at, end: at)))
            }
        case .element(let e):
            if let slot = slot(e) {
                switch slot {
                case .block(let b):
                    out.flush()
                    out.append(wrapped(b, out.wrappers))
                case .blocks(let bs):
                    out.flush()
                    for b in bs { out.append(wrapped(b, out.wrappers)) }
                    sharedSlots.mapped += 1
                case .inline, .link:
                    out.add(inlines([node]), at: location(e))
                }
                return
            }
            if isDropped(e) { return }
            let at = location(e)
            let breaks = HTMLElements.pageBreaks(of: e)
            if breaks.before {
                out.flush()
                out.append(Block(.pageBreak, range: SourceRange(start: at, end: at)))
            }
            if HTMLElements.blocks.contains(e.name) && e.isHTML {
                out.flush()
                for b in blockElement(e, wrappers: out.wrappers) { out.append(b) }
            } else if holdsBlocks(e) {
                // An inline element around blocks: its effect goes down to each stretch of
                // inline content inside it (an element without one is transparent).
                out.add(anchors(e), at: at)
                let wrapper = wrapper(for: e)
                if let wrapper { out.wrappers.append(wrapper) }
                for child in e.children { add(child, to: &out) }
                if wrapper != nil { out.wrappers.removeLast() }
            } else {
                // Its own page breaks are taken care of here; those of elements inside it
                // come as marks.
                out.add(inlineContent(e), at: at)
            }
            if breaks.after {
                out.flush()
                out.append(Block(.pageBreak, range: SourceRange(start: at, end: at)))
            }
        }
    }

    /// The blocks of a block-level element.
    private func blockElement(_ e: HTMLElement, wrappers: [InlineWrapper]) -> [Block] {
        let at = location(e)
        let range = SourceRange(start: at, end: at)
        let anchor = anchors(e).isEmpty ? [] : [Block(.paragraph(anchors(e)), range: range)]
        if let level = HTMLElements.headingLevel(e.name) {
            let heading = Block(.heading(level: level, anchors(e) + apply(wrappers, tidy(inlines(e.children)))), range: range)
            return aligned(e, [heading])
        }
        switch e.name {
        case "blockquote":
            return anchor + [Block(.blockQuote(blocks(e.children, wrappers: wrappers)), range: range)]
        case "ul", "ol", "menu", "dir":
            return anchor + [list(e, wrappers: wrappers)]
        case "li":
            return anchor + [Block(.list(ListInfo(ordered: false, start: 1, delimiter: .period, tight: true),
                                         [item(e, wrappers: wrappers)]), range: range)]
        case "dl":
            return anchor + [definitionList(e, wrappers: wrappers)]
        case "dt", "summary", "legend", "caption":
            let lead = apply(wrappers, [.strong(tidy(inlines(e.children)))])
            return aligned(e, [Block(.paragraph(anchors(e) + lead), range: range)])
        case "dd":
            return anchor + [Block(.definitionList([.description(blocks(e.children, wrappers: wrappers))]), range: range)]
        case "pre", "listing", "xmp", "plaintext":
            return anchor + preformatted(e, wrappers: wrappers)
        case "table":
            return anchor + table(e, wrappers: wrappers)
        case "hr":
            return anchor + [Block(.thematicBreak, range: range)]
        case "details":
            return anchor + details(e, wrappers: wrappers)
        default:  // p, div, center, section, figure, …
            return anchor + aligned(e, blocks(e.children, wrappers: wrappers))
        }
    }

    /// `blocks` in a division with the element's alignment, when it has one.
    func aligned(_ e: HTMLElement, _ blocks: [Block]) -> [Block] {
        let alignment = HTMLElements.alignment(of: e)
        guard alignment != .none, !blocks.isEmpty else { return blocks }
        let at = location(e)
        return [Block(.division(alignment, blocks), range: SourceRange(start: at, end: at))]
    }

    /// Whether an element not itself a block holds one (or a Markdown block).
    func holdsBlocks(_ e: HTMLElement) -> Bool {
        e.children.contains { child in
            guard case .element(let c) = child else { return false }
            if let s = slot(c) {
                switch s {
                case .block, .blocks: return true
                case .inline, .link: return false
                }
            }
            return (HTMLElements.blocks.contains(c.name) && c.isHTML) || holdsBlocks(c)
        }
    }

    /// A Markdown block under inline elements: each stretch of its inline content
    /// wrapped in them (a link around a paragraph makes its text a link).
    func wrapped(_ block: Block, _ wrappers: [InlineWrapper]) -> Block {
        guard !wrappers.isEmpty else { return block }
        var b = block
        switch block.kind {
        case .paragraph(let inlines): b.kind = .paragraph(apply(wrappers, inlines))
        case .heading(let level, let inlines): b.kind = .heading(level: level, apply(wrappers, inlines))
        case .blockQuote(let children): b.kind = .blockQuote(children.map { wrapped($0, wrappers) })
        case .division(let a, let children): b.kind = .division(a, children.map { wrapped($0, wrappers) })
        case .list(let info, let items):
            b.kind = .list(info, items.map { var i = $0; i.blocks = $0.blocks.map { wrapped($0, wrappers) }; return i })
        case .definitionList(let parts):
            b.kind = .definitionList(parts.map {
                switch $0 {
                case .term(let inlines): return .term(apply(wrappers, inlines))
                case .description(let blocks): return .description(blocks.map { wrapped($0, wrappers) })
                }
            })
        case .table(var t):
            t.header = t.header.map { var c = $0; c.content = apply(wrappers, $0.content); return c }
            t.rows = t.rows.map { $0.map { var c = $0; c.content = apply(wrappers, $0.content); return c } }
            b.kind = .table(t)
        case .codeBlock, .htmlBlock, .thematicBreak, .comment, .pageBreak:
            break
        }
        return b
    }

    /// `inlines` inside the wrappers, innermost first.
    func apply(_ wrappers: [InlineWrapper], _ inlines: [Inline]) -> [Inline] {
        guard !inlines.isEmpty else { return inlines }
        return wrappers.reversed().reduce(inlines) { $1.wrap($0) }
    }

    /// HTML's whitespace (space, tab, line feed, form feed, carriage return) collapsed
    /// to single spaces, as browsers set text (no-break spaces stay).
    static func collapsed(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { isSpace($0) && $0 != " " }) || s.hasSubstring("  ") else { return s }
        var out = String.UnicodeScalarView()
        var lastSpace = false
        for u in s.unicodeScalars {
            if isSpace(u) {
                if !lastSpace { out.append(" ") }
                lastSpace = true
            } else {
                out.append(u)
                lastSpace = false
            }
        }
        return String(out)
    }

    static func isSpace(_ u: Unicode.Scalar) -> Bool {
        u == " " || u == "\t" || u == "\n" || u == "\u{0C}" || u == "\r"
    }
}

/// The warnings of the HTML step, kept until the whole document is woven: containers
/// are woven inside out, so they come in no particular order; `report` gives them in
/// document order, each kind once (the first place it occurs).
final class HTMLWarnings {
    private var items: [(key: String?, diagnostic: Diagnostic)] = []

    /// A warning given once per document for `key` (nil: every time).
    func add(key: String?, _ d: Diagnostic) { items.append((key, d)) }

    /// How many warnings are held: with `truncate`, a weave that is thrown away takes
    /// back what it said.
    var count: Int { items.count }

    func truncate(to count: Int) { items.removeSubrange(count...) }

    /// Adds `d` unless it is the warning added last (a weave that starts again where
    /// the last one ended can meet the same HTML).
    func addUnlessLast(_ d: Diagnostic) {
        if items.last?.diagnostic != d { items.append((nil, d)) }
    }

    func report(to sink: DiagnosticSink) {
        let ordered = items.enumerated().sorted {
            let a = $0.element.diagnostic.location ?? SourceLocation(line: 0, column: 0)
            let b = $1.element.diagnostic.location ?? SourceLocation(line: 0, column: 0)
            return a != b ? a < b : $0.offset < $1.offset
        }
        for (_, item) in ordered {
            let d = item.diagnostic
            if let key = item.key {
                sink.warnOnce(key: key, d.message, at: d.location, hint: d.hint)
            } else {
                sink.add(d)
            }
        }
        items = []
    }
}

/// How an inline element sets its content when that is one Markdown node around it
/// (`<b>` strong, `<a href>` a link, `<sub>` markup); applied to each stretch of its
/// content where blocks inside it cut the content into several.
struct InlineWrapper {
    let wrap: ([Inline]) -> [Inline]
}

/// Whether a placeholder shared by several Markdown blocks was met where they would not
/// be mapped as blocks, and how many were mapped as blocks: unless every shared
/// placeholder was mapped as blocks exactly once (one in raw text, `<xmp>`, is never
/// met; one in preformatted text is read as text), the weave is done again with one
/// placeholder each.
final class SharedSlots {
    var misplaced = false
    var mapped = 0
}

/// Collects blocks, and the inline content between them as paragraphs.
struct BlockCollector {
    let mapper: HTMLMapper
    var wrappers: [InlineWrapper]
    private(set) var blocks: [Block] = []
    private var inlines: [Inline] = []
    private var start: SourceLocation?
    /// Whether `inlines` holds anything but spaces and breaks.
    private var hasContent = false

    init(mapper: HTMLMapper, wrappers: [InlineWrapper]) {
        self.mapper = mapper
        self.wrappers = wrappers
    }

    /// Whether the paragraph being collected holds nothing but spaces.
    var isBlank: Bool { !hasContent }

    mutating func add(_ content: [Inline], at: SourceLocation) {
        for (k, piece) in HTMLMapper.splitAtPageBreaks(content).enumerated() {
            if k > 0 {
                flush()
                blocks.append(Block(.pageBreak, range: SourceRange(start: at, end: at)))
            }
            // Whitespace between blocks (or before the first) starts no paragraph.
            guard !piece.isEmpty, !(isBlank && piece.allSatisfy(HTMLMapper.isSpace)) else { continue }
            if start == nil || isBlank { start = at }
            inlines += mapper.apply(wrappers, piece)
            if !hasContent { hasContent = piece.contains { !HTMLMapper.isSpace($0) && !$0.isBreak } }
        }
    }

    mutating func append(_ block: Block) { blocks.append(block) }

    /// Ends the paragraph being collected (one of spaces only is dropped).
    mutating func flush() {
        defer { inlines = []; start = nil; hasContent = false }
        let content = mapper.tidy(inlines)
        guard !content.isEmpty, let at = start else { return }
        blocks.append(Block(.paragraph(content), range: SourceRange(start: at, end: at)))
    }
}

extension Inline {
    var isBreak: Bool {
        switch self {
        case .softBreak, .lineBreak: return true
        default: return false
        }
    }
}
