import MDCore
import MDPage
import MDStyle
import MDText

/// Walks the styled blocks and produces the flow: boxes with final x positions, the
/// containers drawn around them, and the anchors. Block spacing collapses (the gap
/// between two blocks is the larger of the two spaces). Recursion depth is bounded by
/// the parser's nesting cap.
final class FlowBuilder {
    let env: LayoutEnvironment
    let lines: LineBuilder
    private(set) var boxes: [FlowBox] = []
    private(set) var containers: [ContainerInfo] = []
    private var open: [Int] = []
    private var pendingSpace = Points.zero
    /// Set by a block that must stay on the page of the next one (a heading).
    var keepNext = false
    /// Set by a page break: the next box starts a page.
    private var breakNext = false
    /// Whether any box was added (boxes are handed out as they are built).
    private var addedAny = false
    /// The structure element new blocks go under (the document, a list body, a quote…).
    private(set) var parent = StructureTree.root
    /// The parents of the containers entered and not yet left, innermost last.
    private var enclosing: [StructureID] = []
    /// Where the (last) table of contents went, so it alone can be set again.
    private(set) var contents: ContentsPlacement?

    struct ContentsPlacement {
        var toc: StyledTOC
        var x: Points
        var width: Points
        var parent: StructureID
        /// Its boxes in `boxes`.
        var boxes: Range<Int>
    }

    /// The table of contents' boxes set again (with the environment's page-number
    /// width), in the place and containers of the first setting, whose first box was `old`.
    func relayoutContents(_ c: ContentsPlacement, firstBox old: FlowBox?) -> [FlowBox] {
        let again = FlowBuilder(env: env)
        again.build([.tableOfContents(c.toc)], x: c.x, width: c.width, under: c.parent)
        var out = again.boxes
        guard !out.isEmpty, let old else { return out }
        out[0].gapBefore = old.gapBefore
        out[0].breakBefore = old.breakBefore
        for i in out.indices { out[i].containers = old.containers }
        return out
    }

    init(env: LayoutEnvironment) {
        self.env = env
        self.lines = LineBuilder(env: env)
    }

    /// The flow built so far, handed over: the builder keeps no copy, so the new owner
    /// can change boxes in place (pagination frees each box once its page is drawn).
    func takeBoxes() -> [FlowBox] {
        defer { boxes = [] }
        return boxes
    }

    /// Appends a box inside the open containers, taking the pending block space.
    func add(_ box: FlowBox) {
        var b = fitted(box, containerPadding: open.reduce(.zero) { $0 + containers[$1].padTop + containers[$1].padBottom })
        b.gapBefore = max(pendingSpace, b.gapBefore)
        pendingSpace = .zero
        b.containers = open
        if keepNext { if b.breakBefore != .page { b.breakBefore = .avoid }; keepNext = false }
        if breakNext { b.breakBefore = .page; breakNext = false }
        addedAny = true
        boxes.append(b)
    }

    func space(_ s: Points) { pendingSpace = max(pendingSpace, s) }

    /// Lays out `blocks` with their structure elements under `parent` (the current one when nil).
    func build(_ blocks: [StyledBlock], x: Points, width: Points, under parent: StructureID? = nil) {
        let outer = self.parent
        if let parent { self.parent = parent }
        defer { self.parent = outer }
        for block in blocks {
            switch block {
            case .paragraph(let p): paragraph(p, x: x, width: width)
            case .container(let c): container(c, x: x, width: width)
            case .list(let l): list(l, x: x, width: width)
            case .table(let t): TableLayout(builder: self).layout(t, x: x, width: width)
            case .image(let i): image(i, x: x, width: width)
            case .rule(let r): rule(r, x: x, width: width)
            case .tableOfContents(let t):
                let first = boxes.count
                TableOfContentsLayout(builder: self).layout(t, x: x, width: width)
                contents = ContentsPlacement(toc: t, x: x, width: width, parent: self.parent, boxes: first..<boxes.count)
            case .tocPlaceholder: break
            case .math(let m): displayMath(m, x: x, width: width)
            case .pageBreak:
                // A break before anything is printed, or right after another, makes no page.
                breakNext = addedAny
                keepNext = false
            case .chapterStart(let c): chapterStart(c, x: x)
            }
        }
    }

    /// A new structure element under the current parent.
    func node(_ role: StructureRole, alt: String? = nil, source: SourceRange = .unknown) -> StructureID {
        env.structure.add(role, under: parent, alt: alt, source: source)
    }

    func paragraph(_ p: StyledParagraph, x: Points, width: Points) {
        let element = element(for: p)
        // A paragraph of megabytes is shaped and broken in pieces (see `LargeParagraphs`).
        let pieces = LargeParagraphs.pieces(p)
        for (i, piece) in pieces.enumerated() {
            paragraph(piece, x: x, width: width, element: element, continued: i < pieces.count - 1)
        }
    }

    /// The structure element a paragraph's text goes into, added under the current parent.
    func element(for p: StyledParagraph) -> StructureID {
        switch p.role {
        case .heading(let level, _, _): return node(.heading(level), source: p.source)
        // A code block's text belongs to its Code element directly.
        case .code: return env.structure[parent].role == .code ? parent : node(.code, source: p.source)
        case .body: return node(.paragraph, source: p.source)
        case .title: return node(.title, source: p.source)
        }
    }

    /// `continued`: more of the same paragraph follows, so its last line is set like any
    /// other (justified when the paragraph is).
    func paragraph(_ p: StyledParagraph, x: Points, width: Points, element: StructureID, continued: Bool) {
        let prepared = PreparedParagraph(p, env: env)
        var ls = lines.lines(prepared, x: x, width: width, structure: element, continued: continued)
        guard !ls.isEmpty else { return }
        ls[0].gapBefore = p.spaceBefore
        if case .heading(let level, let anchor, let title) = p.role, !anchor.isEmpty {
            // At the top of the text as a viewer shows it: the font's ascent can rise above a tight line box.
            let outlineLevel = p.outlineLevel ?? level
            ls[0].anchors.append(Anchor(name: anchor, x: x, y: -ls[0].inkAbove, outline: outlineLevel > 0 ? (title, outlineLevel) : nil))
            for i in 1..<ls.count { ls[i].breakBefore = .avoid }
        }
        for l in ls { add(l) }
        keepNext = p.keepWithNext
        space(p.spaceAfter)
    }

    /// A chapter's destinations and outline entries, in a box of no height that starts
    /// a new page when the chapter asks for one.
    func chapterStart(_ c: StyledChapterStart, x: Points) {
        var box = FlowBox(height: .zero, items: [])
        box.anchors = c.marks.map { Anchor(name: $0.anchor, x: x, y: .zero, outline: ($0.title, $0.level)) }
        if c.newPage { box.breakBefore = .page }
        keepNext = false
        add(box)
    }

    func container(_ c: StyledContainer, x: Points, width: Points) {
        let inner = enter(c, x: x, width: width)
        build(c.children, x: inner.x, width: inner.width)
        leave(c)
    }

    /// Opens `c`: its space before, its box (drawn around every box added until `leave`)
    /// and its structure element, which becomes the parent. Returns where its content goes.
    func enter(_ c: StyledContainer, x: Points, width: Points) -> (x: Points, width: Points) {
        space(c.spaceBefore)
        let id = containers.count
        containers.append(ContainerInfo(x: x, width: width, padTop: c.padding.top, padBottom: c.padding.bottom,
                                        background: c.background, border: c.border, borderWidth: c.borderWidth,
                                        cornerRadius: c.cornerRadius, bar: c.bar, barWidth: c.barWidth,
                                        openAtPageBreaks: c.openAtPageBreaks))
        open.append(id)
        let (left, right) = clampedInsets(c.padding.left, c.padding.right, width: width)
        let role: StructureRole
        switch c.kind {
        case .codeBlock: role = .code
        case .blockQuote: role = .blockQuote
        case .footnotes, .division, .alert: role = .division
        }
        enclosing.append(parent)
        parent = node(role)
        return (x + left, width - left - right)
    }

    /// Closes the container opened last (by `enter`).
    func leave(_ c: StyledContainer) {
        parent = enclosing.removeLast()
        open.removeLast()
        space(c.spaceAfter)
    }

    /// Insets that leave the content at least a quarter of the body wide: deeply nested
    /// quotes and lists stop indenting rather than push text past the right margin.
    func clampedInsets(_ left: Points, _ right: Points, width: Points) -> (Points, Points) {
        let room = width - env.bodyWidth * 0.25
        guard left + right > room else { return (left, right) }
        guard room > .zero else { return (.zero, .zero) }
        let k = room / (left + right)
        return (left * k, right * k)
    }

    // MARK: Lists

    func list(_ l: StyledList, x: Points, width: Points) {
        // Text markers are shaped on their own; the marker column fits the widest one.
        var widest = Points.zero
        var shapedMarkers: [Int: ShortText] = [:]
        for (i, item) in l.items.enumerated() {
            if case .text(let t) = item.marker {
                let marker = ShortText(t, env: env)
                shapedMarkers[i] = marker
                widest = max(widest, marker.width)
            }
        }
        let indent = clampedInsets(max(l.indent, widest + l.markerGap), .zero, width: width).0
        let markerRight = x + indent - l.markerGap
        let listNode = node(.list)
        for (i, item) in l.items.enumerated() {
            if i > 0 { space(l.itemSpacing) }
            let start = boxes.count
            let itemNode = env.structure.add(.listItem, under: listNode)
            // A text marker is the item's label; drawn shapes are artifacts.
            let label = shapedMarkers[i] == nil ? nil : env.structure.add(.label, under: itemNode)
            build(item.children, x: x + indent, width: width - indent,
                  under: env.structure.add(.listBody, under: itemNode))
            if boxes.count == start {
                // An empty item still gets a line (about one body line high), so its marker shows.
                var empty = FlowBox(height: l.indent * 0.9, firstBaseline: l.indent * 0.65)
                empty.firstXHeight = l.indent * 0.3
                add(empty)
            }
            guard let target = (start..<boxes.count).first(where: { boxes[$0].firstBaseline != nil }) else { continue }
            let baseline = boxes[target].firstBaseline!
            let xh = boxes[target].firstXHeight
            // Markers go before the line's own items, so text extraction reads "1. item".
            boxes[target].items.insert(contentsOf: markerItems(item.marker, shaped: shapedMarkers[i], right: markerRight,
                                                               baseline: baseline, xHeight: xh, structure: label), at: 0)
            if env.debug {
                boxes[target].items += DebugOverlay.markerColumn(left: x, right: markerRight, top: .zero,
                                                                 bottom: boxes[target].height)
            }
            if let anchor = item.anchor {
                boxes[target].anchors.append(Anchor(name: anchor, x: x, y: .zero, outline: nil))
            }
            if let link = item.markerLink {
                // The marker column beside the first line is clickable (a footnote's way back).
                let area = Rect(x: x, y: .zero, width: markerRight - x, height: boxes[target].fragments.first?.rect.height ?? baseline)
                boxes[target].items.append(.link(rect: area, target: link,
                                                 structure: env.structure.add(.link, under: label ?? itemNode)))
            }
        }
        space(l.spaceAfter)
    }

    /// The drawn marker beside an item's first line: right-aligned at `right`; shapes
    /// centered on the line's x-height, text on its baseline.
    func markerItems(_ m: ListMarker, shaped: ShortText?, right: Points,
                     baseline: Points, xHeight: Points, structure: StructureID? = nil) -> [PageItem] {
        let midY = baseline - xHeight / 2
        switch m {
        case .shape(let kind, let size, let color):
            let r = Rect(x: right - size, y: midY - size / 2, width: size, height: size)
            switch kind {
            case .disc: return [.shape(Shape(.ellipse(r), fill: color))]
            case .circle:
                let w = size * 0.16
                let inner = Rect(x: r.minX + w / 2, y: r.minY + w / 2, width: size - w, height: size - w)
                return [.shape(Shape(.ellipse(inner), stroke: Stroke(width: w, color: color)))]
            case .square: return [.shape(Shape(.rect(r, cornerRadius: .zero), fill: color))]
            case .dash:
                let t = size * 0.22
                return [.shape(Shape(.rect(Rect(x: right - size, y: midY - t / 2, width: size, height: t), cornerRadius: .zero), fill: color))]
            }
        case .text:
            guard let marker = shaped else { return [] }
            return marker.items(lines, originX: right - marker.width, baseline: baseline, structure: structure)
        case .checkbox(let checked, let size, let color, let checkColor):
            // The stroke is drawn inside the box's side, so the box measures `size` outside.
            let w = size * 0.09
            let r = Rect(x: right - size + w / 2, y: midY - size / 2 + w / 2, width: size - w, height: size - w)
            var items: [PageItem] = [.shape(Shape(.rect(r, cornerRadius: size * 0.15), stroke: Stroke(width: w, color: color)))]
            if checked {
                let pts = [Point(x: r.minX + size * 0.2, y: r.minY + size * 0.5),
                           Point(x: r.minX + size * 0.4, y: r.minY + size * 0.7),
                           Point(x: r.minX + size * 0.78, y: r.minY + size * 0.22)]
                items.append(.shape(Shape(.polyline(pts, closed: false), stroke: Stroke(width: size * 0.13, color: checkColor))))
            }
            return items
        }
    }

    // MARK: Images and rules

    func image(_ i: StyledImage, x: Points, width: Points) {
        let name = i.image.path.split(separator: "/").last ?? ""
        let size = i.image.naturalSize.requested(width: i.width, height: i.height, container: width)
        var w = size.width, h = size.height
        if w > width { h = h * (width / w); w = width }
        let maxH = env.pageBodyHeight * 0.95
        if h > maxH {
            env.diagnostics.warning("image '\(name)' is taller than the page body; it is scaled down to fit",
                                    at: i.source.start, hint: nil)
            w = w * (maxH / h); h = maxH
        }
        let left: Points
        switch i.alignment {
        case .center: left = x + (width - w) / 2
        case .right: left = x + width - w
        case .left, .justify: left = x
        }
        let rect = Rect(x: left, y: .zero, width: w, height: h)
        let figure = node(.figure, alt: i.alt, source: i.source)
        var items: [PageItem] = [.image(PlacedImage(source: i.image, rect: rect, structure: figure))]
        if let link = i.link {
            items.append(.link(rect: rect, target: link, structure: env.structure.add(.link, under: figure)))
        }
        let frag = LineFragment(rect: Rect(x: x, y: .zero, width: width, height: h), usedRect: rect, baseline: h,
                                range: 0..<0, text: "[image \(name)]", source: i.source)
        add(FlowBox(height: h, items: items, fragments: [frag], firstBaseline: h))
        space(i.spaceAfter)
    }

    /// A thematic break: solid, dashed or dotted (evenly laid out, centered) or a text
    /// ornament, `widthFraction` of the width, centered.
    func rule(_ r: StyledRule, x: Points, width: Points) {
        // A rule under a heading keeps the heading's hold on what follows.
        let keep = keepNext
        defer { if keep { keepNext = true } }
        space(r.spaceBefore)
        let w = width * r.widthFraction
        let x0 = x + (width - w) / 2, x1 = x0 + w
        switch r.style {
        case .text(let ornament):
            let prepared = PreparedParagraph(StyledParagraph(text: ornament, alignment: .center, lineHeight: 1.4, spaceBefore: .zero,
                                                             spaceAfter: .zero, baseFont: ornament.runs.first?.layout.font ?? FontSpec(families: []),
                                                             baseSize: ornament.runs.first?.layout.size ?? Points(10), source: .unknown), env: env)
            for var line in lines.lines(prepared, x: x, width: width) {
                line.firstBaseline = nil
                add(line)
            }
        default:
            let t = r.thickness
            let shape: Shape?
            switch r.style {
            case .dotted:
                shape = DecorationGeometry.dotted(x0: x0, x1: x1, y: t / 2, dot: t, spacing: t * 3, color: r.color)
            case .dashed:
                shape = DecorationGeometry.dashed(x0: x0, x1: x1, y: t / 2, width: t, dash: t * 6, gap: t * 4, color: r.color)
            default:
                shape = DecorationGeometry.solid(x0, x1, t / 2, t, r.color)
            }
            add(FlowBox(height: t, items: shape.map { [.shape($0)] } ?? []))
        }
        space(r.spaceAfter)
    }
}
