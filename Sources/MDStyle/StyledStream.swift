import FoundationEssentials
import Glibc
import MDCore

/// A styled document handed to layout a top-level block at a time while it is still
/// being styled on a thread of its own (`DocumentStyler.stream`), so that layout, and
/// with it drawing, start within milliseconds of parsing instead of after the whole
/// document is styled, and each block is freed once layout has taken it.
///
/// What layout needs before the first block comes from the theme and the front matter
/// alone (`head`). A block is handed out only when it is final: its internal links
/// already name anchors styled before it or in it, or headings the contents list (else
/// it waits for the document's end, when `LinkResolution` settles them). The contents
/// are listed before styling starts (`headingsAhead`). The page fields wait for
/// the title (the front matter's, else the first level-1 heading); the footnotes at
/// the bottom of their pages, the metadata and the files read come with the end
/// (`end()`). A stream made from a document styled whole hands out its blocks at once.
public struct StyledStream: Sendable {
    /// What layout needs before the first block.
    public struct Head: Sendable {
        /// The page without its fields (`title`, `author`, `date`: `pageFields()`).
        public var page: PageSetup
        /// The document's language (`metadata.language` at the end).
        public var language: String?
        /// The rule above footnotes at the bottom of their page; nil when the theme
        /// puts them at the end of the document.
        public var footnoteRule: StyledRule?
    }

    /// What needs the whole document styled.
    public struct End: Sendable {
        /// The footnotes at the bottom of their pages, by number (see `StyledDocument`).
        public var pageFootnotes: [Int: [StyledBlock]]
        public var metadata: DocumentMetadata
        /// Every image file the document names (see `StyledDocument.imagePaths`).
        public var imagePaths: [String]
    }

    public let head: Head
    private let channel: Channel

    /// Hands out `document`'s blocks, styled whole already.
    public init(_ document: StyledDocument) {
        var page = document.page
        page.fields = [:]
        head = Head(page: page, language: document.metadata.language, footnoteRule: document.pageFootnotes?.rule)
        channel = Channel(limit: .max)
        channel.publish(document.blocks[...])
        channel.publish(fields: document.page.fields)
        channel.publish(images: document.imageSources)
        channel.finish(End(pageFootnotes: document.pageFootnotes?.notes ?? [:], metadata: document.metadata,
                           imagePaths: document.imagePaths))
    }

    init(head: Head, channel: Channel) {
        self.head = head; self.channel = channel
    }

    /// The next top-level block, waiting for it to be styled; nil after the last.
    public func nextBlock() -> StyledBlock? { channel.next() }

    /// The values of the page fields, waiting for the title to be known.
    public func pageFields() -> [String: String] { channel.fields() }

    /// What comes with the end of styling, waiting for it.
    public func end() -> End { channel.end() }

    /// The images shown that were styled since the last call, in the order first shown
    /// (every image of a block handed out is among those returned by then): what the
    /// renderer may prepare ahead.
    public func newImages() -> [ImageSource] { channel.newImages() }

    /// Waits until styling has ended (a conversion that failed while styling still went
    /// on, so that its warnings are all in).
    public func waitForEnd() { _ = channel.end() }

    /// Time the styling thread spent styling (`--timings`), once it has ended.
    public var stylingTime: Duration { channel.stylingTime }

    /// The blocks, page fields, images and end of a stream, passed from the styling thread
    /// to layout under one lock. Blocks published and not yet taken are at most `limit`
    /// (styling then waits), so the styled document is held a stretch at a time.
    final class Channel: @unchecked Sendable {
        private let condition = Condition()
        private var ready: [StyledBlock] = []
        private var taken = 0
        private let limit: Int
        private var settledFields: [String: String]?
        private var images: [ImageSource] = []
        private var imagesHandedOut = 0
        private var ended: End?
        private var styled = Duration.zero
        /// Set once layout waits for something styled later than the blocks it can take
        /// (the title, the end): styling then runs on without waiting for layout.
        private var unlimited = false

        init(limit: Int) { self.limit = limit }

        /// Adds blocks to hand out, waiting while `limit` are waiting to be taken (unless
        /// not `waiting`).
        func publish(_ blocks: ArraySlice<StyledBlock>, waiting: Bool = true) {
            condition.lock()
            defer { condition.unlock() }
            for block in blocks {
                while waiting && ready.count - taken >= limit && !unlimited { condition.wait() }
                ready.append(block)
                condition.broadcast()
            }
        }

        func publish(fields: [String: String]) {
            condition.lock()
            defer { condition.unlock() }
            guard settledFields == nil else { return }
            settledFields = fields
            condition.broadcast()
        }

        /// `shown`: every image shown so far, in order (a longer list each time).
        func publish(images shown: [ImageSource]) {
            condition.lock()
            defer { condition.unlock() }
            if shown.count > images.count { images += shown[images.count...] }
        }

        func finish(_ end: End, stylingTime: Duration = .zero) {
            condition.lock()
            defer { condition.unlock() }
            ended = end
            styled = stylingTime
            condition.broadcast()
        }

        func next() -> StyledBlock? {
            condition.lock()
            defer { condition.unlock() }
            while taken == ready.count && ended == nil { condition.wait() }
            guard taken < ready.count else { return nil }
            let block = ready[taken]
            // Freed as soon as layout has it; the array is shortened now and then.
            ready[taken] = .pageBreak
            taken += 1
            if taken >= 64 && taken * 2 >= ready.count {
                ready.removeFirst(taken)
                taken = 0
            }
            // Styling, if it waits for room, goes on once half the room is free.
            if ready.count - taken <= limit / 2 { condition.broadcast() }
            return block
        }

        func fields() -> [String: String] {
            condition.lock()
            defer { condition.unlock() }
            waitUnlimited { settledFields != nil }
            return settledFields!
        }

        func end() -> End {
            condition.lock()
            defer { condition.unlock() }
            waitUnlimited { ended != nil }
            return ended!
        }

        var stylingTime: Duration {
            condition.lock()
            defer { condition.unlock() }
            return styled
        }

        /// Waits (holding the lock) until `done`, letting styling run on meanwhile.
        private func waitUnlimited(until done: () -> Bool) {
            guard !done() else { return }
            unlimited = true
            condition.broadcast()
            while !done() { condition.wait() }
        }

        func newImages() -> [ImageSource] {
            condition.lock()
            defer { condition.unlock() }
            defer { imagesHandedOut = images.count }
            return Array(images[imagesHandedOut...])
        }
    }
}
