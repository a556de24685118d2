import MDCore
import MDPage
import MDStyle

/// Layout's pages, assembled one at a time as the renderer asks for them: the boxes at
/// their places, the footnote area, contents page numbers (the page each destination
/// landed on), destinations, outline entries, headers and footers. Once a page is handed
/// out, the flow boxes placed on it are freed, and dropped (a table header row that
/// repeats on later pages stays).
///
/// The flow itself is built block by block, about two pages ahead of the page being
/// paginated, so memory holds the styled document and a few pages of boxes whatever the
/// page count. A page with contents page numbers (they point forward) is held back and
/// handed out after the last page, when every destination has its page; `pagePositions`
/// then tells the renderer where it goes. A header or footer with `{pages}` needs the
/// page count on the first page: such a document is built and paginated whole first
/// (`FlowFeed.wholeDocument`).
public struct PageStream: PageSource {
    public var metadata: DocumentMetadata
    /// Write a tagged PDF: `structure` is the tree grown so far (complete for every page
    /// handed out), else nil.
    public var tagged = true
    public var isTagged: Bool { tagged }
    public var structure: StructureTree? { tagged ? env.structure : nil }
    /// Entries in document order, whatever order pages are handed out in.
    public private(set) var outline: [OutlineEntry] = []
    /// Pages handed out so far (all of them once `nextPage` has returned nil).
    public private(set) var pageCount = 0
    /// Flow boxes built so far (freed ones included): how far layout has run ahead.
    var boxesBuilt: Int { paginator.boxes.count }
    /// Flow boxes held now (the rest dropped): a few pages' worth, whatever the length.
    var boxesHeld: Int { paginator.boxes.storedIndices.count }
    /// Time spent laying out (building, paginating and assembling pages) so far: the
    /// renderer's time between pages is its own.
    public private(set) var layoutTime = Duration.zero
    /// Paragraphs layout found shaped ahead (`ShapingAhead`) so far.
    public var paragraphsShapedAhead: Int { env.paragraphsShapedAhead }
    /// Keep each page's line fragments in `lastFragments` (line reports, dumps).
    public var keepsFragments = false
    /// The line fragments of the page last handed out, when `keepsFragments`.
    public private(set) var lastFragments: [LineFragment] = []
    /// The place in the document (0-based) of each page handed out, in the order handed
    /// out; nil while that is the document's order.
    public var pagePositions: [Int]? {
        positions.enumerated().allSatisfy { $0.offset == $0.element } ? nil : positions
    }

    struct OutlineSettings {
        var depth: Int
        var openLevels: Int
    }

    /// A paginated page waiting to be assembled, with what pagination order decided
    /// for it: its number, its destinations (first place of a name wins) and the
    /// `{section}` in force at its end.
    private struct PlannedPage {
        var content: PageContent
        var number: Int
        var destinations: [PageItem]
        var section: String
    }

    /// Its fields filled in before the first page is assembled (`fieldsSettled`).
    private var setup: PageSetup
    private var fieldsSettled = false
    private var paginator: Paginator
    private var cursor = Paginator.Cursor()
    /// Pages ready to be handed out, in order.
    private var ready: [PlannedPage] = []
    /// Pages with contents page numbers, held back until pagination reaches the end.
    private var heldBack: [PlannedPage] = []
    /// The page count, once pagination has reached the end.
    private var total: Int?
    private let feed: FlowFeed
    private let env: LayoutEnvironment
    private let settings: OutlineSettings
    private let lineBuilder: LineBuilder
    private var running: RunningTextLayout
    /// The page each destination landed on (first place wins), for contents page
    /// numbers; filled as pages are paginated.
    private var anchorPages: [String: Int] = [:]
    private var paginated = 0
    private var section = ""
    private var positions: [Int] = []

    init(setup: PageSetup, metadata: DocumentMetadata, paginator: Paginator, feed: FlowFeed,
         env: LayoutEnvironment, outlineSettings: OutlineSettings) {
        self.setup = setup; self.metadata = metadata; self.paginator = paginator; self.feed = feed
        self.env = env; self.settings = outlineSettings
        lineBuilder = LineBuilder(env: env)
        running = RunningTextLayout(env: env, setup: setup)
        if feed.wholeDocument { planAll() }
    }

    public mutating func nextPage() -> Page? {
        let clock = ContinuousClock(), start = clock.now
        defer { layoutTime += clock.now - start }
        while ready.isEmpty {
            extendFlow()
            if paginator.hasMore(after: cursor) || paginated == 0 {  // an empty document still has one page
                let page = plan(paginator.nextPage(&cursor))
                let numbersAhead = page.content.placements.contains { p in !paginator.boxes.read(p.box) { $0.pageNumberSlots.isEmpty } }
                if numbersAhead && total == nil {
                    paginator.pin(page.content.placements.map(\.box))
                    heldBack.append(page)
                } else {
                    ready.append(page)
                }
            } else {
                total = paginated
                settleMetadata()
                guard !heldBack.isEmpty else { return nil }
                ready = heldBack
                heldBack = []
            }
        }
        return assemble(ready.removeFirst())
    }

    /// Builds the flow until the boxes not yet paginated fill two pages, and one more
    /// box after that: whatever one page takes, the box after it (page breaks and
    /// containers continued across them look one box ahead) is already built.
    private mutating func extendFlow() {
        while !feed.isComplete, !paginator.hasFlow(from: cursor.next, filling: setup.body.height * 2) { feedBlock() }
    }

    private mutating func feedBlock() {
        let (boxes, notes) = feed.buildNext()
        for n in notes { paginator.addNote(n.number, boxes: n.boxes) }
        paginator.append(boxes, containers: feed.containers)
    }

    /// Paginates the whole document before the first page is handed out; the page count
    /// is then known. When that count needs more digits than the contents' page-number
    /// column was set for, the contents are set again and the document paginated again.
    private mutating func planAll() {
        while !feed.isComplete { feedBlock() }
        let unpaginated = paginator
        let outlineBefore = outline
        while paginator.hasMore(after: cursor) || paginated == 0 { ready.append(plan(paginator.nextPage(&cursor))) }
        let digits = String(paginated).count
        if let toc = feed.contents, digits > env.pageNumberDigits {
            env.pageNumberDigits = digits
            var boxes = unpaginated.boxes.all
            let first = toc.boxes.isEmpty ? nil : boxes[toc.boxes.lowerBound]
            boxes.replaceSubrange(toc.boxes, with: feed.relayoutContents(firstBox: first))
            paginator = Paginator(body: unpaginated.body, boxes: boxes, containers: unpaginated.containers,
                                  notes: unpaginated.notes, noteRule: unpaginated.noteRule)
            cursor = Paginator.Cursor()
            ready = []
            anchorPages = [:]
            outline = outlineBefore
            section = ""
            paginated = 0
            while paginator.hasMore(after: cursor) { ready.append(plan(paginator.nextPage(&cursor))) }
        }
        total = paginated
        settleMetadata()
    }

    /// The document's title, author, subject and keywords, which come with the end of
    /// styling (the title may be the first level-1 heading).
    private mutating func settleMetadata() {
        let styled = feed.styledEnd().metadata
        metadata.title = styled.title
        metadata.author = styled.author
        metadata.subject = styled.subject
        metadata.keywords = styled.keywords
        metadata.language = styled.language
    }

    /// Numbers a paginated page and notes, in document order, where its destinations
    /// landed and the outline entries and `{section}` they bring.
    private mutating func plan(_ content: PageContent) -> PlannedPage {
        paginated += 1
        var anchors: [(Anchor, Points)] = []
        for p in content.placements { anchors += paginator.boxes.read(p.box) { $0.anchors }.map { ($0, p.top) } }
        anchors += paginator.noteItems(content.notes).anchors
        var destinations: [PageItem] = []
        for (a, top) in anchors {
            // A name met again (an HTML anchor named like a heading, a header row
            // repeated on a later page) keeps its first place, as the first element
            // with an id does in a browser.
            if anchorPages[a.name] == nil {
                anchorPages[a.name] = paginated
                destinations.append(.destination(name: a.name, at: Point(x: a.x, y: top + a.y)))
            }
            if let o = a.outline, o.level <= settings.depth {
                outline.append(OutlineEntry(title: o.title, level: o.level, destination: a.name, open: o.level <= settings.openLevels))
            }
            if let o = a.outline, o.level <= setup.sectionLevel { section = o.title }
        }
        return PlannedPage(content: content, number: paginated, destinations: destinations, section: section)
    }

    private mutating func assemble(_ page: PlannedPage) -> Page {
        if !fieldsSettled {
            setup.fields = feed.pageFields()
            running = RunningTextLayout(env: env, setup: setup)
            fieldsSettled = true
        }
        let content = page.content
        var items = paginator.takeItems(for: content) { [anchorPages, lineBuilder] box, top in
            box.pageNumberSlots.flatMap { slot -> [PageItem] in
                guard let page = anchorPages[slot.destination] else { return [] }
                return TableOfContentsLayout.numberItems(slot, page: page, top: top, lines: lineBuilder)
            }
        }
        var frags: [LineFragment] = []
        if keepsFragments || env.debug {
            for p in content.placements { frags += paginator.boxes.read(p.box) { $0.fragments }.map { $0.offsetBy(dy: p.top) } }
            frags += paginator.noteItems(content.notes).fragments
        }
        items += page.destinations
        items += running.items(page: page.number, of: total ?? 0, section: page.section)
        if env.debug { items += DebugOverlay.items(for: frags) }
        lastFragments = keepsFragments ? frags : []
        let drawn = content.placements.map(\.box).filter { !paginator.isRepeatedHeader($0) }
        paginator.free(drawn)
        paginator.unpin(drawn)
        // The boxes before the first one a page not yet drawn shows are done with.
        var first = cursor.next
        for p in ready.flatMap(\.content.placements) where !paginator.isRepeatedHeader(p.box) { first = min(first, p.box) }
        paginator.dropBoxes(before: first)
        positions.append(page.number - 1)
        pageCount += 1
        return Page(size: setup.size, items: items, structure: tagged ? env.structure.excerpt(for: items) : nil)
    }
}

/// The flow builder and the top-level blocks it has yet to build, handed to pagination
/// a block at a time (a giant block a step at a time, see `FlowStep`), with the footnotes each block references laid out right after it.
/// The blocks come from a `StyledStream`, which may still be styling those after them.
final class FlowFeed {
    private let builder: FlowBuilder
    /// The blocks not yet built, taken one at a time: each is released once built, so
    /// the styled document shrinks as the flow grows.
    private let source: StyledStream
    /// The next block, taken ahead to tell whether there is one.
    private var upcoming: StyledBlock?
    private var sourceEnded = false
    /// Sizes a block's formulas and chooses its script forms as it is taken (a stream
    /// still being styled; a document styled whole had that done first); its argument
    /// tells footnotes from the body.
    private let prepare: ((inout [StyledBlock], _ notes: Bool) -> Void)?
    /// What is left of a top-level block built in steps, the next step last.
    private var steps: [FlowStep] = []
    /// Footnote blocks by number, until laid out; taken from the stream's end the first
    /// time a block refers to one (none when the theme puts them at the end).
    private var notes: [Int: [StyledBlock]]?
    private let env: LayoutEnvironment
    private let x: Points, width: Points
    /// Build and paginate everything before the first page (see `PageStream`).
    let wholeDocument: Bool
    /// A top-level block holding this many bytes of text or more is built in steps.
    private let stepwiseBytes: Int
    /// Boxes handed out so far: the flow index of the next block's first box.
    private var handedOut = 0
    /// The table of contents and the flow indices of its boxes, once built.
    private(set) var contents: (placement: FlowBuilder.ContentsPlacement, boxes: Range<Int>)?

    /// Takes the blocks from `source`, preparing them and shaping their paragraphs,
    /// on a thread of its own, when layout asked for it (see `ShapingAhead`).
    private let ahead: ShapingAhead?
    /// The upcoming block's paragraphs shaped ahead, and the warnings of preparing it, at
    /// their ranks (see `ShapingAhead.Block`).
    private var upcomingAhead: (shapes: ParagraphShapes, diagnostics: DiagnosticSink)?

    init(builder: FlowBuilder, source: StyledStream, prepare: ((inout [StyledBlock], _ notes: Bool) -> Void)?,
         ahead: ShapingAhead? = nil, env: LayoutEnvironment, x: Points, width: Points, wholeDocument: Bool, stepwiseBytes: Int) {
        self.builder = builder; self.source = source; self.prepare = prepare; self.ahead = ahead; self.env = env
        self.x = x; self.width = width; self.wholeDocument = wholeDocument; self.stepwiseBytes = stepwiseBytes
        if source.head.footnoteRule == nil { notes = [:] }
    }

    /// Stops shaping ahead if layout stopped before the last block (nothing of the
    /// conversion outlives it).
    deinit { ahead?.cancelAndWait() }

    var isComplete: Bool { steps.isEmpty && !hasUpcoming }
    var containers: [ContainerInfo] { builder.containers }

    /// Whether there is another top-level block, waiting for styling to tell.
    private var hasUpcoming: Bool {
        if upcoming == nil && !sourceEnded {
            if let ahead {
                let next = ahead.next()
                upcoming = next?.block
                upcomingAhead = next.map { ($0.shapes, $0.diagnostics) }
            } else {
                upcoming = source.nextBlock()
            }
            sourceEnded = upcoming == nil
        }
        return upcoming != nil
    }

    /// The next top-level block, prepared; nil after the last.
    private func takeBlock() -> StyledBlock? {
        guard hasUpcoming else { return nil }
        var blocks = [upcoming!]
        upcoming = nil
        if let (shapes, diagnostics) = upcomingAhead {
            // Prepared ahead: its warnings come in now, where preparing it here would add them.
            diagnostics.transfer(into: env.diagnostics)
            env.shapesAhead = shapes
            upcomingAhead = nil
        } else {
            env.shapesAhead = ParagraphShapes()
            prepare?(&blocks, false)
        }
        return blocks[0]
    }

    /// The page fields, waiting for styling to know the title.
    func pageFields() -> [String: String] { source.pageFields() }

    /// What comes with the end of styling (after the last block was taken).
    func styledEnd() -> StyledStream.End { source.end() }

    /// The boxes of the next top-level block (or the next step of a giant one), and the
    /// footnotes first referenced there.
    func buildNext() -> (boxes: [FlowBox], notes: [(number: Int, boxes: [FlowBox])]) {
        if steps.isEmpty, let block = takeBlock() { steps = [.block(block, x: x, width: width)] }
        steps += builder.build(steps.removeLast(), stepwiseBytes: stepwiseBytes).reversed()
        let boxes = builder.takeBoxes()
        if let c = builder.contents, contents == nil {
            contents = (c, c.boxes.lowerBound + handedOut ..< c.boxes.upperBound + handedOut)
        }
        handedOut += boxes.count
        var laid: [(number: Int, boxes: [FlowBox])] = []
        for number in boxes.flatMap(\.footnotes) {
            guard let blocks = takeNote(number) else { continue }
            let flow = FlowBuilder(env: env)
            flow.build(blocks, x: x, width: width, under: env.structure.add(.note, under: StructureTree.root))
            laid.append((number, flow.takeBoxes()))
        }
        return (boxes, laid)
    }

    /// Footnote `number`'s blocks, the first time they are asked for.
    private func takeNote(_ number: Int) -> [StyledBlock]? {
        if notes == nil {
            var all = source.end().pageFootnotes
            if let prepare { for key in all.keys.sorted() { prepare(&all[key]!, true) } }
            notes = all
        }
        return notes!.removeValue(forKey: number)
    }

    /// The table of contents set again, after `env.pageNumberDigits` grew; `first` is the
    /// first box of its first setting.
    func relayoutContents(firstBox first: FlowBox?) -> [FlowBox] {
        guard let contents else { return [] }
        return builder.relayoutContents(contents.placement, firstBox: first)
    }
}
