import MDCore

/// The parse stage's HTML step: turns the raw HTML cmark leaves in the tree into the
/// tree's own blocks and inlines, as a browser would read the HTML GitHub makes of the
/// document.
///
/// HTML and Markdown interleave: an opening `<div align="center">` in one HTML block,
/// Markdown paragraphs after it, `</div>` in a later HTML block; `<sup>` and `</sup>`
/// around Markdown text in a paragraph. So each sequence is parsed *as one piece of
/// HTML*, with every Markdown block or inline standing in it as a placeholder element
/// (`<mdpdf-slot n="3">`): the HTML5 parser nests the placeholders inside the elements
/// around them (`HTMLParser`), and the mapping (`HTMLMapper`) puts the Markdown back
/// where its placeholder landed, under the element's effect (centered, linked, bold…).
///
/// Blocks are woven per container (the document, a block quote, a list item, a
/// footnote): HTML opened in a quote ends with it, as it does on GitHub. Inlines are
/// woven per paragraph, heading or table cell: a `<b>` left open ends with its
/// paragraph. Markdown emphasis, strong and strikethrough go in as `<em>`, `<strong>` and
/// `<del>`, so misnested HTML formatting around them resolves as in a browser.
///
/// Recursion follows the tree, whose depth the tree builder caps; HTML nesting is
/// capped by `HTMLParser` at the same depth.
struct HTMLWeaver {
    let maxDepth: Int
    let warnings = HTMLWarnings()
    /// Whether self-contained runs of HTML blocks are woven on their own (see
    /// `weave(_:)`); tests compare with weaving every sequence whole.
    var splitsSelfContainedRuns = true
    /// Whether Markdown blocks in a row share a placeholder (see `weaveSequence`); tests
    /// compare with one placeholder per block.
    var sharesPlaceholders = true

    /// The document's blocks and footnotes, HTML interpreted; warnings go to
    /// `diagnostics` in document order.
    static func weave(_ document: MarkdownDocument, maxDepth: Int, diagnostics: DiagnosticSink,
                      splitsSelfContainedRuns: Bool = true, sharesPlaceholders: Bool = true) -> MarkdownDocument {
        let weaver = HTMLWeaver(maxDepth: maxDepth, splitsSelfContainedRuns: splitsSelfContainedRuns,
                                sharesPlaceholders: sharesPlaceholders)
        var d = document
        d.blocks = weaver.weave(d.blocks)
        for i in d.footnotes.indices { d.footnotes[i].blocks = weaver.weave(d.footnotes[i].blocks) }
        weaver.warnings.report(to: diagnostics)
        return d
    }

    /// One container's blocks: first everything inside them, then the sequence itself.
    /// A run of HTML blocks that is self-contained (`HTMLSelfContained`: it closes all it
    /// opens and nothing else) is woven on its own, the Markdown blocks around it left as
    /// they are; from the first run that is not, the rest is woven as one sequence, cut
    /// where HTML left open takes in a Markdown block (`HTMLUnfinished`,
    /// `HTMLSwallowedTag`): the weave goes on from that block.
    func weave(_ blocks: [Block]) -> [Block] {
        let inner = blocks.flatMap(weaveInside)
        var out: [Block] = []
        var i = 0, cuts = 0
        while i < inner.count {
            if splitsSelfContainedRuns {
                guard Self.isHTMLBlock(inner[i]) else { out.append(inner[i]); i += 1; continue }
                var end = i + 1
                while end < inner.count, Self.isHTMLBlock(inner[end]) { end += 1 }
                if HTMLSelfContained.check(inner[i..<end].map(Self.html).joined(separator: "\n")) {
                    // Nothing is left open in it: no warning to look for either.
                    out += weaveSequence(inner[i..<end], warnsUnfinished: false).blocks
                    i = end
                    continue
                }
            }
            let sequence = weaveSequence(inner[i...], warnsUnfinished: true)
            out += sequence.blocks
            i += sequence.count
            if sequence.parsedInVain { cuts += 1 }
            if cuts > Self.maxCuts, i < inner.count {
                // Each such cut parsed the rest of the sequence once: bounded, the rest is
                // printed as written.
                warnings.add(key: nil, tooManyCuts(at: inner[i].range.start))
                return out + printedAsWritten(Array(inner[i...]))
            }
        }
        return out
    }

    /// How many times a container's sequence is ended early where only the parsed tree
    /// showed it (`HTMLSwallowedTag`: a `<select>` left open, HTML the quick scan does
    /// not follow), or a paragraph's inlines for any reason, before the rest is printed
    /// as written: each such end costs writing out and parsing the rest again, so
    /// without a bound a document of many would take time growing with the square of
    /// its length. In a container, comments, tags and raw text left open are found in
    /// one scan before parsing (`HTMLUnfinished`) and cost nothing extra.
    static let maxCuts = 8

    func tooManyCuts(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, "more than \(Self.maxCuts) HTML elements, comments or tags here are not closed before the Markdown after them: the HTML from here on is printed as written",
                   at: location, hint: "close each before the blank line that ends its HTML block")
    }

    static func isHTMLBlock(_ block: Block) -> Bool {
        if case .htmlBlock = block.kind { return true } else { return false }
    }

    private static func html(of block: Block) -> String {
        if case .htmlBlock(let html) = block.kind { return html } else { return "" }
    }

    /// Blocks woven as one piece of HTML, each Markdown block a placeholder in it, and how
    /// many of `inner` that took. HTML left open before a Markdown block (an `<xmp>`, a
    /// comment, a tag: `HTMLUnfinished`) ends there with a warning, and the weave goes on
    /// from that block: all such cuts are found in one scan before any parsing, and each
    /// piece between them is woven alone. One the parsed tree shows (`HTMLSwallowedTag`:
    /// a `<select>` left open) ends the call early, `parsedInVain`: the caller goes on.
    ///
    /// Markdown blocks that follow each other share one placeholder (`.blocks`): where
    /// they land among blocks (nearly always), the line feeds between single
    /// placeholders made nothing, so the blocks come out the same. An element left open
    /// makes the rest of its container one sequence (the Rust book's chapter 0 leaves
    /// `<span id="ferris">` open: 5,500 blocks after it, 11,000 in the book twice), and
    /// HTML parsing and mapping cost about 30,000 instructions per placeholder, serial
    /// before styling starts. Should a shared placeholder land anywhere else (inside
    /// inline content, where each block is set apart), the sequence is woven again with
    /// one placeholder per block, as before.
    private func weaveSequence(_ inner: ArraySlice<Block>, warnsUnfinished: Bool)
        -> (blocks: [Block], count: Int, parsedInVain: Bool) {
        guard inner.contains(where: Self.isHTMLBlock) else { return (Array(inner), inner.count, false) }
        let whole = SequenceText(inner, sharing: sharesPlaceholders)
        let scanned = whole.offsets.isEmpty && !warnsUnfinished ? (cuts: [], atEnd: nil)
            : whole.text.bytes.withUnsafeBufferPointer { HTMLUnfinished.cuts($0, offsets: whole.offsets) }
        var out: [Block] = []
        var start = inner.startIndex
        for cut in scanned.cuts {
            let end = whole.firstBlocks[cut.index]
            let piece = weavePiece(inner[start..<end], unfinished: nil)
            out += piece.blocks
            if piece.count < end - start { return (out, start - inner.startIndex + piece.count, true) }
            let line = whole.text.location(of: whole.offsets[cut.index]).line
            warnings.add(key: nil, cut.by.warning(takingInMarkdownAt: line, source: whole.text))
            start = end
        }
        let unfinished = warnsUnfinished ? scanned.atEnd.flatMap { Self.warning(unfinished: $0, in: whole.text) } : nil
        // Without cuts, the text written for the scan is the first weave's.
        let last = weavePiece(inner[start...], unfinished: unfinished, written: scanned.cuts.isEmpty ? whole : nil)
        return (out + last.blocks, start - inner.startIndex + last.count, last.count < inner.endIndex - start)
    }

    /// A piece of a sequence that the quick scan leaves whole, woven; it ends early where
    /// the parsed tree shows a Markdown block taken in. `unfinished`: the warning for what
    /// its end leaves open, given once the piece is woven whole.
    private func weavePiece(_ inner: ArraySlice<Block>, unfinished: Diagnostic?, written: SequenceText? = nil)
        -> (blocks: [Block], count: Int) {
        guard inner.contains(where: Self.isHTMLBlock) else { return (Array(inner), inner.count) }
        var piece = inner, written = written
        while true {
            // A piece cut short ends in what took the Markdown in, already warned of.
            let atEnd = piece.endIndex == inner.endIndex ? unfinished : nil
            var woven = Woven.again
            if sharesPlaceholders {
                woven = weavePiece(SequenceText(written: written, piece, sharing: true), sharing: true, unfinished: atEnd)
            }
            written = nil
            if case .again = woven { woven = weavePiece(SequenceText(piece, sharing: false), sharing: false, unfinished: atEnd) }
            switch woven {
            case .blocks(let blocks):
                return (blocks, piece.count)
            case .swallowed(let index, let warning) where index > piece.startIndex:
                warnings.add(key: nil, warning)
                piece = piece[..<index]
            case .swallowed, .again:
                // Not reached: the first block of a piece cannot be taken in (nothing is
                // before its placeholder), and the weave with one placeholder each is
                // final. Printed as written rather than lost.
                return (printedAsWritten(Array(piece)), piece.count)
            }
        }
    }

    private enum Woven {
        case blocks([Block])
        /// A shared placeholder landed outside block content: weave with one each.
        case again
        /// The block at `index` was taken in by HTML before it.
        case swallowed(index: Int, Diagnostic)
    }

    /// `weavePiece` with Markdown blocks in a row sharing a placeholder or not. What a
    /// weave that is not taken warned of is taken back (the next one says it again);
    /// `unfinished` is said when it is taken.
    private func weavePiece(_ sequence: SequenceText, sharing: Bool, unfinished: Diagnostic?) -> Woven {
        let warned = warnings.count
        let text = sequence.text
        guard let nodes = parse(text) else {
            guard sharing else { return .blocks(printedAsWritten(Array(sequence.blocks))) }
            warnings.truncate(to: warned)
            return .again
        }
        let mapper = HTMLMapper(source: text, slots: sequence.slots, slotOffsets: sequence.offsets, warnings: warnings)
        if let swallowed = HTMLSwallowedTag.first(in: nodes, offsets: sequence.offsets, source: text) {
            warnings.truncate(to: warned)
            return .swallowed(index: sequence.firstBlocks[swallowed.index], swallowed.warning)
        }
        let blocks = mapper.blocks(nodes, wrappers: [])
        let shared = sequence.slots.count { if case .blocks = $0 { true } else { false } }
        guard !mapper.sharedSlots.misplaced, mapper.sharedSlots.mapped == shared else {
            warnings.truncate(to: warned)
            return .again
        }
        if let unfinished { warnings.add(key: nil, unfinished) }
        return .blocks(blocks)
    }

    /// A comment or tag that `text` leaves open hides everything after it, as in a browser:
    /// said, since that may be most of a document (an `<!--` without `-->`). Raw text
    /// is not (`HTMLUnfinished.cuts` does not report it at the end).
    private static func warning(unfinished: HTMLUnfinished, in text: HTMLSourceText) -> Diagnostic? {
        let last = text.location(of: max(0, text.offset - 1)).line
        switch unfinished {
        case .comment(let at):
            return Diagnostic(.warning, "HTML comment not closed: it hides everything after it, to line \(last)",
                              at: text.location(of: at), hint: "a comment ends at -->")
        case .tag(let name, let closing, let at):
            let tag = closing ? "end tag </\(name)>" : "tag <\(name)>"
            return Diagnostic(.warning, "HTML \(tag) not closed: it and everything after it, to line \(last), are left out",
                              at: text.location(of: at), hint: "a tag ends at >, a quoted attribute value at its closing quote")
        case .rawText:
            return nil
        }
    }

    /// A block with the HTML inside it woven: containers' blocks, leaf blocks' inlines.
    /// A paragraph with an element asking for a page break inside is cut there.
    private func weaveInside(_ block: Block) -> [Block] {
        var b = block
        switch block.kind {
        case .paragraph(let inlines):
            if PageBreakLine.matches(inlines) { return [Block(.pageBreak, range: block.range)] }
            // Page break marks come only from HTML: a paragraph without any stays whole
            // (most of a document; rebuilding its inlines cost a third of the weave).
            guard Self.containsHTML(inlines) else { return [block] }
            let pieces = HTMLMapper.splitAtPageBreaks(weave(inlines, at: block.range.start))
            var out: [Block] = []
            for (k, piece) in pieces.enumerated() {
                if k > 0 { out.append(Block(.pageBreak, range: block.range)) }
                if k == 0 || !piece.allSatisfy(HTMLMapper.isSpace) { out.append(Block(.paragraph(piece), range: block.range)) }
            }
            return out
        case .heading(let level, let inlines):
            b.kind = .heading(level: level, weave(inlines, at: block.range.start, breaks: false))
        case .blockQuote(let children):
            b.kind = .blockQuote(weave(children))
        case .list(let info, let items):
            b.kind = .list(info, items.map { var item = $0; item.blocks = weave($0.blocks); return item })
        case .table(var table):
            table.header = table.header.map { var c = $0; c.content = weave($0.content, at: $0.range.start, breaks: false); return c }
            table.rows = table.rows.map { row in
                row.map { var c = $0; c.content = weave($0.content, at: $0.range.start, breaks: false); return c }
            }
            b.kind = .table(table)
        case .codeBlock, .htmlBlock, .thematicBreak, .division, .definitionList, .comment, .pageBreak:
            break
        }
        return [b]
    }

    /// The parsed nodes, or nil when the HTML nests too deeply to parse in good time
    /// (then the caller prints it as written, with a warning).
    func parse(_ text: HTMLSourceText) -> [HTMLNode]? {
        let html = text.string
        if HTMLParser.nestingBound(html) > HTMLParser.maxParsedNesting {
            warnings.add(key: "html.too-deep", Diagnostic(.warning, "HTML nested more than \(HTMLParser.maxParsedNesting) levels deep is printed as written",
                                                          at: text.location(of: 0), hint: "this is reported once per document"))
            return nil
        }
        let fragment = HTMLParser.parseFragment(html, maxDepth: maxDepth)
        if let offset = fragment.flattenedAt {
            warnings.add(key: "html.flattened", Diagnostic(.warning, "HTML nested deeper than \(maxDepth) levels is flattened",
                                                           at: text.location(of: offset), hint: "the deeper elements keep their text but lose their own formatting"))
        }
        return fragment.nodes
    }

    /// The blocks with each raw HTML block shown as code (HTML too deep to interpret).
    private func printedAsWritten(_ blocks: [Block]) -> [Block] {
        blocks.map { b in
            guard case .htmlBlock(let html) = b.kind else { return b }
            return Block(.codeBlock(info: "html", text: html.hasSuffix("\n") ? html : html + "\n"), range: b.range)
        }
    }

    /// Whether raw HTML occurs anywhere in `inlines` (image descriptions included).
    static func containsHTML(_ inlines: [Inline]) -> Bool {
        inlines.contains { inline in
            switch inline {
            case .html: return true
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c): return containsHTML(c)
            case .link(_, _, let c, _): return containsHTML(c)
            case .image(_, _, let alt, _, _): return containsHTML(alt)
            case .text, .softBreak, .lineBreak, .code, .footnoteReference, .math, .anchor: return false
            }
        }
    }
}

/// A sequence of blocks written out as one piece of HTML: raw HTML blocks as written,
/// each Markdown block (or run of them, `sharing`) a placeholder element.
private struct SequenceText {
    let blocks: ArraySlice<Block>
    var text = HTMLSourceText()
    var slots: [HTMLSlot] = []
    /// Where each placeholder's start tag is in `text`, ascending.
    var offsets: [Int] = []
    /// The index in the blocks of each placeholder's first block.
    var firstBlocks: [Int] = []

    /// `written` when it holds these blocks, else written anew.
    init(written: SequenceText?, _ inner: ArraySlice<Block>, sharing: Bool) {
        if let written, written.blocks.startIndex == inner.startIndex, written.blocks.endIndex == inner.endIndex {
            self = written
        } else {
            self.init(inner, sharing: sharing)
        }
    }

    init(_ inner: ArraySlice<Block>, sharing: Bool) {
        blocks = inner
        var i = inner.startIndex
        while i < inner.endIndex {
            let block = inner[i]
            if case .htmlBlock(let html) = block.kind {
                text.appendSource(html, at: block.range.start)
                if !html.hasSuffix("\n") { text.appendGenerated("\n", at: block.range.end) }
                i += 1
                continue
            }
            var end = i + 1
            while sharing, end < inner.endIndex, !HTMLWeaver.isHTMLBlock(inner[end]) { end += 1 }
            offsets.append(text.offset)
            firstBlocks.append(i)
            text.appendGenerated(HTMLMapper.slotTag(slots.count) + "</\(HTMLMapper.slotName)>\n", at: block.range.start)
            slots.append(end - i == 1 ? .block(block) : .blocks(Array(inner[i..<end])))
            i = end
        }
    }
}

/// What a placeholder element stands for.
enum HTMLSlot {
    /// A Markdown block.
    case block(Block)
    /// Markdown blocks that follow each other with nothing between them: one placeholder
    /// for all of them where they are mapped as blocks (see `weaveSequence`).
    case blocks([Block])
    /// A Markdown inline without inline children of its own to weave (code span,
    /// image, footnote reference, formula).
    case inline(Inline)
    /// A Markdown link; its text is inside the placeholder.
    case link(destination: String, title: String, at: SourceLocation)
}

/// A paragraph that is only `\newpage` (or `\pagebreak`): LaTeX's and pandoc's page break.
enum PageBreakLine {
    static func matches(_ inlines: [Inline]) -> Bool {
        // Most paragraphs are one text inline: only one with a backslash can match, and
        // only that one is trimmed (Foundation's trimming bridged every paragraph's
        // text: about 1 ms of chapters 1-14's parse, which runs before anything else can).
        guard inlines.count == 1, case .text(let t) = inlines[0],
              t.utf8.contains(UInt8(ascii: "\\")) else { return false }
        let word = t.trimmingSpaces()
        return word == "\\newpage" || word == "\\pagebreak"
    }
}

/// The source text of inlines as written (raw HTML included), for HTML that cannot be
/// interpreted.
enum PlainSource {
    static func of(_ inlines: [Inline]) -> String {
        var out = ""
        for inline in inlines {
            switch inline {
            case .text(let s), .code(let s): out += s
            case .html(let h, _): out += h
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let c), .strong(let c), .strikethrough(let c), .markup(_, let c): out += of(c)
            case .link(_, _, let c, _): out += of(c)
            case .image(_, _, let alt, _, _): out += of(alt)
            case .footnoteReference(let n, _): out += String(n)
            case .math(let m): out += m.opening + m.source + m.closing
            case .anchor: break
            }
        }
        return out
    }
}
