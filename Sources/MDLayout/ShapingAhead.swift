import MDCore
import MDStyle
import MDText

/// Shaping on a thread of its own, a few top-level blocks ahead of layout. Shaping
/// (HarfBuzz, ICU's break iterators, font fallback) was two fifths of the layout
/// thread's work, and layout paces a conversion: here a second thread takes each block
/// from the styled stream, measures its formulas and chooses its script forms as layout
/// would have on taking it (`DocumentLayout.prepare`), shapes its paragraphs with a text
/// context of its own over the same fonts, and hands the block over with the shapes
/// (`ParagraphShapes`) and the warnings of that work. Layout then finds each paragraph
/// already shaped; its glyphs are the ones layout would have made, so the pages are the
/// same byte for byte.
///
/// Memory stays flat: at most `aheadBytes` of text wait shaped (one block at least), a
/// block built in steps (`FlowStep`) is left to layout, and only the first
/// `blockBytes` of a long block's text are shaped ahead.
final class ShapingAhead: @unchecked Sendable {
    /// A top-level block ready for layout.
    struct Block {
        var block: StyledBlock
        var shapes: ParagraphShapes
        /// The warnings preparing and shaping the block gave, at their ranks.
        var diagnostics: DiagnosticSink
    }

    /// Text shaped and not yet taken by layout, in bytes: a few pages of prose.
    static let aheadBytes = 16 * 1024
    /// The most text of one block shaped ahead (a long list or table is built whole).
    static let blockBytes = 128 * 1024

    private let condition = Condition()
    private var ready: [Block] = []
    private var readyBytes = 0
    private var ended = false
    private var cancelled = false
    /// The thread's own: its environment (text context, math, warnings), the stream it
    /// takes blocks from and what prepares them; dropped when it ends.
    private var work: (env: LayoutEnvironment, source: StyledStream,
                       prepare: (inout [StyledBlock], LayoutEnvironment) -> Void)?

    /// Starts taking `source`'s blocks. `env` is layout's environment: the thread's own is
    /// made like it, over the same fonts (register none afterwards).
    init(_ source: StyledStream, like env: LayoutEnvironment, prepare: @escaping (inout [StyledBlock], LayoutEnvironment) -> Void) {
        let sink = DiagnosticSink()
        let own = LayoutEnvironment(text: TextContext(sharingFontsOf: env.text, diagnostics: sink), diagnostics: sink,
                                    language: env.language)
        own.pageBodyHeight = env.pageBodyHeight
        own.bodyWidth = env.bodyWidth
        work = (own, source, prepare)
        // Preparing recurses on nesting depth (lists in lists), as layout does.
        DetachedThread.start(stackSize: 16 << 20) { self.run() }
    }

    /// The next block, waiting for it; nil after the last.
    func next() -> Block? {
        condition.lock()
        defer { condition.unlock() }
        while ready.isEmpty && !ended { condition.wait() }
        guard !ready.isEmpty else { return nil }
        let block = ready.removeFirst()
        readyBytes -= block.shapes.textBytes
        condition.broadcast()
        return block
    }

    /// Stops the thread (layout stopped early) and waits until it has ended.
    func cancelAndWait() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        ready.removeAll()
        condition.broadcast()
        while !ended { condition.wait() }
    }

    private func run() {
        let (env, source, prepare) = work!
        while !isCancelled, let block = source.nextBlock() {
            var blocks = [block]
            prepare(&blocks, env)
            let shapes = shape(blocks[0], env: env)
            let handed = DiagnosticSink()
            env.diagnostics.transfer(into: handed)
            guard put(Block(block: blocks[0], shapes: shapes, diagnostics: handed)) else { break }
        }
        work = nil
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    private var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }

    /// Waits for room; false once layout has cancelled.
    private func put(_ block: Block) -> Bool {
        let bytes = block.shapes.textBytes
        condition.lock()
        defer { condition.unlock() }
        while !ready.isEmpty && readyBytes + bytes > Self.aheadBytes && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        ready.append(block)
        readyBytes += bytes
        condition.broadcast()
        return true
    }

    /// `block`'s paragraphs shaped, in the order layout meets them, up to `blockBytes`;
    /// none for a block built in steps.
    private func shape(_ block: StyledBlock, env: LayoutEnvironment) -> ParagraphShapes {
        var shapes = ParagraphShapes()
        guard !FlowBuilder.textBytes(block, atLeast: FlowStep.stepwiseBytes) else { return shapes }
        var blocks = [block], bytes = 0
        _ = StyledBlock.updateParagraphs(in: &blocks) { p in
            let count = p.text.string.utf8.count
            guard bytes + count <= Self.blockBytes else { return false }
            bytes += count
            let runs = env.shapingRuns(p.text)
            shapes.add(env.text.shapeElsewhere(p.text.string, runs: runs), text: p.text.string, runs: runs)
            return false
        }
        return shapes
    }
}
