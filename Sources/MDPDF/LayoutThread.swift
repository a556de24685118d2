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
    private let queue: BoundedQueue<Page>
    /// The stream, left by the layout thread after its last page (before `finish`).
    private let handedBack: Handover<KeptPages>
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
        let queue = BoundedQueue<Page>(countLimit: Self.queueCapacity)
        self.queue = queue
        let handOver = Handover(pages)
        handedBack = handOver
        // Layout recurses on nesting depth (lists in lists); give it the main thread's room.
        DetachedThread.start(stackSize: 16 << 20) {
            var pages = handOver.take()
            while let page = pages.nextPage() {
                guard queue.put(page) else { break }  // the renderer gave up
            }
            handOver.put(pages)
            queue.finish()
        }
    }

    var metadata: DocumentMetadata { finished?.metadata ?? startMetadata }
    var structure: StructureTree? { finished?.structure }
    var outline: [OutlineEntry] { finished?.outline ?? [] }
    var pagePositions: [Int]? { finished?.pagePositions }

    mutating func nextPage() -> Page? {
        if let page = queue.take() { return page }
        finished = handedBack.take()
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

/// Moves a value owned by one thread at a time across threads (see `LayoutThread`): the
/// queue's lock orders the `put` before `finish` against the `take` after the last page.
private final class Handover<Value>: @unchecked Sendable {
    private var value: Value?
    init(_ value: consuming Value) { self.value = value }
    func put(_ value: consuming Value) { self.value = value }
    func take() -> Value {
        defer { value = nil }
        return value!
    }
}
