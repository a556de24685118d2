import MDCore
import MDStyle
import MDText

/// Shaping on a thread of its own, a few top-level blocks ahead of layout. Shaping
/// (HarfBuzz, ICU's break iterators, font fallback) was a third of the layout thread's
/// work: here a second thread takes each block from the styled stream, measures its
/// formulas and chooses its script forms as layout would have on taking it
/// (`DocumentLayout.prepare`), shapes its paragraphs with a text context of its own over
/// the same fonts, and hands the block over with the shapes (`ParagraphShapes`) and the
/// warnings of preparing it. Layout then finds each paragraph already shaped; its glyphs
/// are the ones layout would have made, so the pages are the same byte for byte.
///
/// Memory stays flat: the blocks waiting hold at most `aheadBytes` of text (one block at
/// least) and are at most `aheadBlocks`; a block built in steps (`FlowStep`) and a
/// paragraph layout sets in pieces (`LargeParagraphs`) are left to layout, and a block's
/// paragraphs are shaped only while their text stays within `blockBytes`.
final class ShapingAhead: @unchecked Sendable {
    /// A top-level block ready for layout.
    struct Block {
        var block: StyledBlock
        var shapes: ParagraphShapes
        /// The warnings of preparing the block, at their ranks.
        var diagnostics: DiagnosticSink
    }

    /// Text waiting for layout, in bytes: a few pages of prose (shaped, about 100 bytes
    /// for each).
    static let aheadBytes = 16 * 1024
    /// Blocks waiting for layout, at most (images, rules and formulas have no text).
    static let aheadBlocks = 64
    /// The most text of one block shaped ahead (a long list or table is built whole).
    static let blockBytes = 64 * 1024

    private let queue: BoundedQueue<Block>
    /// The thread's own: its environment (text context, math, warnings) and the stream it
    /// takes blocks from; dropped when it ends.
    private var work: (env: LayoutEnvironment, source: StyledStream)?
    /// Blocks of this much text or more are built in steps (`FlowFeed`'s setting).
    private let stepwiseBytes: Int

    /// Starts taking `source`'s blocks. `env` is layout's environment: the thread's own is
    /// made like it, over the same fonts (register none afterwards). What preparing a
    /// block warns about (its text context's font warnings included, as script forms
    /// test fonts) goes to layout with the block; what shaping it warns about is dropped:
    /// layout says what shaping says about fonts when it takes a paragraph
    /// (`LayoutEnvironment.shape`), where a serial run's shaping said it.
    init(_ source: StyledStream, like env: LayoutEnvironment, stepwiseBytes: Int) {
        let sink = DiagnosticSink()
        let text = TextContext(sharingFontsOf: env.text, diagnostics: sink)
        let own = LayoutEnvironment(text: text, diagnostics: sink, language: env.language)
        own.pageBodyHeight = env.pageBodyHeight
        own.bodyWidth = env.bodyWidth
        work = (own, source)
        self.stepwiseBytes = stepwiseBytes
        queue = BoundedQueue(weightLimit: Self.aheadBytes, countLimit: Self.aheadBlocks)
        // Preparing recurses on nesting depth (lists in lists), as layout does.
        DetachedThread.start(stackSize: 16 << 20) { self.run() }
    }

    /// The next block, waiting for it; nil after the last.
    func next() -> Block? { queue.take() }

    /// Stops the thread (layout stopped early) and waits until it has ended.
    func cancelAndWait() { queue.cancelAndWait() }

    private func run() {
        let (env, source) = work!
        while !queue.isCancelled, let block = source.nextBlock() {
            var blocks = [block]
            DocumentLayout.prepare(&blocks, notes: false, env: env)
            let handed = DiagnosticSink()
            env.diagnostics.transfer(into: handed)
            let (shapes, bytes) = shape(blocks[0], env: env)
            env.diagnostics.discard()
            // A block weighs its text in the queue (at least 1 byte).
            guard queue.put(Block(block: blocks[0], shapes: shapes, diagnostics: handed), weight: bytes) else { break }
        }
        work = nil
        queue.finish()
    }

    /// `block`'s paragraphs shaped, as long as their text stays within `blockBytes`
    /// (none for a block built in steps, nor a paragraph set in pieces), and the block's
    /// text in bytes (at least 1).
    private func shape(_ block: StyledBlock, env: LayoutEnvironment) -> (ParagraphShapes, Int) {
        var shapes = ParagraphShapes()
        var blocks = [block], bytes = 0
        let whole = !FlowBuilder.textBytes(block, atLeast: stepwiseBytes)
        _ = StyledBlock.updateParagraphs(in: &blocks) { p in
            let count = p.text.string.utf8.count
            bytes += count
            guard whole, count <= LargeParagraphs.maxBytes, bytes <= Self.blockBytes, !queue.isCancelled else { return false }
            let runs = env.shapingRuns(p.text)
            shapes.add(env.text.shapeElsewhere(p.text.string, runs: runs), text: p.text.string, runs: runs)
            return false
        }
        return (shapes, max(bytes, 1))
    }
}
