import FoundationEssentials
import Glibc
import MDCore
import MDHighlight
import MDImage
import MDMarkdown
import MDTheme

/// What the style stage needs besides the document and the theme.
public struct StyleOptions: Sendable {
    /// Folder that relative image paths are resolved against (the Markdown file's folder).
    public var baseDirectory: String
    /// The value of `{date}` in headers and footers when the front matter has no `date`
    /// (the facade passes the PDF's date as YYYY-MM-DD).
    public var date: String?
    /// Insert a table of contents after the title (`--toc`); the front matter's
    /// `toc: true` and a `[[_TOC_]]` or `<!-- toc -->` line ask for one too.
    public var tableOfContents: Bool
    /// Highlights code blocks that name a language; it loads its library on first use,
    /// so one instance can serve many conversions.
    public var highlighter: SyntaxHighlighter
    /// Which image files the document may show (`ReadPolicy`); by default those under
    /// `baseDirectory`.
    public var readPolicy: ReadPolicy
    /// The decoders for images other than PNG, loaded on first use (share one between
    /// conversions, and with the renderer).
    public var imageCodecs: ImageCodecs
    /// The other Markdown files of this run (a batch's inputs, a book's chapters): a
    /// link to one of them goes where it went.
    public var linkedDocuments: LinkedDocuments
    public init(baseDirectory: String, date: String? = nil, tableOfContents: Bool = false,
                highlighter: SyntaxHighlighter = SyntaxHighlighter(), readPolicy: ReadPolicy? = nil,
                linkedDocuments: LinkedDocuments = LinkedDocuments(), imageCodecs: ImageCodecs = ImageCodecs()) {
        self.baseDirectory = baseDirectory; self.date = date; self.tableOfContents = tableOfContents
        self.highlighter = highlighter
        self.readPolicy = readPolicy ?? ReadPolicy(folders: [baseDirectory])
        self.linkedDocuments = linkedDocuments
        self.imageCodecs = imageCodecs
    }
}

/// The style stage: maps each Markdown element to styled blocks using the theme.
public struct DocumentStyler {
    let theme: Theme
    /// In a book, `baseDirectory` is each chapter's own folder in turn.
    var options: StyleOptions
    let diagnostics: DiagnosticSink
    var slugger = Slugger()
    var firstH1: String?
    /// Counters of the numbered heading levels (index 0 = level 1).
    var headingNumbers = [Int](repeating: 0, count: 6)
    /// Anchors with no text of their own to sit in (a paragraph of only `<a id>`): they
    /// go to the start of the next paragraph styled.
    var pendingAnchors: [String] = []
    /// Each image file is read and checked once per document.
    let images: ImageProbeCache
    /// The runs' layouts and paints, one copy of each (see `RunStyles`).
    let runStyles = RunStyles()
    /// The document's language (front matter, else the theme's), for hyphenation.
    var language = "en-US"
    /// Macros and equation numbers, carried from formula to formula.
    var math = MathStylingState()
    /// In a book, the current chapter's prefix for its anchors (see `anchorName`).
    var anchorPrefix: String?
    /// In a book, the footnotes of the chapters before this one: footnote `n` of this
    /// chapter is the document's note `footnoteOffset + n` (its anchors `fn-…` and
    /// `fnref-…`), still printed as `n`.
    var footnoteOffset = 0

    public static func style(_ document: MarkdownDocument, theme: Theme, options: StyleOptions,
                             diagnostics: DiagnosticSink) -> StyledDocument {
        var styler = DocumentStyler(theme: theme, options: options, diagnostics: diagnostics,
                                    images: ImageProbeCache(policy: options.readPolicy, codecs: options.imageCodecs))
        let fm = document.frontMatter
        styler.language = fm?.string("lang") ?? fm?.string("language") ?? theme.body.language
        let root = styler.rootContext
        styler.numberEquations(document)
        // A document that opens with its title as a heading shows it once: the heading,
        // then the rest of the title block.
        let headingIsTitle = styler.opensWithTitleHeading(document)
        var lead: [StyledBlock] = []
        var body = document.blocks[...]
        if headingIsTitle, let first = body.popFirst() { lead = styler.styleBlock(first, root) }
        let title = styler.titleBlock(document.frontMatter, root, titleShown: headingIsTitle)
        let wantsTOC = options.tableOfContents || document.frontMatter?.values["toc"] == .bool(true)
        var blocks = lead + title + styler.styleBlocks(Array(body), root)
        blocks = styler.placeTableOfContents(in: blocks, wanted: wantsTOC, after: title.isEmpty ? nil : lead.count + title.count,
                                             headings: Self.headings(in: blocks), root)
        var notes: [Int: [StyledBlock]] = [:]
        styler.styleFootnotes(document.footnotes, root, blocks: &blocks, pageNotes: &notes)
        return styler.finish(blocks, pageNotes: notes, frontMatter: document.frontMatter)
    }

    /// The footnotes of a document (or a book's chapter): at the bottom of their pages
    /// (into `pageNotes`, by their number in the document), or after `blocks`.
    mutating func styleFootnotes(_ footnotes: [FootnoteDefinition], _ root: StyleContext, blocks: inout [StyledBlock],
                                 pageNotes: inout [Int: [StyledBlock]]) {
        if theme.footnotes.placement == .page {
            for n in footnotes { pageNotes[footnoteOffset + n.number] = [footnoteBlocks(n, root)] }
        } else {
            blocks += styleEndFootnotes(footnotes, root)
        }
    }

    /// The styled document around `blocks`: metadata from the front matter, the page
    /// setup, and every internal link checked against the anchors.
    func finish(_ blocks: [StyledBlock], pageNotes: [Int: [StyledBlock]], frontMatter: FrontMatter?) -> StyledDocument {
        let metadata = self.metadata(frontMatter)
        var page = pageSetup()
        page.fields = pageFields(metadata, frontMatter)
        var styled = StyledDocument(blocks: blocks, page: page, metadata: metadata,
                                    pageFootnotes: theme.footnotes.placement == .page
                                        ? PageFootnotes(notes: pageNotes, rule: footnoteRule(rootContext)) : nil)
        styled.imagePaths = images.paths
        styled.imageSources = images.shown
        LinkResolution.resolve(&styled, diagnostics: diagnostics)
        return styled
    }

    /// The values of the page fields `{title}`, `{author}` and `{date}`.
    func pageFields(_ metadata: DocumentMetadata, _ frontMatter: FrontMatter?) -> [String: String] {
        ["title": metadata.title ?? "", "author": metadata.author ?? "", "date": frontMatter?.string("date") ?? options.date ?? ""]
    }

    var rootContext: StyleContext {
        let size = theme.body.fontSize.resolve(em: Points(12))
        return StyleContext(font: FontSpec(families: theme.body.fontFamily, features: Self.features(theme.body.features)),
                            size: size, color: theme.body.color.color, alignment: theme.paragraph.alignment,
                            lineHeight: theme.paragraph.lineHeight ?? theme.body.lineHeight)
    }

    func metadata(_ fm: FrontMatter?) -> DocumentMetadata {
        let authors = Self.authors(fm?.values["author"] ?? fm?.values["authors"]).map { Self.plain($0, fm) }
        return DocumentMetadata(title: title(fm),
                                author: authors.isEmpty ? nil : authors.joined(separator: ", "),
                                subject: fm?.string("subject") ?? fm?.string("description"),
                                keywords: fm?.string("keywords"),
                                language: fm?.string("lang") ?? fm?.string("language") ?? theme.body.language)
    }

    /// The document's title: the front matter's, else the first level-1 heading styled
    /// so far.
    func title(_ fm: FrontMatter?) -> String? {
        fm.flatMap { Self.text($0.values["title"]) }.map { Self.plain($0, fm) } ?? firstH1
    }

    /// A front matter value read as Markdown, as plain text (`*My* notes` → "My notes").
    static func plain(_ value: String, _ fm: FrontMatter?) -> String {
        guard let fm else { return value }
        return PlainText.of(inlines(of: value, fm, diagnostics: DiagnosticSink()))
    }

    // MARK: Blocks

    mutating func styleBlocks(_ blocks: [Block], _ ctx: StyleContext) -> [StyledBlock] {
        var out: [StyledBlock] = []
        var afterParagraph = false
        for b in blocks {
            let styled = styleBlock(b, ctx, indent: theme.paragraph.indentFirst || afterParagraph)
            afterParagraph = Self.endsParagraph(b, styled)
            out += styled
        }
        return out
    }

    /// Whether `block`, styled as `styled`, is a paragraph the next one follows (a
    /// paragraph that became images does not count as one).
    static func endsParagraph(_ block: Block, _ styled: [StyledBlock]) -> Bool {
        if case .paragraph = block.kind, case .paragraph? = styled.last { return true }
        return false
    }

    /// `indent`: whether a paragraph gets the theme's first-line indent here.
    mutating func styleBlock(_ block: Block, _ ctx: StyleContext, indent: Bool = false) -> [StyledBlock] {
        switch block.kind {
        case .paragraph(let inlines):
            if TableOfContentsMarker.matches(inlines) { return [.tocPlaceholder] }
            if let images = standaloneImages(inlines, block.range, ctx) { return images }
            if let math = paragraphWithDisplayMath(inlines, ctx, range: block.range, indent: indent) { return math }
            return paragraph(inlines, ctx, range: block.range, indent: indent).map { [.paragraph($0)] } ?? []
        case .heading(let level, let inlines):
            return heading(level, inlines, ctx, range: block.range)
        case .codeBlock(let info, let text):
            if Self.isMathInfo(info) { return mathBlock(text, ctx, range: block.range) }
            return [codeBlock(text, info: CodeBlockInfo(info), ctx, range: block.range)]
        case .htmlBlock(let html):
            // Only in a tree parsed without interpreting HTML: shown as written.
            return [codeBlock(html, info: CodeBlockInfo("html"), ctx, range: block.range)]
        case .division(let alignment, let children):
            return styleBlocks(children, ctx.aligned(alignment))
        case .definitionList(let parts):
            return definitionList(parts, ctx, range: block.range)
        case .comment(let text):
            return TableOfContentsMarker.matches(comment: text) ? [.tocPlaceholder] : []
        case .pageBreak:
            return [.pageBreak]
        case .blockQuote(let children):
            if ctx.topLevel, let alert = Alert(quote: children) { return [self.alert(alert, ctx, range: block.range)] }
            return [blockQuote(children, ctx)]
        case .list(let info, let items):
            return [list(info, items, ctx)]
        case .thematicBreak:
            return [.rule(thematicBreak(ctx))]
        case .table(let table):
            return [self.table(table, ctx, range: block.range)]
        }
    }

    mutating func paragraph(_ inlines: [Inline], _ ctx: StyleContext, range: SourceRange, indent: Bool = false) -> StyledParagraph? {
        var builder = TextBuilder(sharing: runStyles)
        appendInlines(inlines, InlineState(ctx), to: &builder)
        guard !builder.isBlank else {
            pendingAnchors += builder.anchors.map(\.name)
            return nil
        }
        let p = theme.paragraph
        let text = builder.trimmedTrailingWhitespace()
        var para = StyledParagraph(text: text, alignment: ctx.alignment, lineHeight: ctx.lineHeight,
                                   spaceBefore: .zero, spaceAfter: ctx.tight ? .zero : p.spaceAfter.resolve(em: ctx.size),
                                   firstLineIndent: indent ? p.firstLineIndent.resolve(em: ctx.size) : .zero,
                                   baseFont: ctx.font, baseSize: ctx.size, source: range, anchors: takeAnchors(builder, text))
        para.lineBreaking = p.lineBreaking
        if p.hyphenate == .always || (p.hyphenate == .auto && ctx.alignment == .justify) {
            para.hyphenation = Hyphenation(language: language.isEmpty ? "en-US" : language,
                                           minLeft: p.hyphenMinLeft, minRight: p.hyphenMinRight)
        }
        return para
    }

    mutating func blockQuote(_ children: [Block], _ ctx: StyleContext) -> StyledBlock {
        let q = theme.blockQuote
        var qctx = ctx
        qctx.color = q.color.color
        qctx.tight = false
        qctx.topLevel = false
        if q.italic { qctx.font.italic = true }
        let barWidth = q.barWidth.resolve(em: ctx.size)
        return .container(StyledContainer(kind: .blockQuote, children: styleBlocks(children, qctx),
                                          padding: quotePadding(q, ctx),
                                          background: q.background?.color, bar: q.barColor.color, barWidth: barWidth,
                                          spaceAfter: ctx.tight ? Points(0.3 * ctx.size.value) : q.spaceAfter.resolve(em: ctx.size),
                                          openAtPageBreaks: q.splitEdges == .open))
    }

    func thematicBreak(_ ctx: StyleContext) -> StyledRule {
        let r = theme.rule
        let style: StyledRule.Style
        switch r.style {
        case .solid: style = .solid
        case .dashed: style = .dashed
        case .dotted: style = .dotted
        case .text:
            var b = TextBuilder()
            b.append(r.text, RunLayout(font: ctx.font, size: ctx.size), RunPaint(color: r.color.color))
            style = .text(b.text)
        }
        return StyledRule(style: style, color: r.color.color, thickness: r.thickness.resolve(em: ctx.size),
                          widthFraction: Self.share(r.width, default: 1),
                          spaceBefore: r.spaceBefore.resolve(em: ctx.size), spaceAfter: r.spaceAfter.resolve(em: ctx.size))
    }

    /// The bar side takes the indent; with a background, the other sides get room too.
    func quotePadding(_ q: BlockQuoteStyle, _ ctx: StyleContext) -> EdgeInsets {
        let pad = q.background == nil ? Points.zero : ctx.size * 0.6
        return EdgeInsets(top: pad, right: pad, bottom: pad, left: q.indent.resolve(em: ctx.size))
    }

}
