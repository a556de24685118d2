import Foundation
import MDCore
import MDMarkdown
import MDTheme

extension DocumentStyler {
    /// `document` styled into a stream that layout reads while styling goes on: the
    /// stream at once, and the styling, to run on a thread of its own. The blocks, the
    /// warnings (in their order) and everything else styled are those of `style`; they
    /// only come a block at a time. `ahead`: how many blocks styling may run ahead of
    /// layout taking them (it runs on without limit once layout waits for the end).
    public static func stream(_ document: MarkdownDocument, theme: Theme, options: StyleOptions,
                              diagnostics: DiagnosticSink, ahead: Int = 256) -> (stream: StyledStream, style: @Sendable () -> Void) {
        let fm = document.frontMatter
        var styler = DocumentStyler(theme: theme, options: options, diagnostics: diagnostics,
                                    images: ImageProbeCache(policy: options.readPolicy, codecs: options.imageCodecs))
        styler.language = fm?.string("lang") ?? fm?.string("language") ?? theme.body.language
        // `finish` makes these the same way at the end.
        let head = StyledStream.Head(page: styler.pageSetup(), language: styler.metadata(fm).language,
                                     footnoteRule: theme.footnotes.placement == .page ? styler.footnoteRule(styler.rootContext) : nil)
        let channel = StyledStream.Channel(limit: ahead)
        let handOver = StylerHandover(styler)
        return (StyledStream(head: head, channel: channel), {
            var styler = handOver.take()
            styler.styleStreaming(document, into: channel)
        })
    }

    /// `style`, handing each top-level block to `channel` as soon as it is final.
    mutating func styleStreaming(_ document: MarkdownDocument, into channel: StyledStream.Channel) {
        let clock = ContinuousClock(), start = clock.now
        let fm = document.frontMatter
        let root = rootContext
        numberEquations(document)
        let headingIsTitle = opensWithTitleHeading(document)
        let wantsTOC = options.tableOfContents || fm?.values["toc"] == .bool(true)
        // Footnotes' own anchors are known before they are styled (`footnoteBlocks`).
        var out = StreamedBlocks(channel: channel, holdsBack: wantsTOC,
                                 anchors: document.footnotes.map { "fn-\(footnoteOffset + $0.number)" })
        var lead: [StyledBlock] = []
        var body = document.blocks[...]
        if headingIsTitle, let first = body.popFirst() { lead = styleBlock(first, root) }
        let title = titleBlock(fm, root, titleShown: headingIsTitle)
        // Images before the blocks that show them, the fields before the page they are on.
        channel.publish(images: images.shown)
        publishFieldsOnceTitled(fm, out: &out)
        out.add(lead + title)
        var afterParagraph = false
        for block in body {
            let styled = styleBlock(block, root, indent: theme.paragraph.indentFirst || afterParagraph)
            afterParagraph = Self.endsParagraph(block, styled)
            channel.publish(images: images.shown)
            publishFieldsOnceTitled(fm, out: &out)
            out.add(styled)
        }
        // The rest as `style` does it, on the blocks not yet handed out: every block when
        // contents were asked for (they were all held back), else from the first block
        // held back (a `[[_TOC_]]` line, or a link to an anchor not yet styled) on.
        var rest = out.held
        if out.holdsBack {
            rest = placeTableOfContents(in: rest, wanted: wantsTOC, after: title.isEmpty ? nil : lead.count + title.count,
                                        headings: out.headings, root)
        }
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
/// handed out once final (see `StyledStream`), the others held in order.
struct StreamedBlocks {
    let channel: StyledStream.Channel
    /// Every block from the first held back on waits for the end: contents were asked
    /// for, or a `[[_TOC_]]` line was met.
    private(set) var holdsBack: Bool
    /// Blocks not handed out, in order, with the internal link names each makes.
    private var waiting: [(block: StyledBlock, links: [String])] = []
    /// Every anchor of the blocks styled so far (and of the footnotes, styled last).
    private(set) var anchors: Set<String>
    /// The headings of the blocks styled so far, for contents (`placeTableOfContents`).
    private(set) var headings: [(Int, String, String)] = []
    var fieldsPublished = false

    init(channel: StyledStream.Channel, holdsBack: Bool, anchors: [String]) {
        self.channel = channel; self.holdsBack = holdsBack; self.anchors = Set(anchors)
    }

    var held: [StyledBlock] { waiting.map(\.block) }

    mutating func add(_ blocks: [StyledBlock]) {
        for block in blocks {
            if case .tocPlaceholder = block { holdsBack = true }
            let (names, links) = LinkResolution.anchorsAndLinks(block)
            anchors.formUnion(names)
            headings += DocumentStyler.headings(in: [block])
            waiting.append((block, links))
        }
        guard !holdsBack else { return }
        // A link to an anchor already styled stays as it is (`LinkResolution.settle`).
        var ready = 0
        while ready < waiting.count, waiting[ready].links.allSatisfy({ anchors.contains($0) }) { ready += 1 }
        guard ready > 0 else { return }
        let out = waiting[..<ready].map(\.block)
        waiting.removeFirst(ready)
        channel.publish(out[...])
    }
}

/// Moves the styler to its thread (it is used by one thread at a time).
private final class StylerHandover: @unchecked Sendable {
    private var styler: DocumentStyler?
    init(_ styler: DocumentStyler) { self.styler = styler }
    func take() -> DocumentStyler {
        defer { styler = nil }
        return styler!
    }
}
