import MDCore
import MDPage

/// A box placed on a page: its index in the flow and its top edge in page space.
struct Placement {
    var box: Int
    var top: Points
}

/// What one page holds: flow boxes, and the footnote boxes at its bottom.
struct PageContent {
    var placements: [Placement] = []
    /// Footnote boxes in the order they stack up from the footnote rule.
    var notes: [FlowBox] = []
    /// The next flow box to place after this page.
    var next = 0
    /// Footnote boxes that did not fit, continued at the bottom of the next page.
    var carry: [FlowBox] = []
    /// The notes this page starts (at its bottom, or carried on from it).
    var noteNumbers = Set<Int>()
    /// A table row split at this page's bottom: its part on this page (placed as box
    /// `index`) and the rest, which pagination inserts after it.
    var split: (index: Int, head: FlowBox, tail: FlowBox)?
}

/// Flows boxes into pages. A box goes on the current page when it fits above the body's
/// bottom, less the bottom padding of the containers it is in (so a box split across
/// pages is closed on both parts) and less the footnotes referenced so far on the page;
/// otherwise the page breaks before the latest box that allows it (widow/orphan and
/// keep-with-next rules), and the page is filled again up to there. A table row taller
/// than a page is split between its cells' lines instead, its rest continuing on the
/// next page under the repeated header; pagination inserts the rest into `boxes`.
struct Paginator {
    let body: Rect
    private(set) var boxes: FlowBoxes
    private(set) var containers: [ContainerInfo]
    /// First and last box of each container in the whole flow.
    private(set) var extent: [Int: (first: Int, last: Int)]
    /// Boxes drawn again under a page break (table header rows).
    private var repeatedHeaders = Set<Int>()
    /// Footnote boxes by note number, and the rule above them.
    private(set) var notes: [Int: [FlowBox]]
    let noteRule: FlowBox?

    init(body: Rect, boxes: [FlowBox] = [], containers: [ContainerInfo] = [], notes: [Int: [FlowBox]] = [:],
         noteRule: FlowBox? = nil) {
        self.body = body; self.boxes = FlowBoxes(); self.containers = containers; self.notes = notes; self.noteRule = noteRule
        extent = [:]
        append(boxes, containers: containers)
    }

    /// Adds boxes at the end of the flow (layout builds it block by block while pages
    /// are drawn), with the flow's containers so far. A box's `repeatsHeader` counts
    /// within `more`, as the builder numbered it.
    mutating func append(_ more: [FlowBox], containers: [ContainerInfo]) {
        // Only the containers opened since (the builder only adds to its list): taking its
        // whole array shared the builder's storage, so each container it opened next
        // copied every one before (1.4 % of the layout thread's instructions on the Rust
        // book's chapters 1–14).
        if containers.count > self.containers.count { self.containers += containers[self.containers.count...] }
        let offset = boxes.count
        for var b in more {
            if let h = b.repeatsHeader {
                b.repeatsHeader = h + offset
                repeatedHeaders.insert(h + offset)
                boxes.pin(h + offset)
            }
            for c in b.containers { extent[c] = (extent[c]?.first ?? boxes.count, boxes.count) }
            boxes.append(b)
        }
    }

    /// Where pagination stands: the next box to place, footnotes carried over, and the
    /// notes already set (a note is set once, on the page of its first reference; a
    /// second reference, on the same page or a later one, links to it).
    struct Cursor {
        var next = 0
        var carry: [FlowBox] = []
        var placed = Set<Int>()
    }

    /// Adds the boxes of footnote `number`, laid out when the flow first referenced it.
    mutating func addNote(_ number: Int, boxes: [FlowBox]) { notes[number] = boxes }

    /// Whether box `index` is drawn again on later pages (a repeated table header).
    func isRepeatedHeader(_ index: Int) -> Bool { repeatedHeaders.contains(index) }

    /// Whether the boxes from `start` on, with their gaps, are taller than `height` and
    /// at least one more box follows them.
    func hasFlow(from start: Int, filling height: Points) -> Bool {
        var sum = Points.zero
        var k = start
        while k < boxes.count {
            sum += boxes.read(k) { $0.gapBefore + $0.height }
            k += 1
            if sum > height { return k < boxes.count }
        }
        return false
    }

    /// Whether boxes or carried footnotes remain to be placed after `cursor`.
    func hasMore(after cursor: Cursor) -> Bool { cursor.next < boxes.count || !cursor.carry.isEmpty }

    mutating func paginate() -> [PageContent] {
        var pages: [PageContent] = []
        var cursor = Cursor()
        repeat { pages.append(nextPage(&cursor)) } while hasMore(after: cursor)
        return pages
    }

    /// The page starting at `cursor`, which moves past it. Every box the page could take
    /// (and the one after it) must be in the flow already.
    mutating func nextPage(_ cursor: inout Cursor) -> PageContent {
        let i = cursor.next, carry = cursor.carry, placed = cursor.placed
        var page = fill(from: i, carry: carry, limit: boxes.count, placed: placed)
        if let split = page.split {
            insertSplit(split)
            page.next = split.index + 1
        } else if page.next < boxes.count, page.next > i {
            // Stopped at a box that did not fit: break before the latest box that allows it.
            var j = page.next
            while j > i, boxes.read(j, { $0.breakBefore }) == .avoid { j -= 1 }
            if j > i, j < page.next { page = fill(from: i, carry: carry, limit: j, placed: placed) }
        }
        cursor = Cursor(next: page.next, carry: page.carry, placed: placed.union(page.noteNumbers))
        return page
    }

    /// Drops what boxes hold for drawing (items, line fragments, row parts) once their
    /// page is assembled; their heights and containers stay for the pages after them.
    mutating func free(_ indices: [Int]) {
        for i in indices {
            boxes[i].items = []
            boxes[i].fragments = []
            boxes[i].rowParts = nil
        }
    }

    /// Lets go of the boxes before `index` (pagination is past them and their pages are
    /// drawn), but for the pinned ones.
    mutating func dropBoxes(before index: Int) { boxes.dropBoxes(before: index) }

    /// Keeps boxes that are looked at again after the boxes around them are dropped
    /// (a page held back), until `unpin`.
    mutating func pin(_ indices: [Int]) { for i in indices { boxes.pin(i) } }
    mutating func unpin(_ indices: [Int]) { for i in indices where !repeatedHeaders.contains(i) { boxes.unpin(i) } }

    /// Replaces box `index` by its part on the page and inserts the rest right after it;
    /// indices past it (container extents, repeated headers) move up by one.
    private mutating func insertSplit(_ split: (index: Int, head: FlowBox, tail: FlowBox)) {
        let i = split.index
        boxes[i] = split.head
        boxes.insert(split.tail, at: i + 1)
        for k in boxes.storedIndices where k > i + 1 {
            if let h = boxes.read(k, { $0.repeatsHeader }), h > i { boxes[k].repeatsHeader = h + 1 }
        }
        repeatedHeaders = Set(repeatedHeaders.map { $0 > i ? $0 + 1 : $0 })
        for (c, e) in extent {
            extent[c] = (e.first > i ? e.first + 1 : e.first, e.last >= i ? e.last + 1 : e.last)
        }
    }

    /// Places boxes `start..<limit` on one page while they fit (at least one), with the
    /// footnotes they reference that no earlier page (`placed`) or box has.
    func fill(from start: Int, carry: [FlowBox], limit: Int, placed: Set<Int>) -> PageContent {
        var page = PageContent()
        page.next = start
        var area = carry
        var y = body.minY
        var placedFlow = false
        /// Whether a box with height is on the page: a chapter's start (a box of no
        /// height) at the top leaves the next box at the top too.
        var placedContent = false
        if start < limit, start > 0, let h = boxes.read(start, { $0.repeatsHeader }) {
            // A table continued from the previous page starts with its header again.
            let top = body.minY + padTop(boxes.read(h) { $0.containers }[...])
            page.placements.append(Placement(box: h, top: top))
            y = top + boxes.read(h) { $0.height }
            placedContent = true
        }
        var i = start
        while i < limit {
            let b = boxes[i]
            if b.breakBefore == .page, placedContent { break }
            let prev = page.placements.last.map { p in boxes.read(p.box) { $0.containers } } ?? []
            let entering = b.containers[commonPrefix(prev, b.containers)...]
            let top = y + (placedContent ? b.gapBefore : b.inkAbove) + padTop(entering)
            let bottom = top + b.height + max(padBottom(b.containers[...]), b.inkBelow)
            let newNotes = b.footnotes.filter { !placed.contains($0) && !page.noteNumbers.contains($0) }
            let wanted = newNotes.flatMap { notes[$0] ?? [] }
            let fitsWithNotes = bottom <= body.maxY - areaHeight(area + wanted) + Points(0.01)
            let fitsWithFirstNote = wanted.isEmpty ? fitsWithNotes
                : bottom <= body.maxY - areaHeight(area + [wanted[0]]) + Points(0.01)
            if !fitsWithNotes && !fitsWithFirstNote, let parts = b.rowParts,
               let split = splitRow(parts, box: b, top: top, area: area, pageHasFlow: placedFlow) {
                page.placements.append(Placement(box: i, top: top))
                page.split = (i, split.head, split.tail)
                let newHere = split.head.footnotes.filter { !placed.contains($0) && !page.noteNumbers.contains($0) }
                page.noteNumbers.formUnion(newHere)
                let wantedHere = newHere.flatMap { notes[$0] ?? [] }
                for (k, nb) in wantedHere.enumerated() {
                    if top + split.head.height <= body.maxY - areaHeight(area + [nb]) + Points(0.01) {
                        area.append(nb)
                    } else {
                        page.carry += wantedHere[k...]
                        break
                    }
                }
                i += 1
                break
            }
            guard placedFlow == false || fitsWithNotes || fitsWithFirstNote else { break }
            page.placements.append(Placement(box: i, top: top))
            page.noteNumbers.formUnion(newNotes)
            placedFlow = true
            if b.height > .zero { placedContent = true }
            let next = i + 1 < boxes.count ? boxes.read(i + 1) { $0.containers } : []
            y = top + b.height + padBottom(b.containers[commonPrefix(b.containers, next)...])
            // The referenced notes go at this page's bottom as far as they fit; the rest continues.
            for (k, nb) in wanted.enumerated() {
                if bottom <= body.maxY - areaHeight(area + [nb]) + Points(0.01) {
                    area.append(nb)
                } else {
                    page.carry += wanted[k...]
                    break
                }
            }
            i += 1
            if !fitsWithNotes && !fitsWithFirstNote { break }  // forced onto an empty page: nothing else fits
        }
        // Notes carried from earlier pages that still do not fit move on again.
        var height = areaHeight(area)
        while height > body.height * 0.9, area.count > 1, !carry.isEmpty || !page.carry.isEmpty {
            page.carry.insert(area.removeLast(), at: 0)
            height = areaHeight(area)
        }
        page.notes = area
        page.next = i
        return page
    }

    /// The part of a table row that fits below `top` and the rest, when the row should
    /// split here: it is taller than an empty page (under its repeated header), and
    /// enough of it fits on this page (or this page is empty). nil moves the row whole.
    private func splitRow(_ parts: TableRowParts, box: FlowBox, top: Points, area: [FlowBox], pageHasFlow: Bool)
        -> (head: FlowBox, tail: FlowBox)? {
        let header = box.repeatsHeader.map { h in boxes.read(h) { $0.height } } ?? .zero
        let emptyPage = body.height - header - padTop(box.containers[...]) - padBottom(box.containers[...])
        guard box.height > emptyPage - Points(0.01) else { return nil }
        let room = body.maxY - areaHeight(area) - padBottom(box.containers[...]) - top
        guard let (head, tail) = parts.split(fitting: room, force: !pageHasFlow) else { return nil }
        var h = head.box(), t = tail.box()
        h.breakBefore = box.breakBefore
        h.repeatsHeader = box.repeatsHeader
        h.gapBefore = box.gapBefore
        h.containers = box.containers
        t.repeatsHeader = box.repeatsHeader
        t.containers = box.containers
        return (h, t)
    }

    /// Height of a footnote area holding `boxes`: the gap and rule above them, then the
    /// boxes with their own spacing. Zero when there are none.
    func areaHeight(_ noteBoxes: [FlowBox]) -> Points {
        guard !noteBoxes.isEmpty, let rule = noteRule else { return .zero }
        var h = rule.gapBefore + rule.height
        for (k, b) in noteBoxes.enumerated() { h += b.height + (k == 0 ? rule.gapAfter : b.gapBefore) }
        return h
    }

    /// The footnote area's items: the rule, then the notes, stacked up to the body's bottom.
    func noteItems(_ noteBoxes: [FlowBox]) -> (items: [PageItem], fragments: [LineFragment], anchors: [(Anchor, Points)]) {
        guard let rule = noteRule, !noteBoxes.isEmpty else { return ([], [], []) }
        var y = body.maxY - areaHeight(noteBoxes) + rule.gapBefore
        var items = rule.items.map { $0.offsetBy(dy: y) }
        var fragments: [LineFragment] = []
        var anchors: [(Anchor, Points)] = []
        y += rule.height
        for (k, b) in noteBoxes.enumerated() {
            y += k == 0 ? rule.gapAfter : b.gapBefore
            items += b.items.map { $0.offsetBy(dy: y) }
            fragments += b.fragments.map { $0.offsetBy(dy: y) }
            anchors += b.anchors.map { ($0, y) }
            y += b.height
        }
        return (items, fragments, anchors)
    }

    /// Items of one page: container parts first (behind), then each box's items, then
    /// the footnote area.
    /// `extra` adds items that belong to a box but are known only now (page numbers),
    /// right after the box's own, so text extraction reads them in place.
    ///
    /// The items of the boxes placed are moved out of them, not copied: the page is the
    /// last to show those boxes (`free` follows), and a glyph run moved down in place
    /// keeps its glyphs where they are, where a copy reallocated them all. A repeated
    /// table header, which other pages show too, is copied.
    mutating func takeItems(for page: PageContent, extra: (borrowing FlowBox, Points) -> [PageItem] = { _, _ in [] }) -> [PageItem] {
        var out = containerParts(page.placements)
        for p in page.placements {
            if isRepeatedHeader(p.box) {
                out += boxes.read(p.box) { $0.items }.map { $0.offsetBy(dy: p.top) }
            } else {
                var taken: [PageItem] = []
                swap(&taken, &boxes[p.box].items)
                for i in taken.indices { taken[i].offset(dy: p.top) }
                out += taken
            }
            out += boxes.read(p.box) { extra($0, p.top) }
        }
        out += noteItems(page.notes).items
        return out
    }

    /// One background/border/bar per container per page, spanning its boxes on the page
    /// plus the paddings that pagination reserved for it and for the containers inside it.
    /// Where a part meets a page break and the container is open there, that edge is
    /// left out and its corners are square.
    func containerParts(_ placements: [Placement]) -> [PageItem] {
        var spans: [Int: (top: Points, bottom: Points, first: Int, last: Int)] = [:]
        for p in placements {
            let b = boxes[p.box]
            for (k, c) in b.containers.enumerated() {
                let inner = b.containers[k...]
                let top = p.top - padTop(inner), bottom = p.top + b.height + padBottom(inner)
                if let s = spans[c] {
                    spans[c] = (min(s.top, top), max(s.bottom, bottom), min(s.first, p.box), max(s.last, p.box))
                } else {
                    spans[c] = (top, bottom, p.box, p.box)
                }
            }
        }
        var out: [PageItem] = []
        for c in spans.keys.sorted() {
            let info = containers[c], s = spans[c]!
            let continuesFromBefore = s.first > extent[c]!.first
            let continuesAfter = s.last < extent[c]!.last
            let openTop = info.openAtPageBreaks && continuesFromBefore
            let openBottom = info.openAtPageBreaks && continuesAfter
            let rect = Rect(x: info.x, y: s.top, width: info.width, height: s.bottom - s.top)
            if info.background != nil || info.border != nil {
                out += ContainerShapes.box(rect, info: info, openTop: openTop, openBottom: openBottom)
            }
            if let bar = info.bar {
                let r = openTop || openBottom ? Points.zero : info.barWidth / 2
                out.append(.shape(Shape(.rect(Rect(x: info.x, y: s.top, width: info.barWidth, height: s.bottom - s.top),
                                              cornerRadius: r), fill: bar)))
            }
        }
        return out
    }

    private func commonPrefix(_ a: [Int], _ b: [Int]) -> Int {
        var k = 0
        while k < a.count, k < b.count, a[k] == b[k] { k += 1 }
        return k
    }

    private func padTop(_ ids: ArraySlice<Int>) -> Points { ids.reduce(.zero) { $0 + containers[$1].padTop } }
    private func padBottom(_ ids: ArraySlice<Int>) -> Points { ids.reduce(.zero) { $0 + containers[$1].padBottom } }
}
