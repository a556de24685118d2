import MDCore
import MDPage

/// Draws a page's items inside the structure elements they point at, for a tagged PDF.
///
/// Artifacts (items that point at no element: decorations, headers, footers) are drawn
/// first, outside every element, so no element's content includes them; they paint
/// behind the text and images, which is where every one of them belongs. Then the
/// structured items are drawn in order: before each, the open elements that are not its
/// ancestors are closed and its missing ancestors opened, so elements nest as the tree
/// says and children follow reading order. A Link element opens with its clickable
/// area, once; a link area whose element has no content on the page (an image link, a
/// contents row) is opened and closed on its own at the end. All elements close at the
/// page's end; an element with content on several pages is opened again on each (the
/// renderer records which, so the parts can be joined afterwards).
struct StructureWalk {
    /// Spans are elements of no node: each gets a number of its own below zero, so the
    /// repair pass never joins two of them.
    private var spans = 0

    /// `tree` holds every node `pageItems` point at, with its ancestors. A node's
    /// children are all made before its content is drawn (layout builds a block whole
    /// before paginating it), so whether it has children is known here.
    mutating func draw(_ pageItems: [PageItem], structure tree: StructureExcerpt, on canvas: some Canvas) throws(ConversionError) {
        let flat = FlatItems.of(pageItems)
        var areas: [StructureID: [(rect: Rect, target: LinkTarget)]] = [:]
        for (item, transform) in flat {
            switch item {
            case .link(let rect, let target, let node?): areas[node, default: []].append((rect, target))
            case .glyphs(let run) where run.structure == nil: try DocumentWalk.draw(item, through: transform, on: canvas)
            case .image(let image) where image.structure == nil: try DocumentWalk.draw(item, through: transform, on: canvas)
            case .link(_, _, nil), .shape, .destination: try DocumentWalk.draw(item, through: transform, on: canvas)
            default: break
            }
        }
        var open: [StructureID] = []
        var spanOpen = false
        var spans = self.spans
        defer { self.spans = spans }
        func enter(_ node: StructureID) {
            let needsSpan = tree[node].hasChildren
            // Runs of one line and lines of one paragraph follow each other: nothing to do.
            if open.last == node, spanOpen == needsSpan { return }
            if spanOpen { canvas.endStructure(.span); spanOpen = false }
            if open.last == node, needsSpan { openSpan(); return }
            let path = tree.path(to: node)
            var common = 0
            while common < open.count, common < path.count, open[common] == path[common] { common += 1 }
            while open.count > common { canvas.endStructure(tree[open.removeLast()].role) }
            for n in path[common...] {
                let role = tree[n].role
                var link: (rect: Rect, target: LinkTarget)?
                if role == .link, var list = areas[n], !list.isEmpty {
                    link = list.removeFirst()
                    areas[n] = list
                }
                canvas.beginStructure(role, node: n, link: link)
                open.append(n)
            }
            if needsSpan { openSpan() }
        }
        func openSpan() {
            spans += 1
            canvas.beginStructure(.span, node: StructureID(-spans), link: nil)
            spanOpen = true
        }
        func leaveAll() {
            if spanOpen { canvas.endStructure(.span); spanOpen = false }
            while let n = open.popLast() { canvas.endStructure(tree[n].role) }
        }

        for (item, transform) in flat {
            switch item {
            case .glyphs(let run):
                guard let node = run.structure else { continue }
                enter(node)
            case .image(let image):
                guard let node = image.structure else { continue }
                enter(node)
            default: continue
            }
            try DocumentWalk.draw(item, through: transform, on: canvas)
        }
        // Link areas with no content of their own on this page, in page order.
        for (item, _) in flat {
            guard case .link(_, _, let node?) = item, areas[node]?.isEmpty == false else { continue }
            enter(node)
            leaveAll()
        }
        leaveAll()
    }
}
