import MDCore
import MDPage

/// The only path from page items to a drawing backend. `DocumentWalk` drives it, so the
/// cairo PDF canvas and the recording canvas behind `PDFRenderer.trace` see exactly the
/// same sequence of calls.
///
/// Coordinates are page space: points, origin top-left, y down (cairo's user space).
/// Item-level calls are only valid between `beginPage` and `endPage`; use `withPage`,
/// which pairs them on every path, including errors.
protocol Canvas: AnyObject {
    /// Starts a page of `size` points. Every page may have its own size.
    func beginPage(size: Size)
    /// Ends the current page. Never throws, so it can run from a `defer`; failures are
    /// reported by the next `checkStatus()`.
    func endPage()
    /// Throws the first backend error seen so far (cairo's errors are sticky).
    func checkStatus() throws(ConversionError)

    /// Items drawn until `popTransform` go through `transform` (after any pushed before).
    func pushTransform(_ transform: Transform)
    func popTransform()

    func drawGlyphs(_ run: GlyphRun) throws(ConversionError)
    func drawShape(_ shape: Shape)
    func drawImage(_ image: PlacedImage) throws(ConversionError)
    /// One clickable rectangle; a link over several line fragments comes as several calls.
    func addLink(_ rect: Rect, to target: LinkTarget)
    /// A named destination at an exact point (not just the page top).
    func addDestination(named name: String, at point: Point)
    /// Opens a structure element of `role` for node `node` inside the open ones; a Link
    /// element also gets its clickable area. Everything drawn until the matching
    /// `endStructure` is its content. Elements nest like the calls.
    func beginStructure(_ role: StructureRole, node: StructureID, link: (rect: Rect, target: LinkTarget)?)
    func endStructure(_ role: StructureRole)
    /// Adds a bookmark under `parent` (an id this method returned before; nil = top
    /// level) and returns the new entry's id. Called after all pages.
    func addOutlineEntry(_ entry: OutlineEntry, parent: Int?) -> Int
}

extension Canvas {
    /// Runs `body` between `beginPage` and `endPage`, then checks the backend's status,
    /// so a page can never stay open, whichever way `body` leaves.
    func withPage(size: Size, _ body: () throws(ConversionError) -> Void) throws(ConversionError) {
        beginPage(size: size)
        do {
            defer { endPage() }
            try body()
        }
        try checkStatus()
    }
}
