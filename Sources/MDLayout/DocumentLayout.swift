import MDCore
import MDPage
import MDStyle
import MDText

/// The result of layout: the pages to render and, per page, the line fragments (for
/// dumps and debugging).
public struct LayoutResult: Sendable {
    public var document: PagedDocument
    public var fragments: [[LineFragment]]
    public init(document: PagedDocument, fragments: [[LineFragment]]) {
        self.document = document; self.fragments = fragments
    }
}

/// The layout stage: styled blocks → line fragments → pages of positioned items.
public enum DocumentLayout {
    /// Every page at once, with its line fragments: for tests, dumps and line reports.
    /// The converter streams instead (`pages`), so a document's pages are never all in
    /// memory.
    public static func layout(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                              outlineDepth: Int = 3, outlineOpenLevels: Int = 1,
                              debug: Bool = false) -> LayoutResult {
        var stream = pages(document, text: text, diagnostics: diagnostics, outlineDepth: outlineDepth,
                           outlineOpenLevels: outlineOpenLevels, debug: debug)
        stream.keepsFragments = true
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        while let page = stream.nextPage() {
            pages.append(page)
            fragments.append(stream.lastFragments)
        }
        return LayoutResult(document: PagedDocument(pages: pages, metadata: stream.metadata, outline: stream.outline,
                                                    structure: stream.structure),
                            fragments: fragments)
    }

    /// Lays out `document` once: the flow is built, then paginated; the pages themselves
    /// are assembled one at a time as the returned stream hands them out. Page numbers in
    /// a table of contents are drawn then, from where pagination put each destination,
    /// in a column sized for three digits; a document of 1000 pages or more rebuilds only
    /// its contents with a wider column and paginates again (pagination is cheap next to
    /// shaping and line breaking).
    public static func pages(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                             outlineDepth: Int = 3, outlineOpenLevels: Int = 1,
                             debug: Bool = false) -> PageStream {
        let env = LayoutEnvironment(text: text, diagnostics: diagnostics,
                                    language: document.metadata.language)
        env.debug = debug
        env.pageBodyHeight = document.page.body.height
        env.bodyWidth = document.page.body.width
        let outline = PageStream.OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels)
        let document = InlineMath.measure(document, env: env)
        let body = document.page.body
        let flow = FlowBuilder(env: env)
        flow.build(document.blocks, x: body.minX, width: body.width)
        let (notes, noteRule) = footnoteBoxes(document.pageFootnotes, env: env, body: body)
        let contentsPlacement = flow.contents
        // The paginator takes the flow's only copy, so it can free each box once drawn.
        var boxes = flow.takeBoxes()
        var paginator = Paginator(body: body, boxes: boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
        var contents = paginator.paginate()
        let digits = String(contents.count).count
        if let toc = contentsPlacement, digits > env.pageNumberDigits {
            env.pageNumberDigits = digits
            let first = toc.boxes.isEmpty ? nil : boxes[toc.boxes.lowerBound]
            boxes.replaceSubrange(toc.boxes, with: flow.relayoutContents(toc, firstBox: first))
            paginator = Paginator(body: body, boxes: boxes, containers: flow.containers, notes: notes, noteRule: noteRule)
            contents = paginator.paginate()
        }
        boxes = []
        let m = document.metadata
        let meta = DocumentMetadata(title: m.title, author: m.author, subject: m.subject, keywords: m.keywords, language: m.language)
        return PageStream(setup: document.page, metadata: meta, contents: contents, paginator: paginator,
                          env: env, outlineSettings: outline)
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
