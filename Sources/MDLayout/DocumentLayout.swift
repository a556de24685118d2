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
        let env = environment(text: text, diagnostics: diagnostics, language: document.metadata.language,
                              page: document.page, debug: debug)
        let document = ScriptForms.resolve(InlineMath.measure(document, env: env), env: env)
        return pages(StyledStream(document), env: env, prepare: nil,
                     outline: PageStream.OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels),
                     stepwiseBytes: stepwiseBytes)
    }

    /// `pages` for a document still being styled (on another thread): layout starts with
    /// its first block. Each block's formulas are measured and its script forms chosen
    /// as it is taken (`prepare`), where a document styled whole has that done first; what that
    /// warns about is ranked (`DiagnosticSink.rank`) so that `diagnostics`, replayed into
    /// the conversion's sink once styling has ended, gives the warnings in the order of a
    /// document styled whole. The pages are those of `pages` on the same document.
    /// `shapeAhead`: take the blocks through a thread of their own that prepares them and
    /// shapes their paragraphs a few blocks ahead of layout (`ShapingAhead`); the pages are
    /// the same.
    public static func pages(streaming stream: StyledStream, text: TextContext, diagnostics: DiagnosticSink,
                             outlineDepth: Int = 3, outlineOpenLevels: Int = 1, debug: Bool = false,
                             shapeAhead: Bool = false) -> PageStream {
        let env = environment(text: text, diagnostics: diagnostics, language: stream.head.language,
                              page: stream.head.page, debug: debug)
        diagnostics.rank = 4
        let ahead = shapeAhead ? ShapingAhead(stream, like: env, stepwiseBytes: FlowStep.stepwiseBytes) : nil
        return pages(stream, env: env, prepare: { blocks, notes in prepare(&blocks, notes: notes, env: env) }, ahead: ahead,
                     outline: PageStream.OutlineSettings(depth: outlineDepth, openLevels: outlineOpenLevels),
                     stepwiseBytes: FlowStep.stepwiseBytes)
    }

    /// Measures the formulas of a stream's `blocks` (`notes`: page footnotes) and chooses
    /// their script forms, as a document styled whole has done first. Ranks: every
    /// block's formulas, then the footnotes', then every block's script forms, then the
    /// footnotes', then layout proper.
    static func prepare(_ blocks: inout [StyledBlock], notes: Bool, env: LayoutEnvironment) {
        env.diagnostics.rank = notes ? 1 : 0
        _ = StyledBlock.updateParagraphs(in: &blocks) { InlineMath.measure(&$0, env: env) }
        env.diagnostics.rank = notes ? 3 : 2
        _ = StyledBlock.updateParagraphs(in: &blocks) { ScriptForms.resolve(&$0, env: env) }
        env.diagnostics.rank = 4
    }

    private static func environment(text: TextContext, diagnostics: DiagnosticSink, language: String?, page: PageSetup,
                                    debug: Bool) -> LayoutEnvironment {
        let env = LayoutEnvironment(text: text, diagnostics: diagnostics, language: language)
        env.debug = debug
        env.pageBodyHeight = page.body.height
        env.bodyWidth = page.body.width
        return env
    }

    private static func pages(_ stream: StyledStream, env: LayoutEnvironment, prepare: ((inout [StyledBlock], Bool) -> Void)?,
                              ahead: ShapingAhead? = nil, outline: PageStream.OutlineSettings, stepwiseBytes: Int) -> PageStream {
        let page = stream.head.page
        let body = page.body
        let whole = [page.header, page.footer].contains { $0?.mentions("pages") == true }
        let feed = FlowFeed(builder: FlowBuilder(env: env), source: stream, prepare: prepare, ahead: ahead,
                            env: env, x: body.minX, width: body.width, wholeDocument: whole,
                            stepwiseBytes: stepwiseBytes)
        let paginator = Paginator(body: body, noteRule: stream.head.footnoteRule.map { noteRule($0, body: body) })
        return PageStream(setup: page, metadata: DocumentMetadata(language: stream.head.language), paginator: paginator,
                          feed: feed, env: env, outlineSettings: outline)
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
