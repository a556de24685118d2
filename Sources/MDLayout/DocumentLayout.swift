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
        collect(pages(document, text: text, diagnostics: diagnostics, outlineDepth: outlineDepth,
                      outlineOpenLevels: outlineOpenLevels, debug: debug))
    }

    /// Every page of `stream`, with its line fragments, in document order.
    static func collect(_ stream: PageStream) -> LayoutResult {
        var stream = stream
        stream.keepsFragments = true
        var pages: [Page] = []
        var fragments: [[LineFragment]] = []
        while let page = stream.nextPage() {
            pages.append(page)
            fragments.append(stream.lastFragments)
        }
        let order = stream.pagePositions
        return LayoutResult(document: PagedDocument(pages: pages.placed(at: order), metadata: stream.metadata,
                                                    outline: stream.outline, structure: stream.structure),
                            fragments: fragments.placed(at: order))
    }

    /// Lays out `document`: the returned stream builds the flow block by block, paginates
    /// it and assembles each page as it is asked for (see `PageStream`). Page numbers in a
    /// table of contents are drawn from where pagination put each destination, in a
    /// column sized for three digits: the contents pages are handed out last, and a
    /// wider number moves its leader back. A document paginated whole first (`{pages}`)
    /// of 1000 pages or more sets its contents again with a wider column and paginates
    /// again (pagination is cheap next to shaping and line breaking).
    public static func pages(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                             outlineDepth: Int = 3, outlineOpenLevels: Int = 1,
                             debug: Bool = false) -> PageStream {
        pages(document, text: text, diagnostics: diagnostics, outlineDepth: outlineDepth,
              outlineOpenLevels: outlineOpenLevels, debug: debug, stepwiseBytes: FlowStep.stepwiseBytes)
    }

    /// `stepwiseBytes`: the size from which a top-level block is built in steps (see `FlowStep`).
    static func pages(_ document: StyledDocument, text: TextContext, diagnostics: DiagnosticSink,
                      outlineDepth: Int, outlineOpenLevels: Int, debug: Bool, stepwiseBytes: Int) -> PageStream {
        let env = LayoutEnvironment(text: text, diagnostics: diagnostics,
                                    language: document.metadata.language)
        env.debug = debug
        env.pageBodyHeight = document.page.body.height
        env.bodyWidth = document.page.body.width
        let outline = PageStream.OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels)
        let document = ScriptForms.resolve(InlineMath.measure(document, env: env), env: env)
        let body = document.page.body
        let whole = [document.page.header, document.page.footer].contains { $0?.mentions("pages") == true }
        let feed = FlowFeed(builder: FlowBuilder(env: env), blocks: document.blocks, notes: document.pageFootnotes?.notes ?? [:],
                            env: env, x: body.minX, width: body.width, wholeDocument: whole,
                            stepwiseBytes: stepwiseBytes)
        let paginator = Paginator(body: body, noteRule: document.pageFootnotes.map { noteRule($0.rule, body: body) })
        let m = document.metadata
        let meta = DocumentMetadata(title: m.title, author: m.author, subject: m.subject, keywords: m.keywords, language: m.language)
        return PageStream(setup: document.page, metadata: meta, paginator: paginator, feed: feed,
                          env: env, outlineSettings: outline)
    }

    /// The rule above the footnotes at a page's bottom.
    static func noteRule(_ r: StyledRule, body: Rect) -> FlowBox {
        let w = body.width * r.widthFraction
        var rule = FlowBox(height: r.thickness, gapBefore: r.spaceBefore,
                           items: [.shape(DecorationGeometry.solid(body.minX, body.minX + w, r.thickness / 2, r.thickness, r.color))])
        rule.gapAfter = r.spaceAfter
        return rule
    }
}
