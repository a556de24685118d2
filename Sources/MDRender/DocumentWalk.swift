import MDCore
import MDPage

/// The single walk over a document's pages shared by every canvas: pages in order (each
/// dropped once drawn when the source streams them), items in painting order, then the
/// outline.
enum DocumentWalk {
    /// How often drawing gives free memory back (`Allocator.returnFreeMemory`, about 1 ms).
    static let pagesBetweenTrims = 32

    /// Layout names each destination once (cairo 1.16 would keep a name twice in its name
    /// tree, and readers would pick either).
    /// `prefetch` is given the images that became known before each page is drawn;
    /// `laidOut` is called once, when layout has set the last page (`isLaidOut`), or
    /// after the last page is drawn.
    static func draw(_ pages: inout some PageSource, on canvas: some Canvas,
                     prefetch: ([ImageSource]) -> Void = { _ in }, laidOut: () -> Void = {}) throws(ConversionError) {
        var structure = pages.isTagged ? StructureWalk() : nil
        var drawn = 0
        var toldLaidOut = false
        defer { if !toldLaidOut { laidOut() } }
        while let page = pages.nextPage() {
            drawn += 1
            if !toldLaidOut && pages.isLaidOut {
                toldLaidOut = true
                laidOut()
            }
            // The parsed document is freed as styling takes its blocks, and the drawing's
            // memory page by page, but glibc keeps freed memory resident inside its heaps:
            // the parse's high-water mark stayed under everything after it (the Rust book
            // twice over: 36 MB of main heap at the end of drawing, 108 MB peak; with a
            // trim every 32 pages, 99 MB, at no measurable cost in time). jemalloc gives
            // idle pages back itself (`Allocator.keepsFreedMemory`).
            if drawn.isMultiple(of: Self.pagesBetweenTrims) && Allocator.keepsFreedMemory { Allocator.returnFreeMemory() }
            prefetch(pages.newImages())
            try canvas.withPage(size: page.size) { () throws(ConversionError) in
                if structure != nil, let excerpt = page.structure {
                    try structure!.draw(page.items, structure: excerpt, on: canvas)
                } else {
                    for (item, transform) in FlatItems.of(page.items) { try draw(item, through: transform, on: canvas) }
                }
            }
        }
        addOutline(pages.outline, to: canvas)
        try canvas.checkStatus()
    }

    static func draw(_ item: PageItem, on canvas: some Canvas) throws(ConversionError) {
        switch item {
        case .glyphs(let run): try canvas.drawGlyphs(run)
        case .shape(let shape): canvas.drawShape(shape)
        case .image(let image): try canvas.drawImage(image)
        case .link(let rect, let target, _): canvas.addLink(rect, to: target)
        case .destination(let name, let point): canvas.addDestination(named: name, at: point)
        case .group:
            for (inner, transform) in FlatItems.of([item]) { try draw(inner, through: transform, on: canvas) }
        }
    }

    /// Draws `item` through `transform` when there is one.
    static func draw(_ item: PageItem, through transform: Transform?, on canvas: some Canvas) throws(ConversionError) {
        guard let transform else { return try draw(item, on: canvas) }
        canvas.pushTransform(transform)
        defer { canvas.popTransform() }
        try draw(item, on: canvas)
    }

    /// Nests entries by `level` with an explicit stack of open ancestors, so depth costs
    /// no recursion. A level may skip (1 then 3): the entry nests under the nearest
    /// shallower one. Levels below 1 count as 1.
    static func addOutline(_ entries: [OutlineEntry], to canvas: some Canvas) {
        var ancestors: [(level: Int, id: Int)] = []
        for entry in entries {
            let level = max(entry.level, 1)
            while let last = ancestors.last, last.level >= level { ancestors.removeLast() }
            let id = canvas.addOutlineEntry(entry, parent: ancestors.last?.id)
            ancestors.append((level, id))
        }
    }
}
