import CCmarkGFM
import MDCore

/// Frees cmark's tree a top-level block at a time as the walk leaves it, so that the
/// tree and the Swift document built from it are not both whole in memory: cmark's
/// nodes take about twelve times the input (a 10 MB book: 120 MB), and the parse's
/// peak held them beside the document until the walk ended (the Rust book forty times
/// over, 50 MB: 899 MB). Freeing is handed to a thread of its own for a long input
/// (`CmarkBridge.freedApartFrom`: freeing the Rust book's tree was 7 % of its serial
/// parse), in batches, so the walk pays one lock per batch; with
/// `ParseOptions.freesTreeApart` off each block is freed where it is let go.
final class CmarkTreeRelease: @unchecked Sendable {
    private let condition = Condition()
    /// Blocks handed over, not freed yet.
    private var pending: [OpaquePointer] = []
    private var finished = false
    /// Blocks let go since the last hand-over (the walk's thread only).
    private var batch: [OpaquePointer] = []
    private let apart: Bool

    /// Blocks per hand-over to the freeing thread.
    static let batchSize = 256

    init(apart: Bool) {
        self.apart = apart
        guard apart else { return }
        DetachedThread.start(stackSize: 256 << 10) { [self] in freeAsHanded() }
    }

    /// Frees `node` (unlinked from its tree), now or on the freeing thread.
    func letGo(_ node: OpaquePointer) {
        guard apart else { cmark_node_free(node); return }
        batch.append(node)
        if batch.count >= Self.batchSize { handOver(finishing: false) }
    }

    /// Frees what is left (the root, with whatever is still under it); the freeing
    /// thread ends once it is done. Call once, last.
    func finish(_ root: OpaquePointer) {
        guard apart else { cmark_node_free(root); return }
        batch.append(root)
        handOver(finishing: true)
    }

    private func handOver(finishing: Bool) {
        condition.lock()
        pending += batch
        finished = finishing
        condition.broadcast()
        condition.unlock()
        batch.removeAll(keepingCapacity: true)
    }

    private func freeAsHanded() {
        while true {
            condition.lock()
            while pending.isEmpty && !finished { condition.wait() }
            let nodes = pending
            let last = finished
            pending.removeAll()
            condition.unlock()
            for node in nodes { cmark_node_free(node) }
            if last { return }
        }
    }
}
