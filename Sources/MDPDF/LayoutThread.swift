import FoundationEssentials
import Glibc
import MDCore
import MDLayout
import MDPage
import MDStyle

/// Layout on a thread of its own, a few pages ahead of the renderer: the two halves of a
/// conversion overlap on two cores. Pages go through a small bounded queue, so memory
/// still holds only the pages in flight. The page stream (and everything layout touches:
/// fonts, shaping, the diagnostics sink) belongs to the layout thread until its last page
/// is queued; it is then handed back whole, with its outline and final structure tree.
/// The renderer draws the same pages in the same order as a serial run and adds its
/// warnings only after the last page (`PDFRenderer.render`), so the output and the
/// warnings are byte-identical to a serial run's.
struct LayoutThread: PageSource {
    /// The metadata as layout started; the stream's own once it is back (the title may
    /// come from the document's end).
    private let startMetadata: DocumentMetadata
    let isTagged: Bool
    /// Where the images shown come from while the document is still being styled.
    private let styled: StyledStream?
    private let queue: PageQueue
    /// The stream, back from the layout thread after its last page.
    private(set) var finished: KeptPages?

    /// Pages a full queue holds: enough to keep the renderer fed across a page that is
    /// slow to lay out, few enough that memory still holds only a few pages.
    static let queueCapacity = 4

    /// Starts laying out `pages` on a new thread. `pages` must be the only copy of the
    /// stream (a copy kept here would share its boxes, and each box freed by the thread
    /// would be copied instead).
    init(_ pages: consuming KeptPages, images styled: StyledStream? = nil) {
        startMetadata = pages.metadata
        isTagged = pages.isTagged
        self.styled = styled
        let queue = PageQueue(capacity: Self.queueCapacity)
        self.queue = queue
        let handOver = Handover(pages)
        // Layout recurses on nesting depth (lists in lists); give it the main thread's room.
        DetachedThread.start(stackSize: 16 << 20) {
            var pages = handOver.take()
            while let page = pages.nextPage() {
                guard queue.put(page) else { break }  // the renderer gave up
            }
            queue.finish(Handover(pages))
        }
    }

    var metadata: DocumentMetadata { finished?.metadata ?? startMetadata }
    var structure: StructureTree? { finished?.structure }
    var outline: [OutlineEntry] { finished?.outline ?? [] }
    var pagePositions: [Int]? { finished?.pagePositions }

    mutating func nextPage() -> Page? {
        if let page = queue.take() { return page }
        finished = queue.result()
        return nil
    }

    mutating func newImages() -> [ImageSource] { styled?.newImages() ?? [] }

    var isLaidOut: Bool { queue.isFinished }

    /// Stops the layout thread (the renderer failed) and waits for it to end, so nothing
    /// of the conversion outlives it.
    func cancel() {
        queue.cancelAndWait()
    }
}

/// Moves a value owned by one thread at a time across threads (see `LayoutThread`).
private final class Handover<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func take() -> Value {
        defer { value = nil }
        return value!
    }
}

/// A bounded queue of pages from the layout thread to the renderer, then the stream
/// itself once layout is done. Every access holds `condition`'s lock, which orders what
/// the layout thread wrote before queuing before what the renderer reads after taking.
private final class PageQueue: @unchecked Sendable {
    private let condition = Condition()
    private var pages: [Page] = []
    private let capacity: Int
    private var done: Handover<KeptPages>?
    private var cancelled = false

    init(capacity: Int) { self.capacity = capacity }

    /// Waits for room; false once the renderer has cancelled.
    func put(_ page: Page) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while pages.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        pages.append(page)
        condition.broadcast()
        return true
    }

    /// Whether layout has queued its last page.
    var isFinished: Bool {
        condition.lock()
        defer { condition.unlock() }
        return done != nil
    }

    func finish(_ stream: Handover<KeptPages>) {
        condition.lock()
        done = stream
        condition.broadcast()
        condition.unlock()
    }

    /// The next page, waiting for layout; nil once layout has finished and every page
    /// was taken.
    func take() -> Page? {
        condition.lock()
        defer { condition.unlock() }
        while pages.isEmpty && done == nil { condition.wait() }
        guard !pages.isEmpty else { return nil }
        condition.broadcast()
        return pages.removeFirst()
    }

    /// The stream, after `take` returned nil.
    func result() -> KeptPages {
        condition.lock()
        defer { condition.unlock() }
        return done!.take()
    }

    /// Tells the layout thread to stop and waits until it has handed the stream back.
    func cancelAndWait() {
        condition.lock()
        defer { condition.unlock() }
        cancelled = true
        pages.removeAll()
        condition.broadcast()
        while done == nil { condition.wait() }
    }
}
