import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    /// `document` styled into a stream that layout reads while styling goes on: the
    /// stream at once, and the styling, to run on a thread of its own. The blocks, the
    /// warnings (in their order) and everything else styled are those of `style`; they
    /// only come a block at a time. `ahead`: how many blocks styling may run ahead of
    /// layout taking them (it runs on without limit once layout waits for the end).
    /// `document` is taken over (pass the only copy): each top-level block is freed once
    /// styled, so the Markdown tree shrinks as the styled blocks go to layout.
    public static func stream(_ document: consuming MarkdownDocument, theme: Theme, options: StyleOptions,
                              diagnostics: DiagnosticSink, ahead: Int = 256) -> (stream: StyledStream, style: @Sendable () -> Void) {
        let fm = document.frontMatter
        let channel = StyledStream.Channel(limit: ahead)
        let images = ImageProbeCache(policy: options.readPolicy, codecs: options.imageCodecs,
                                     announce: { channel.publish(images: $0) })
        var styler = DocumentStyler(theme: theme, options: options, diagnostics: diagnostics, images: images)
        styler.language = fm?.string("lang") ?? fm?.string("language") ?? theme.body.language
        // `finish` makes these the same way at the end.
        let head = StyledStream.Head(page: styler.pageSetup(), language: styler.metadata(fm).language,
                                     footnoteRule: theme.footnotes.placement == .page ? styler.footnoteRule(styler.rootContext) : nil)
        let handOver = StylerHandover(styler, consume document)
        return (StyledStream(head: head, channel: channel), {
            var (styler, document) = handOver.take()
            styler.styleStreaming(&document, into: channel)
        })
    }

    /// `style`, handing each top-level block to `channel` as soon as it is final; the
    /// document's blocks are emptied as they are styled.
    mutating func styleStreaming(_ document: inout MarkdownDocument, into channel: StyledStream.Channel) {
        let clock = ContinuousClock(), start = clock.now
        let fm = document.frontMatter
        let root = rootContext
        numberEquations(document)
        let headingIsTitle = opensWithTitleHeading(document)
        let wantsTOC = options.tableOfContents || fm?.values["toc"] == .bool(true)
        let marked = Self.hasContentsMarker(document.blocks)
        // The contents are listed ahead from the headings' names, so that they hold back
        // nothing: the blocks after them, and links to headings not yet styled, go on.
        let listed = wantsTOC || marked ? headingsAhead(document.blocks) : []
        // Footnotes' own anchors are known before they are styled (`footnoteBlocks`).
        var out = StreamedBlocks(channel: channel,
                                 anchors: document.footnotes.map { "fn-\(footnoteOffset + $0.number)" } + listed.map(\.2))
        var lead: [StyledBlock] = []
        var blocks = document.blocks
        document.blocks = []
        var next = 0
        if headingIsTitle, !blocks.isEmpty {
            lead = styleBlock(blocks[0], root)
            next = 1
        }
        let title = titleBlock(fm, root, titleShown: headingIsTitle)
        if wantsTOC || marked {
            // Where `placeTableOfContents` puts them.
            out.contents = tableOfContents(headings: listed, root)
            out.placement = marked ? .atMarker : title.isEmpty ? .afterLeadingHeading : .before(lead.count + title.count)
        }
        // Images before the blocks that show them (all of them, ahead: see
        // `lookUpImagesAhead`), the fields before the page they are on.
        lookUpImagesAhead(blocks, footnotes: document.footnotes)
        channel.publish(images: images.shown)
        publishFieldsOnceTitled(fm, out: &out)
        out.add(lead + title)
        var afterParagraph = false
        while next < blocks.count {
            let block = blocks[next]
            // The only reference left to the block's tree is `block`, freed after styling.
            blocks[next] = Block(.pageBreak, range: block.range)
            next += 1
            let styled = styleBlock(block, root, indent: theme.paragraph.indentFirst || afterParagraph)
            afterParagraph = Self.endsParagraph(block, styled)
            channel.publish(images: images.shown)
            publishFieldsOnceTitled(fm, out: &out)
            out.add(styled)
        }
        out.placeContentsAtEnd()
        // The rest as `style` does it, on the blocks not yet handed out: from the first
        // block held back (a link to an anchor not yet styled) on.
        var rest = out.held
        var notes: [Int: [StyledBlock]] = [:]
        let bodyEnd = rest.count
        styleFootnotes(document.footnotes, root, blocks: &rest, pageNotes: &notes)
        let metadata = self.metadata(fm)
        // Every anchor of the document (those of the body already collected).
        var names = out.anchors
        for block in rest[bodyEnd...] { names.formUnion(LinkResolution.anchorsAndLinks(block).anchors) }
        for key in notes.keys.sorted() {
            for block in notes[key]! { names.formUnion(LinkResolution.anchorsAndLinks(block).anchors) }
        }
        var pageNotes: [Int: [StyledBlock]]? = theme.footnotes.placement == .page ? notes : nil
        LinkResolution.settle(&rest, notes: &pageNotes, names: names, diagnostics: diagnostics)
        channel.publish(fields: pageFields(metadata, fm))
        images.waitForProbesAhead()
        channel.publish(images: images.shown)
        channel.publish(rest[...], waiting: false)
        channel.finish(StyledStream.End(pageFootnotes: pageNotes ?? [:], metadata: metadata, imagePaths: images.paths),
                       stylingTime: clock.now - start)
    }

    /// Publishes the page fields once the title is known (it then stays as it is). Asked
    /// after every top-level block: only the title is looked at until there is one (the
    /// whole metadata reads the authors as Markdown).
    private func publishFieldsOnceTitled(_ fm: FrontMatter?, out: inout StreamedBlocks) {
        guard !out.fieldsPublished, title(fm) != nil else { return }
        out.channel.publish(fields: pageFields(metadata(fm), fm))
        out.fieldsPublished = true
    }
}

/// The top-level blocks styled so far on their way into a stream's channel: each is
/// handed out once final (see `StyledStream`), the others held in order, with the
/// contents put in their place.
struct StreamedBlocks {
    /// Where the contents go among the top-level blocks, as `placeTableOfContents` puts
    /// them in a document styled whole.
    enum ContentsPlacement {
        /// In place of the first `[[_TOC_]]` line (later ones are dropped).
        case atMarker
        /// Before the top-level block of this index (after the title block).
        case before(Int)
        /// After a leading level-1 heading (a README's title), else first.
        case afterLeadingHeading
    }

    let channel: StyledStream.Channel
    /// The contents' blocks until they are placed; nil when the document has none.
    var contents: [StyledBlock]?
    var placement = ContentsPlacement.atMarker
    /// Blocks not handed out, in order, with the internal link names each makes.
    private var waiting: [(block: StyledBlock, links: [String])] = []
    /// Every anchor of the blocks styled so far (and of the footnotes, styled last, and
    /// of the headings the contents list).
    private(set) var anchors: Set<String>
    /// Top-level blocks added so far, placeholders left out.
    private var count = 0
    var fieldsPublished = false

    init(channel: StyledStream.Channel, anchors: [String]) {
        self.channel = channel; self.anchors = Set(anchors)
    }

    var held: [StyledBlock] { waiting.map(\.block) }

    mutating func add(_ blocks: [StyledBlock]) {
        for block in blocks {
            if case .tocPlaceholder = block {
                if case .atMarker = placement { placeContents() }
                continue
            }
            switch placement {
            case .before(let index) where index == count: placeContents()
            case .afterLeadingHeading where count == 0:
                if case .paragraph(let p) = block, case .heading(1, _, _) = p.role {
                    admit(block)
                    placeContents()
                    continue
                }
                placeContents()
            default: break
            }
            admit(block)
        }
        // A link to an anchor already styled stays as it is (`LinkResolution.settle`).
        var ready = 0
        while ready < waiting.count, waiting[ready].links.allSatisfy({ anchors.contains($0) }) { ready += 1 }
        guard ready > 0 else { return }
        let out = waiting[..<ready].map(\.block)
        waiting.removeFirst(ready)
        channel.publish(out[...])
    }

    /// Puts the contents last when their place never came: asked for in a document with
    /// no block after the title (`placeTableOfContents` inserts them at its end).
    mutating func placeContentsAtEnd() {
        switch placement {
        case .atMarker: contents = nil
        case .before, .afterLeadingHeading:
            guard contents != nil else { return }
            placeContents()
            add([])
        }
    }

    private mutating func placeContents() {
        guard let blocks = contents else { return }
        contents = nil
        for block in blocks { admit(block) }
    }

    private mutating func admit(_ block: StyledBlock) {
        let (names, links) = LinkResolution.anchorsAndLinks(block)
        anchors.formUnion(names)
        waiting.append((block, links))
        count += 1
    }
}

/// Moves the styler and the document to the styling thread (each is used by one thread
/// at a time, and the document's only copy goes with them).
private final class StylerHandover: @unchecked Sendable {
    private var styler: DocumentStyler?
    private var document: MarkdownDocument?
    init(_ styler: DocumentStyler, _ document: consuming MarkdownDocument) { self.styler = styler; self.document = document }
    func take() -> (DocumentStyler, MarkdownDocument) {
        defer { styler = nil; document = nil }
        return (styler!, document.take()!)
    }
}
