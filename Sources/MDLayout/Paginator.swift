import MDCore
import MDPage

/// A box placed on a page: its index in the flow and its top edge in page space.
struct Placement {
    var box: Int
    var top: Points
}

/// Flows boxes into pages. A box goes on the current page when it fits above the body's
/// bottom (less the bottom padding of the containers it is in, so a box split across
/// pages is closed on both parts); otherwise the page breaks before the latest box that
/// allows it (widow/orphan and keep-with-next rules), and those boxes move on.
struct Paginator {
    let body: Rect
    let boxes: [FlowBox]
    let containers: [ContainerInfo]
    /// First and last box of each container in the whole flow.
    let extent: [Int: (first: Int, last: Int)]

    init(body: Rect, boxes: [FlowBox], containers: [ContainerInfo]) {
        self.body = body; self.boxes = boxes; self.containers = containers
        var e: [Int: (first: Int, last: Int)] = [:]
        for (i, b) in boxes.enumerated() {
            for c in b.containers { e[c] = (e[c]?.first ?? i, i) }
        }
        extent = e
    }

    func paginate() -> [[Placement]] {
        var pages: [[Placement]] = []
        var current: [Placement] = []
        /// The first box of the flow placed on this page (repeated headers aside).
        var pageFirst: Int?
        var y = body.minY
        var i = 0
        while i < boxes.count {
            let b = boxes[i]
            if current.isEmpty, let h = b.repeatsHeader, !pages.isEmpty {
                // A table continued from the previous page starts with its header again.
                let top = body.minY + padTop(boxes[h].containers[...])
                current.append(Placement(box: h, top: top))
                y = top + boxes[h].height
            }
            let atTop = pageFirst == nil
            let prev = current.last.map { boxes[$0.box].containers } ?? []
            let entering = b.containers[commonPrefix(prev, b.containers)...]
            let top = y + (current.isEmpty ? .zero : b.gapBefore) + padTop(entering)
            let reserve = padBottom(b.containers[...])
            if atTop || top + b.height + reserve <= body.maxY + Points(0.01) {
                current.append(Placement(box: i, top: top))
                if pageFirst == nil { pageFirst = i }
                let next = i + 1 < boxes.count ? boxes[i + 1].containers : []
                y = top + b.height + padBottom(b.containers[commonPrefix(b.containers, next)...])
                i += 1
                continue
            }
            // Break: go back to the latest box that allows a break before it.
            let first = pageFirst!
            var j = i
            while j > first, boxes[j].breakBefore == .avoid { j -= 1 }
            if j == first { j = i }
            current.removeAll { $0.box >= j }
            pages.append(current)
            current = []
            pageFirst = nil
            y = body.minY
            i = j
        }
        if !current.isEmpty || pages.isEmpty { pages.append(current) }
        return pages
    }

    /// Items of one page: container parts first (behind), then each box's items.
    func items(for placements: [Placement]) -> [PageItem] {
        var out: [PageItem] = []
        out += containerParts(placements)
        for p in placements {
            out += boxes[p.box].items.map { $0.offsetBy(dy: p.top) }
        }
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
