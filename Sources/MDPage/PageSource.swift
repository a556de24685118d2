import MDCore

/// Pages handed to the renderer one at a time, so that a document's pages need never all
/// be in memory: layout streams them (each page is assembled when asked for and dropped
/// once drawn), and a `PagedDocument` replays its array (tests, traces).
public protocol PageSource {
    var metadata: DocumentMetadata { get }
    /// Whether to write a tagged PDF; each page then carries the excerpt of the
    /// structure tree its items point at.
    var isTagged: Bool { get }
    /// The whole structure tree, complete once `nextPage` has returned nil; nil writes
    /// an untagged PDF.
    var structure: StructureTree? { get }
    /// The next page; nil after the last.
    mutating func nextPage() -> Page?
    /// The bookmarks, complete once `nextPage` has returned nil.
    var outline: [OutlineEntry] { get }
    /// Where each page handed out goes in the document (0-based), in the order they were
    /// handed out; nil when that order is the document's. Complete once `nextPage` has
    /// returned nil. (Layout hands out pages with contents page numbers last.)
    var pagePositions: [Int]? { get }
    /// The images shown that became known since the last call, in the order first shown
    /// (those of a page handed out are known by then): the renderer prepares them ahead
    /// of their pages. A document still being styled names more as it goes.
    mutating func newImages() -> [ImageSource]
    /// Whether layout has set the last page (those not yet handed out wait in a queue):
    /// work that can wait should, until then, leave the cores to layout, which paces
    /// the conversion. A source that lays out a page as it is asked for is never ahead.
    var isLaidOut: Bool { get }
}

extension PageSource {
    public var pagePositions: [Int]? { nil }
    public mutating func newImages() -> [ImageSource] { [] }
    public var isLaidOut: Bool { false }
}

extension Array {
    /// The elements put in the places `positions` gives them (`positions[i]` is where
    /// element `i` goes); the array itself when `positions` is nil.
    public func placed(at positions: [Int]?) -> [Element] {
        guard let positions, positions.count == count else { return self }
        var out = self
        for (i, p) in positions.enumerated() { out[p] = self[i] }
        return out
    }
}

extension PagedDocument {
    /// Its pages, in order, as a `PageSource`.
    public func replay() -> Replay { Replay(document: self) }

    public struct Replay: PageSource {
        let document: PagedDocument
        var next = 0
        public var metadata: DocumentMetadata { document.metadata }
        public var isTagged: Bool { document.structure != nil }
        public var structure: StructureTree? { document.structure }
        public var outline: [OutlineEntry] { document.outline }
        public mutating func nextPage() -> Page? {
            guard next < document.pages.count else { return nil }
            defer { next += 1 }
            var page = document.pages[next]
            if page.structure == nil, let tree = document.structure { page.structure = tree.excerpt(for: page.items) }
            return page
        }
    }
}
