import MDCore
import MDPage
import MDStyle
import MDText

/// The result of layout: the pages to render and, per page, the line fragments (for
/// dumps and debugging).
public struct LayoutResult: Sendable {
    public var document: PagedDocument
    public var fragments: [[LineFragment]]
}

/// The layout stage: styled blocks → line fragments → pages of positioned items.
public enum DocumentLayout {
    /// Lays out `document`. Page numbers in a table of contents are drawn after
    /// pagination, in a column sized for three digits, so one pass is enough; a
    /// document of 1000 pages or more is laid out again with a wider column.
    public static func layout(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                              breaker: LineBreaker = FirstFitBreaker(), outlineDepth: Int = 3, outlineOpenLevels: Int = 1,
                              debug: Bool = false) -> LayoutResult {
        let env = LayoutEnvironment(text: text, breaker: breaker, diagnostics: diagnostics,
                                    language: document.metadata.language)
        env.debug = debug
        env.pageBodyHeight = document.page.body.height
        env.bodyWidth = document.page.body.width
        let outline = OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels)
        var result = pass(document, env: env, outline: outline)
        let digits = String(result.layout.document.pages.count).count
        if result.usesPageNumbers, digits > env.pageNumberDigits {
            env.pageNumberDigits = digits
            result = pass(document, env: env, outline: outline)
        }
        return result.layout
    }

    struct OutlineSettings {
        var depth: Int
        var openLevels: Int
    }

    /// One layout of the whole document, and the page (1-based) each destination landed on.
    static func pass(_ document: StyledDocument, env: LayoutEnvironment, outline settings: OutlineSettings)
        -> (layout: LayoutResult, usesPageNumbers: Bool) {
        let body = document.page.body
        env.structure = StructureTree()
        let flow = FlowBuilder(env: env)
        flow.build(document.blocks, x: body.minX, width: body.width)
        var boxes = flow.boxes
        var (notes, noteRule) = footnoteBoxes(document.pageFootnotes, env: env, body: body)
        dropDanglingLinks(&boxes, &notes, diagnostics: env.diagnostics)

        var paginator = Paginator(body: body, boxes: boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
        let contents = paginator.paginate()
        boxes = paginator.boxes
        // Where each destination landed, for the page numbers of the contents.
        var anchorPages: [String: Int] = [:]
        for (n, content) in contents.enumerated() {
            for p in content.placements { for a in boxes[p.box].anchors where anchorPages[a.name] == nil { anchorPages[a.name] = n + 1 } }
            for b in content.notes { for a in b.anchors where anchorPages[a.name] == nil { anchorPages[a.name] = n + 1 } }
        }
        let lineBuilder = LineBuilder(env: env)
        var usesPageNumbers = false
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        var outline: [OutlineEntry] = []
        let running = RunningTextLayout(env: env, setup: document.page)
        var section = ""
        for (n, content) in contents.enumerated() {
            var items = paginator.items(for: content) { box, top in
                box.pageNumberSlots.flatMap { slot -> [PageItem] in
                    guard let page = anchorPages[slot.destination] else { return [] }
                    return TableOfContentsLayout.numberItems(slot, page: page, top: top, lines: lineBuilder)
                }
            }
            var frags: [LineFragment] = []
            var anchors: [(Anchor, Points)] = []
            for p in content.placements {
                let b = boxes[p.box]
                frags += b.fragments.map { $0.offsetBy(dy: p.top) }
                anchors += b.anchors.map { ($0, p.top) }
                if !b.pageNumberSlots.isEmpty { usesPageNumbers = true }
            }
            let area = paginator.noteItems(content.notes)
            frags += area.fragments
            anchors += area.anchors
            for (a, top) in anchors {
                items.append(.destination(name: a.name, at: Point(x: a.x, y: top + a.y)))
                if let o = a.outline, o.level <= settings.depth {
                    outline.append(OutlineEntry(title: o.title, level: o.level, destination: a.name, open: o.level <= settings.openLevels))
                }
                if let o = a.outline, o.level <= document.page.sectionLevel { section = o.title }
            }
            items += running.items(page: n + 1, of: contents.count, section: section)
            if env.debug { items += DebugOverlay.items(for: frags) }
            pages.append(Page(size: document.page.size, items: items))
            fragments.append(frags)
        }
        let m = document.metadata
        let meta = DocumentMetadata(title: m.title, author: m.author, subject: m.subject, keywords: m.keywords, language: m.language)
        return (LayoutResult(document: PagedDocument(pages: pages, metadata: meta, outline: outline, structure: env.structure), fragments: fragments), usesPageNumbers)
    }

    /// Lays out each page footnote on its own (body width) and the rule above them.
    static func footnoteBoxes(_ notes: PageFootnotes?, env: LayoutEnvironment, body: Rect) -> ([Int: [FlowBox]], FlowBox?) {
        guard let notes else { return ([:], nil) }
        var out: [Int: [FlowBox]] = [:]
        for (number, blocks) in notes.notes.sorted(by: { $0.key < $1.key }) {
            let flow = FlowBuilder(env: env)
            flow.build(blocks, x: body.minX, width: body.width, under: env.structure.add(.note, under: StructureTree.root))
            out[number] = flow.boxes
        }
        let r = notes.rule
        let w = body.width * r.widthFraction
        var rule = FlowBox(height: r.thickness, gapBefore: r.spaceBefore,
                           items: [.shape(DecorationGeometry.solid(body.minX, body.minX + w, r.thickness / 2, r.thickness, r.color))])
        rule.gapAfter = r.spaceAfter
        return (out, rule)
    }

    /// Internal links must point at a destination that exists; others are reported and
    /// left unclickable (the text keeps the link color).
    static func dropDanglingLinks(_ boxes: inout [FlowBox], _ notes: inout [Int: [FlowBox]], diagnostics: DiagnosticSink) {
        var names = Set<String>()
        var folded: [String: String] = [:]
        for b in boxes + notes.values.flatMap({ $0 }) {
            for a in b.anchors {
                names.insert(a.name)
                if folded[a.name.lowercased()] == nil { folded[a.name.lowercased()] = a.name }
            }
        }
        func check(_ box: inout FlowBox) {
            let paragraphStart = box.fragments.first?.source.start
            // As on GitHub, an anchor that differs only in case still finds its heading.
            for k in box.items.indices {
                if case .link(let rect, .internalDestination(let name), let node) = box.items[k], !names.contains(name),
                   let match = folded[name.lowercased()] {
                    box.items[k] = .link(rect: rect, target: .internalDestination(match), structure: node)
                }
            }
            box.items.removeAll { item in
                guard case .link(_, .internalDestination(let name), _) = item, !names.contains(name) else { return false }
                let at = box.linkSources[name] ?? paragraphStart
                diagnostics.warnOnce(key: "anchor:\(name)", "link to '#\(name)' matches no heading or anchor; it is not clickable",
                                     at: at, hint: "anchors follow GitHub's rules: lowercase, spaces become hyphens, punctuation is dropped")
                return true
            }
        }
        for i in boxes.indices { check(&boxes[i]) }
        for key in notes.keys.sorted() {
            for i in notes[key]!.indices { check(&notes[key]![i]) }
        }
    }
}
