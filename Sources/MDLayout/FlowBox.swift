import MDCore
import MDPage
import MDStyle

/// The unit of pagination: a line of text, a table row, an image, a rule. Its items are
/// positioned at their final x and at y relative to the box's top; pagination only
/// moves boxes down the page. A box is never split, except a table row (`rowParts`),
/// which pagination splits between the lines of its cells when it is taller than a page.
struct FlowBox {
    var height: Points
    /// Space wanted above the box (collapsed block spacing); dropped at a page top.
    var gapBefore: Points
    var items: [PageItem]
    /// The line fragments this box holds (for dumps and `--debug-layout`).
    var fragments: [LineFragment]
    /// Ids of the enclosing containers, outermost first.
    var containers: [Int]
    /// Whether a page may break right before this box.
    var breakBefore: BreakRule
    /// Baseline of the box's first line of text, from its top (for list markers).
    var firstBaseline: Points?
    /// x-height of the first line's own font (shape markers center on it).
    var firstXHeight: Points = .zero
    /// Destinations and outline entries that start at this box.
    var anchors: [Anchor] = []
    /// For a table row: the index of its table's header row box, repeated above the row
    /// when the row starts a page.
    var repeatsHeader: Int?
    /// Numbers of the footnotes referenced in this box, placed on its page.
    var footnotes: [Int] = []
    /// Page numbers of destinations, drawn once pagination knows them (contents entries).
    var pageNumberSlots: [PageNumberSlot] = []
    /// Space below the box before whatever follows it inside a footnote area (the rule's).
    var gapAfter: Points = .zero
    /// How far the text's font ascent/descent reach above/below the box (a line height
    /// tighter than the fonts); pagination keeps that inside the body at a page's edges.
    var inkAbove: Points = .zero
    var inkBelow: Points = .zero
    /// For a table row: its cells' lines, so pagination can split it between them.
    var rowParts: TableRowParts?

    init(height: Points, gapBefore: Points = .zero, items: [PageItem] = [], fragments: [LineFragment] = [],
         containers: [Int] = [], breakBefore: BreakRule = .allowed, firstBaseline: Points? = nil) {
        self.height = height; self.gapBefore = gapBefore; self.items = items; self.fragments = fragments
        self.containers = containers; self.breakBefore = breakBefore; self.firstBaseline = firstBaseline
    }
}

/// Whether the page may break before a box: `page` always breaks there (a chapter's
/// start, the author's page break), unless the page holds nothing yet.
enum BreakRule { case allowed, avoid, page }

/// A named position in the document: a heading (with its outline entry) or a footnote.
struct Anchor {
    var name: String
    var x: Points
    /// From the box's top.
    var y: Points
    var outline: (title: String, level: Int)?
}

/// A box drawn around or beside a run of flow boxes (code block, block quote),
/// one part per page.
struct ContainerInfo {
    var x: Points
    var width: Points
    var padTop: Points
    var padBottom: Points
    var background: Color?
    var border: Color?
    var borderWidth: Points
    var cornerRadius: Points
    var bar: Color?
    var barWidth: Points
    /// Leave out the edge at a page break (and square the corners there).
    var openAtPageBreaks: Bool
}

/// How a line of text was set: whether it was justified, how far its spaces stretched
/// or shrank, the widest space between its words, whether it ends in an inserted hyphen,
/// and whether its glyphs run past its rect (never, by design; the report checks it).
public struct LineSetting: Sendable, Hashable {
    public var justified = false
    /// The breaker's adjustment ratio (1: spaces stretched fully, -1: shrunk fully); nil
    /// for lines the first-fit breaker set.
    public var ratio: Double?
    /// The widest stretchable space on the line, in ems of the paragraph's font size.
    public var widestSpace: Double = 0
    public var hyphenated = false
    public var overfull = false
    public init() {}
}

/// A laid-out line, as in TextKit: `rect` spans the container's width, `usedRect` what
/// the glyphs cover; y values are relative to the owning box until pagination places it.
public struct LineFragment: Sendable {
    public var rect: Rect
    public var usedRect: Rect
    public var baseline: Points
    /// UTF-8 byte range of the paragraph text.
    public var range: Range<Int>
    /// The line's text (for dumps).
    public var text: String
    public var source: SourceRange
    /// How the line was set, for the typography report (`--line-report`).
    public var setting = LineSetting()

    func offsetBy(dy: Points) -> LineFragment {
        var f = self
        f.rect = rect.offsetBy(dx: .zero, dy: dy)
        f.usedRect = usedRect.offsetBy(dx: .zero, dy: dy)
        f.baseline = baseline + dy
        return f
    }
}

extension PageItem {
    /// Moves the item down by `dy` in place. A glyph run's glyphs are changed where they
    /// are when this item holds the only reference to them (`offsetBy` changes a copy,
    /// and copies all the glyphs when the original still holds them).
    mutating func offset(dy: Points) {
        guard case .glyphs(var run) = self else {
            self = offsetBy(dy: dy)
            return
        }
        self = .destination(name: "", at: .zero)  // lets go of the run, so `run` holds it alone
        for i in run.glyphs.indices { run.glyphs[i].position.y += dy }
        self = .glyphs(run)
    }

    /// The item moved down by `dy`.
    func offsetBy(dy: Points) -> PageItem {
        switch self {
        case .glyphs(var run):
            for i in run.glyphs.indices { run.glyphs[i].position.y += dy }
            return .glyphs(run)
        case .shape(var s):
            s.geometry = s.geometry.offsetBy(dy: dy)
            return .shape(s)
        case .image(var img):
            img.rect = img.rect.offsetBy(dx: .zero, dy: dy)
            return .image(img)
        case .link(let rect, let target, let node):
            return .link(rect: rect.offsetBy(dx: .zero, dy: dy), target: target, structure: node)
        case .destination(let name, let at):
            return .destination(name: name, at: Point(x: at.x, y: at.y + dy))
        case .group(var g):
            g.transform.ty += dy.value
            return .group(g)
        }
    }
}

extension Shape.Geometry {
    func offsetBy(dy: Points) -> Shape.Geometry {
        switch self {
        case .rect(let r, let c): return .rect(r.offsetBy(dx: .zero, dy: dy), cornerRadius: c)
        case .ellipse(let r): return .ellipse(r.offsetBy(dx: .zero, dy: dy))
        case .line(let a, let b): return .line(from: Point(x: a.x, y: a.y + dy), to: Point(x: b.x, y: b.y + dy))
        case .polyline(let pts, let closed): return .polyline(pts.map { Point(x: $0.x, y: $0.y + dy) }, closed: closed)
        case .path(let p): return .path(p.offsetBy(dy: dy))
        }
    }
}

/// Where the page number of a destination is printed: right-aligned at `right` on
/// `baseline` (from the box's top), in `text`'s style (its string is ignored).
struct PageNumberSlot {
    var destination: String
    var right: Points
    var baseline: Points
    var style: StyledRun
    /// The contents entry the number belongs to.
    var structure: StructureID?
    /// The leader from the entry's text toward the number, drawn with the number.
    var leader: Leader?

    struct Leader {
        var style: StyledRule.Style
        /// Where the entry's text ends, plus the gap.
        var from: Points
        /// The left edge of the number column (as wide as the widest number expected).
        var columnStart: Points
        var gap: Points
        var size: Points
        var color: Color
    }
}
