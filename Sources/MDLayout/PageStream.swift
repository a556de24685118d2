import MDCore
import MDPage
import MDStyle

/// Layout's pages, assembled one at a time as the renderer asks for them: the boxes at
/// their places, the footnote area, contents page numbers (the page each destination
/// landed on), destinations, outline entries, headers and footers. Once a page is handed
/// out, the flow boxes placed on it are freed (a table header row that repeats on later
/// pages stays), so memory holds the pages not yet drawn, never the drawn ones.
public struct PageStream: PageSource {
    public var metadata: DocumentMetadata
    public var structure: StructureTree?
    public private(set) var outline: [OutlineEntry] = []
    public let pageCount: Int
    /// Keep each page's line fragments in `lastFragments` (line reports, dumps).
    public var keepsFragments = false
    /// The line fragments of the page last handed out, when `keepsFragments`.
    public private(set) var lastFragments: [LineFragment] = []

    struct OutlineSettings {
        var depth: Int
        var openLevels: Int
    }

    private let setup: PageSetup
    private var contents: [PageContent]
    private var paginator: Paginator
    private let env: LayoutEnvironment
    private let settings: OutlineSettings
    private let lineBuilder: LineBuilder
    private let running: RunningTextLayout
    /// The page each destination landed on (first place wins), for contents page numbers.
    private let anchorPages: [String: Int]
    /// Boxes drawn on more than one page (table header rows repeated under a page break).
    private let repeated: Set<Int>
    private var next = 0
    private var section = ""
    private var destinations = Set<String>()

    init(setup: PageSetup, metadata: DocumentMetadata, contents: [PageContent], paginator: Paginator,
         env: LayoutEnvironment, outlineSettings: OutlineSettings) {
        self.setup = setup; self.metadata = metadata; self.contents = contents; self.paginator = paginator
        self.env = env; self.settings = outlineSettings
        structure = env.structure
        pageCount = contents.count
        lineBuilder = LineBuilder(env: env)
        running = RunningTextLayout(env: env, setup: setup)
        let boxes = paginator.boxes
        var pages: [String: Int] = [:]
        for (n, content) in contents.enumerated() {
            for p in content.placements { for a in boxes[p.box].anchors where pages[a.name] == nil { pages[a.name] = n + 1 } }
            for b in content.notes { for a in b.anchors where pages[a.name] == nil { pages[a.name] = n + 1 } }
        }
        anchorPages = pages
        repeated = Set(boxes.compactMap(\.repeatsHeader))
    }

    public mutating func nextPage() -> Page? {
        guard next < contents.count else { return nil }
        let n = next
        let content = contents[n]
        contents[n] = PageContent()
        next += 1
        var items = paginator.items(for: content) { [anchorPages, lineBuilder] box, top in
            box.pageNumberSlots.flatMap { slot -> [PageItem] in
                guard let page = anchorPages[slot.destination] else { return [] }
                return TableOfContentsLayout.numberItems(slot, page: page, top: top, lines: lineBuilder)
            }
        }
        var frags: [LineFragment] = []
        var anchors: [(Anchor, Points)] = []
        for p in content.placements {
            let b = paginator.boxes[p.box]
            if keepsFragments || env.debug { frags += b.fragments.map { $0.offsetBy(dy: p.top) } }
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
            if let o = a.outline, o.level <= setup.sectionLevel { section = o.title }
        }
        items += running.items(page: n + 1, of: pageCount, section: section)
        if env.debug { items += DebugOverlay.items(for: frags) }
        lastFragments = keepsFragments ? frags : []
        paginator.free(content.placements.map(\.box).filter { !repeated.contains($0) })
        return Page(size: setup.size, items: items)
    }
}
