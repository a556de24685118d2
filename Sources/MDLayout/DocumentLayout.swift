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
    /// Lays out `document` once: the flow is built, then paginated. Page numbers in a
    /// table of contents are drawn after pagination, in a column sized for three digits;
    /// a document of 1000 pages or more rebuilds only its contents with a wider column
    /// and paginates again (pagination is cheap next to shaping and line breaking).
    public static func layout(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                              outlineDepth: Int = 3, outlineOpenLevels: Int = 1,
                              debug: Bool = false) -> LayoutResult {
        let env = LayoutEnvironment(text: text, diagnostics: diagnostics,
                                    language: document.metadata.language)
        env.debug = debug
        env.pageBodyHeight = document.page.body.height
        env.bodyWidth = document.page.body.width
        let outline = OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels)
        let document = ScriptForms.resolve(InlineMath.measure(document, env: env), env: env)
        let body = document.page.body
        let flow = FlowBuilder(env: env)
        flow.build(document.blocks, x: body.minX, width: body.width)
        let (notes, noteRule) = footnoteBoxes(document.pageFootnotes, env: env, body: body)
        var paginator = Paginator(body: body, boxes: flow.boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
        var contents = paginator.paginate()
        let digits = String(contents.count).count
        if let toc = flow.contents, digits > env.pageNumberDigits {
            env.pageNumberDigits = digits
            var boxes = flow.boxes
            boxes.replaceSubrange(toc.boxes, with: flow.relayoutContents(toc))
            paginator = Paginator(body: body, boxes: boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
            contents = paginator.paginate()
        }
        return assemble(document, contents, paginator, env: env, outline: outline)
    }

    struct OutlineSettings {
        var depth: Int
        var openLevels: Int
    }

    /// The pages of paginated content: boxes at their places, footnote areas, contents
    /// page numbers (the page each destination landed on), destinations, the outline,
    /// headers and footers.
    static func assemble(_ document: StyledDocument, _ contents: [PageContent], _ paginator: Paginator,
                         env: LayoutEnvironment, outline settings: OutlineSettings) -> LayoutResult {
        let boxes = paginator.boxes
        // Where each destination landed, for the page numbers of the contents.
        var anchorPages: [String: Int] = [:]
        for (n, content) in contents.enumerated() {
            for p in content.placements { for a in boxes[p.box].anchors where anchorPages[a.name] == nil { anchorPages[a.name] = n + 1 } }
            for b in content.notes { for a in b.anchors where anchorPages[a.name] == nil { anchorPages[a.name] = n + 1 } }
        }
        let lineBuilder = LineBuilder(env: env)
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        var outline: [OutlineEntry] = []
        let running = RunningTextLayout(env: env, setup: document.page)
        var section = ""
        var destinations = Set<String>()
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
            }
            let area = paginator.noteItems(content.notes)
            frags += area.fragments
            anchors += area.anchors
            for (a, top) in anchors {
                // A name met again (an HTML anchor named like a heading, a header row
                // repeated on a later page) keeps its first place, as the first element
                // with an id does in a browser.
                if destinations.insert(a.name).inserted {
                    items.append(.destination(name: a.name, at: Point(x: a.x, y: top + a.y)))
                }
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
        return LayoutResult(document: PagedDocument(pages: pages, metadata: meta, outline: outline, structure: env.structure),
                            fragments: fragments)
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
}
