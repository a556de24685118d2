import MDCore

/// Builds the public tree from cmark's event stream with an explicit stack of frames,
/// one per open container, so no Swift recursion follows the document's nesting.
///
/// Invariants:
/// - `stack[0]` is the document frame; it is never popped before `finish()`.
/// - A frame that is not `kept` (nested beyond the cap, or a node kind we do not model)
///   produces no value of its own: its children are appended directly to the frames
///   named by its `blockTarget` / `inlineTarget`, which are always kept, so flattening
///   costs O(1) per node however deep the input goes.
struct TreeBuilder {
    private struct Frame {
        var node: CmarkNode
        var kept: Bool
        /// Block-container levels (quotes, list items, footnote definitions) around the
        /// content of this frame; the document's content is at 0.
        var blockDepth: Int
        /// Inline-container levels around the content of this frame; 0 in a leaf block.
        var inlineDepth: Int
        /// Index in the stack of the frame that receives this frame's child blocks.
        var blockTarget: Int
        /// Index in the stack of the frame that receives this frame's child inlines;
        /// -1 where inlines cannot occur.
        var inlineTarget: Int
        /// The range of the enclosing paragraph, heading or cell: where inline nodes
        /// whose own position is missing or implausible are reported.
        var leafBlockRange: SourceRange
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
        var cells: [TableCell] = []
        var header: [TableCell] = []
        var rows: [[TableCell]] = []
    }

    private let maxDepth: Int
    private var stack: [Frame] = []
    /// Footnote definitions with their number, labels filled in by `finish()`: a
    /// definition can come before the only reference that names it (one footnote
    /// referring to another), so labels are known only once every event is seen.
    private var footnoteBlocks: [(number: Int, blocks: [Block])] = []
    private var footnoteLabels: [Int: String] = [:]
    /// Where the first node beyond the nesting cap starts; nil while none was flattened.
    private(set) var firstFlattened: SourceLocation?

    /// The source lines' lengths: the bound for a plausible inline column, and (without
    /// trailing spaces) where a formula's later lines start.
    private let lines: SourceLines

    init(maxDepth: Int, lines: SourceLines) {
        self.maxDepth = max(1, maxDepth)
        self.lines = lines
        let document = CmarkNode(kind: .document, range: .unknown)
        stack.append(Frame(node: document, kept: true, blockDepth: 0, inlineDepth: 0,
                           blockTarget: 0, inlineTarget: -1, leafBlockRange: .unknown))
    }

    /// Feeds one event. Events must come in cmark's walk order, document first.
    mutating func consume(_ event: CmarkEvent) {
        switch event {
        case .enter(let node):
            if case .document = node.kind { stack[0].node = node; return }
            push(node)
        case .exit:
            guard stack.count > 1 else { return }  // the document's own exit
            pop()
        case .leaf(let node):
            addLeaf(node)
        }
    }

    /// The document's blocks and its footnotes, numbered as cmark numbered them.
    func finish() -> (blocks: [Block], footnotes: [FootnoteDefinition]) {
        // Anything still open (never, with cmark's balanced walk) is dropped.
        let footnotes = footnoteBlocks.map { entry in
            FootnoteDefinition(number: entry.number, label: footnoteLabels[entry.number] ?? String(entry.number),
                               blocks: entry.blocks)
        }
        return (stack[0].blocks, footnotes)
    }

    // MARK: - Opening containers

    private mutating func push(_ node: CmarkNode) {
        let parentIndex = stack.count - 1
        let parent = stack[parentIndex]
        let index = stack.count
        var blockDepth = parent.blockDepth
        var inlineDepth = parent.inlineDepth
        var kept = true
        /// Set when the cap (not an unmodelled kind) is why the node is not kept.
        var beyondCap = false
        var acceptsBlocks = false
        var acceptsInlines = false
        var leafBlockRange = parent.leafBlockRange
        switch node.kind {
        case .blockQuote, .item, .footnoteDefinition:
            blockDepth += 1
            beyondCap = blockDepth > maxDepth
            acceptsBlocks = true
        case .list:
            // A list and its items are one level: the list is kept exactly when its
            // items are, so a kept list never has to receive loose blocks.
            beyondCap = blockDepth + 1 > maxDepth
        case .paragraph, .heading, .tableCell:
            inlineDepth = 0
            acceptsInlines = true
            leafBlockRange = node.range
        case .table, .tableRow:
            break
        case .emphasis, .strong, .strikethrough, .link, .image:
            inlineDepth += 1
            beyondCap = inlineDepth > maxDepth
            acceptsInlines = true
        case .other, .document, .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak,
             .lineBreak, .code, .htmlInline, .footnoteReference, .math:
            kept = false  // transparent: its children join the parent
        }
        if beyondCap {
            kept = false
            if firstFlattened == nil { firstFlattened = location(of: node, in: leafBlockRange) }
        }
        stack.append(Frame(
            node: node, kept: kept, blockDepth: blockDepth, inlineDepth: inlineDepth,
            blockTarget: kept && acceptsBlocks ? index : parent.blockTarget,
            inlineTarget: kept && acceptsInlines ? index : parent.inlineTarget,
            leafBlockRange: leafBlockRange))
    }

    // MARK: - Closing containers

    private mutating func pop() {
        let frame = stack.removeLast()
        guard frame.kept else { return }
        let range = frame.node.range
        switch frame.node.kind {
        case .blockQuote:
            appendBlock(Block(.blockQuote(frame.blocks), range: range))
        case .list(let info):
            appendBlock(Block(.list(info, frame.items), range: range))
        case .item(let task):
            let item = ListItem(blocks: frame.blocks, task: task, range: range)
            if case .list = stack[stack.count - 1].node.kind {
                stack[stack.count - 1].items.append(item)
            } else {
                frame.blocks.forEach { appendBlock($0) }
            }
        case .footnoteDefinition:
            footnoteBlocks.append((number: footnoteBlocks.count + 1, blocks: frame.blocks))
        case .paragraph:
            appendBlock(Block(.paragraph(frame.inlines), range: range))
        case .heading(let level):
            appendBlock(Block(.heading(level: level, frame.inlines), range: range))
        case .table(let alignments):
            appendBlock(Block(.table(Table(alignments: alignments, header: frame.header, rows: frame.rows)), range: range))
        case .tableRow(let isHeader):
            let top = stack.count - 1
            if isHeader && stack[top].header.isEmpty { stack[top].header = frame.cells } else { stack[top].rows.append(frame.cells) }
        case .tableCell:
            stack[stack.count - 1].cells.append(TableCell(content: frame.inlines, range: range))
        case .emphasis: appendInline(.emphasis(frame.inlines))
        case .strong: appendInline(.strong(frame.inlines))
        case .strikethrough: appendInline(.strikethrough(frame.inlines))
        case .link(let destination, let title):
            let at = location(of: frame.node, in: frame.leafBlockRange)
            appendInline(.link(destination: destination, title: title, frame.inlines, at: at))
        case .image(let source, let title):
            let at = location(of: frame.node, in: frame.leafBlockRange)
            appendInline(.image(source: source, title: title, alt: frame.inlines, at: at, attributes: .none))
        case .other, .document, .codeBlock, .htmlBlock, .thematicBreak, .text, .softBreak,
             .lineBreak, .code, .htmlInline, .footnoteReference, .math:
            break
        }
    }

    // MARK: - Leaves

    private mutating func addLeaf(_ node: CmarkNode) {
        switch node.kind {
        case .codeBlock(let info, let text): appendBlock(Block(.codeBlock(info: info, text: text), range: node.range))
        case .htmlBlock(let html): appendBlock(Block(.htmlBlock(html), range: node.range))
        case .thematicBreak: appendBlock(Block(.thematicBreak, range: node.range))
        case .text(let text): appendInline(.text(text))
        case .softBreak: appendInline(.softBreak)
        case .lineBreak: appendInline(.lineBreak)
        case .code(let code): appendInline(.code(code))
        case .htmlInline(let html):
            appendInline(.html(html, at: location(of: node, in: stack[stack.count - 1].leafBlockRange)))
        case .footnoteReference(let number, let label):
            if footnoteLabels[number] == nil { footnoteLabels[number] = label }
            appendInline(.footnoteReference(number: number, label: label))
        case .math(let source, let position):
            appendInline(.math(mathSpan(source, position)))
        default:
            break  // a container kind reported as a leaf: nothing to keep
        }
    }

    private mutating func appendBlock(_ block: Block) {
        let target = stack[stack.count - 1].blockTarget
        stack[target].blocks.append(block)
    }

    private mutating func appendInline(_ inline: Inline) {
        let target = stack[stack.count - 1].inlineTarget
        guard target >= 0 else { return }  // an inline outside any leaf block: cmark never does this
        stack[target].inlines.append(inline)
    }

    /// A formula with the document position of each of its lines.
    private func mathSpan(_ source: String, _ p: DollarMathPosition) -> MathSpan {
        let opening = p.display ? "$$" : p.delimiterLength == 1 ? "$" : "$" + String(repeating: "`", count: p.delimiterLength - 1)
        let closing = p.display ? "$$" : p.delimiterLength == 1 ? "$" : String(repeating: "`", count: p.delimiterLength - 1) + "$"
        return MathSpan(source: source, display: p.display,
                        lineStarts: p.lineStarts(source: source, sourceLines: lines),
                        opening: opening, closing: closing)
    }

    /// A node's start when cmark reported a plausible one, else the start of the
    /// enclosing leaf block. cmark-gfm 0.29.0.gfm.6 leaves some inline positions at 0:0
    /// (soft breaks, nodes after an email autolink) and does not advance the line after
    /// a backslash hard break (a node on the next line is reported on the break's line,
    /// with a column past that line's end). So a start outside the block's lines, or
    /// past the end of its line, is not trusted.
    private func location(of node: CmarkNode, in block: SourceRange) -> SourceLocation {
        let start = node.range.start
        let isBlock = !node.kind.isInline
        if isBlock || block.start.line == 0 { return start }
        let lineLength = lines.length(start.line)
        let plausible = start.line > 0 && start.column > 0 && start.column <= lineLength
            && start.line >= block.start.line && start.line <= max(block.end.line, block.start.line)
        return plausible ? start : block.start
    }
}
