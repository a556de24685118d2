import MDCore
import MDTheme

/// The document as blocks of attributed text with every theme decision made: fonts,
/// sizes, colors, spacing, insets. Layout reads only this (never the theme).
public struct StyledDocument: Sendable {
    public var blocks: [StyledBlock]
    public var page: PageSetup
    public var metadata: DocumentMetadata
    /// Footnotes placed at the bottom of the page that references them; nil when the
    /// theme puts them at the end of `blocks`.
    public var pageFootnotes: PageFootnotes?
    /// Every image file the document names (resolved against its folder), whether or
    /// not it could be shown: what a rebuild depends on.
    public var imagePaths: [String] = []
    /// The images that are shown, in the order first named: what the renderer may
    /// prepare ahead of drawing them.
    public var imageSources: [ImageSource] = []
    public init(blocks: [StyledBlock], page: PageSetup, metadata: DocumentMetadata, pageFootnotes: PageFootnotes? = nil) {
        self.blocks = blocks; self.page = page; self.metadata = metadata; self.pageFootnotes = pageFootnotes
    }
}

/// Footnotes for the bottom of the page: each note (by number) as blocks, and the rule
/// that separates them from the body.
public struct PageFootnotes: Sendable {
    public var notes: [Int: [StyledBlock]]
    public var rule: StyledRule
    public init(notes: [Int: [StyledBlock]], rule: StyledRule) { self.notes = notes; self.rule = rule }
}


public indirect enum StyledBlock: Sendable {
    case paragraph(StyledParagraph)
    /// A box around blocks: code blocks (background, border) and block quotes (bar).
    case container(StyledContainer)
    case list(StyledList)
    case table(StyledTable)
    case image(StyledImage)
    case rule(StyledRule)
    case tableOfContents(StyledTOC)
    /// Where the author asked for the table of contents; replaced before layout.
    case tocPlaceholder
    /// A display formula, on its own lines.
    case math(StyledMath)
    /// What follows starts a new page.
    case pageBreak
    /// Where a chapter of a book starts.
    case chapterStart(StyledChapterStart)
}

/// The start of a book's chapter: its destinations, each with its outline and contents
/// entry (the chapter's own, and before it a part's that begins here), on a new page
/// when `newPage` (a page that holds nothing yet is not broken again).
public struct StyledChapterStart: Sendable {
    public struct Mark: Sendable, Hashable {
        public var anchor: String
        public var title: String
        /// Outline level, 1 at the top.
        public var level: Int
        public init(anchor: String, title: String, level: Int) { self.anchor = anchor; self.title = title; self.level = level }
    }
    public var marks: [Mark]
    public var newPage: Bool
    public init(marks: [Mark], newPage: Bool) { self.marks = marks; self.newPage = newPage }
}

/// A generated table of contents: one entry per heading, with dotted leaders to
/// right-aligned page numbers that layout fills in (laying out again until they are stable).
public struct StyledTOC: Sendable {
    public struct Entry: Sendable {
        public var level: Int
        public var text: AttributedText
        /// The heading's destination.
        public var anchor: String
        public init(level: Int, text: AttributedText, anchor: String) { self.level = level; self.text = text; self.anchor = anchor }
    }
    public var entries: [Entry]
    /// The font, size and color of page numbers.
    public var numberLayout: RunLayout
    public var numberColor: Color
    public var lineHeight: Double
    /// Extra indent per level below the top level present.
    public var indent: Points
    /// Space above each top-level entry.
    public var topLevelSpace: Points
    public var leader: StyledRule.Style?
    public var leaderColor: Color
    public var spaceAfter: Points
    public init(entries: [Entry], numberLayout: RunLayout, numberColor: Color, lineHeight: Double, indent: Points,
                topLevelSpace: Points, leader: StyledRule.Style?, leaderColor: Color, spaceAfter: Points) {
        self.entries = entries; self.numberLayout = numberLayout; self.numberColor = numberColor; self.lineHeight = lineHeight
        self.indent = indent; self.topLevelSpace = topLevelSpace; self.leader = leader; self.leaderColor = leaderColor
        self.spaceAfter = spaceAfter
    }
}

public enum BlockRole: Sendable, Hashable {
    case body
    /// A heading: level 1…6 and its anchor (slug) for links and the outline.
    case heading(level: Int, anchor: String, title: String)
    case code
    /// The document's title in its title block: a heading outside the numbered levels,
    /// the outline and the contents.
    case title
}

public struct StyledParagraph: Sendable {
    public var text: AttributedText
    public var alignment: TextAlignment
    /// Baseline-to-baseline distance as a multiple of each run's font size.
    public var lineHeight: Double
    public var spaceBefore: Points
    public var spaceAfter: Points
    public var firstLineIndent: Points
    /// Avoid a page break between this block and the next (headings).
    public var keepWithNext: Bool
    public var role: BlockRole
    /// For code: drawn at the start of each continuation line of a wrapped line, as
    /// glyph outlines (never in the text layer), after the indentation of the line it
    /// continues.
    public var wrapMark: AttributedText?
    /// For code: numbers in a gutter beside each source line; nil for none.
    public var lineNumbers: LineNumbering?
    /// Keep whitespace at line starts (code); otherwise it is dropped at a wrap.
    public var preservesWhitespace: Bool
    /// The font and size of the paragraph's own text: the strut every line has even
    /// when empty, so lines are evenly spaced.
    public var baseFont: FontSpec
    public var baseSize: Points
    public var source: SourceRange
    /// Named destinations inside the text (raw-HTML `<a id>` / `<a name>`), ascending by
    /// offset; every offset is within `0...text.string.utf8.count`.
    public var anchors: [TextAnchor]
    /// How lines are chosen (the theme's `paragraph.lineBreaking`; code wraps first-fit).
    public var lineBreaking: LineBreaking = .optimal
    /// Where words may be hyphenated; nil: nowhere.
    public var hyphenation: Hyphenation?
    /// A heading's level in the outline and the contents when it differs from its own
    /// (in a book, a chapter's headings sit under the chapter's entry); 0 leaves it out
    /// (a chapter's title heading, which the chapter's entry stands for).
    public var outlineLevel: Int?
    public init(text: AttributedText, alignment: TextAlignment, lineHeight: Double, spaceBefore: Points,
                spaceAfter: Points, firstLineIndent: Points = .zero, keepWithNext: Bool = false, role: BlockRole = .body,
                wrapMark: AttributedText? = nil, lineNumbers: LineNumbering? = nil, preservesWhitespace: Bool = false,
                baseFont: FontSpec, baseSize: Points,
                source: SourceRange, anchors: [TextAnchor] = []) {
        self.text = text; self.alignment = alignment; self.lineHeight = lineHeight; self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter; self.firstLineIndent = firstLineIndent; self.keepWithNext = keepWithNext
        self.role = role; self.wrapMark = wrapMark; self.lineNumbers = lineNumbers; self.preservesWhitespace = preservesWhitespace
        self.baseFont = baseFont; self.baseSize = baseSize; self.source = source; self.anchors = anchors
    }
}

/// Line numbers of a code block: one per source line (a wrapped line gets one), right-
/// aligned in a gutter as wide as the widest number, drawn as glyph outlines so copied
/// code does not contain them.
public struct LineNumbering: Sendable, Hashable {
    /// The number of the first line.
    public var first: Int
    public var layout: RunLayout
    public var color: Color
    /// From the numbers' right edge to the code.
    public var gap: Points
    public init(first: Int, layout: RunLayout, color: Color, gap: Points) {
        self.first = first; self.layout = layout; self.color = color; self.gap = gap
    }
}

/// Hyphenation of a paragraph's words: the patterns' language and the fewest characters
/// kept before and after a hyphen.
public struct Hyphenation: Sendable, Hashable {
    public var language: String
    public var minLeft: Int
    public var minRight: Int
    public init(language: String, minLeft: Int, minRight: Int) {
        self.language = language; self.minLeft = minLeft; self.minRight = minRight
    }
}

/// Text with style runs. Run ranges are UTF-8 byte offsets, ascending, covering the
/// string without gaps.
public struct AttributedText: Sendable {
    public var string: String
    public var runs: [StyledRun]
    public init(string: String = "", runs: [StyledRun] = []) { self.string = string; self.runs = runs }
    public var isEmpty: Bool { string.isEmpty }
}

public struct StyledRun: Sendable {
    public var range: Range<Int>
    public var layout: RunLayout
    public var paint: RunPaint
    public init(range: Range<Int>, layout: RunLayout, paint: RunPaint) {
        self.range = range; self.layout = layout; self.paint = paint
    }
}

/// Attributes that change glyphs or their positions.
public struct RunLayout: Hashable, Sendable {
    /// Behind one shared reference: runs copy this with every line and glyph item.
    private var fields: CopyOnWrite<Fields>
    private struct Fields: Hashable, Sendable {
        var font: FontSpec
        var size: Points
        var baselineShift: Points
        var object: InlineObject?
        var padding: Points
        var scriptVariant: ScriptVariant?
        var code: Bool
    }
    public var font: FontSpec {
        get { fields.value.font }
        set { fields.value.font = newValue }
    }
    public var size: Points {
        get { fields.value.size }
        set { fields.value.size = newValue }
    }
    /// Raise (positive) or lower the baseline, e.g. for superscripts.
    public var baselineShift: Points {
        get { fields.value.baselineShift }
        set { fields.value.baselineShift = newValue }
    }
    /// Set on a run of U+FFFC characters, each of which is this object (an inline
    /// image) rather than text. Its box alone sizes the line (the paragraph's strut
    /// still applies); `font` and `size` only shape the U+FFFC, whose glyph is never drawn.
    public var object: InlineObject? {
        get { fields.value.object }
        set { fields.value.object = newValue }
    }
    /// Room added before the run's first glyph and after its last, taken in the line as
    /// CSS padding is (a key cap's or a code span's sides, inside its box): the word
    /// space beside the box stays whole.
    public var padding: Points {
        get { fields.value.padding }
        set { fields.value.padding = newValue }
    }
    /// For a superscript or subscript set smaller and shifted: how to set it instead
    /// when the font has superscript or subscript glyphs of its own for all of it.
    public var scriptVariant: ScriptVariant? {
        get { fields.value.scriptVariant }
        set { fields.value.scriptVariant = newValue }
    }
    /// Set on a code span: a line breaks inside it (at a hyphen, after punctuation) only
    /// when it cannot break anywhere else, and never leaves fewer than 3 of its characters
    /// on either line. Its spaces break as any space does.
    public var code: Bool {
        get { fields.value.code }
        set { fields.value.code = newValue }
    }
    /// Whether the two share one copy of their fields (see `RunStyles`).
    func sharesStorage(with other: RunLayout) -> Bool { fields.sharesStorage(with: other.fields) }
    public init(font: FontSpec, size: Points, baselineShift: Points = .zero, object: InlineObject? = nil,
                padding: Points = .zero, scriptVariant: ScriptVariant? = nil, code: Bool = false) {
        fields = CopyOnWrite(Fields(font: font, size: size, baselineShift: baselineShift, object: object,
                                    padding: padding, scriptVariant: scriptVariant, code: code))
    }
}

/// A superscript or subscript set with the font's own glyphs (OpenType `sups` or
/// `subs`): at the text's size and baseline, the feature on. Layout uses it where the
/// font substitutes every glyph of the run, as typographers prefer to synthesized ones.
public struct ScriptVariant: Hashable, Sendable {
    /// `sups` or `subs`.
    public var feature: String
    /// The size and baseline shift of the text around.
    public var size: Points
    public var baselineShift: Points
    public init(feature: String, size: Points, baselineShift: Points) {
        self.feature = feature; self.size = size; self.baselineShift = baselineShift
    }
}

/// Attributes that only change how glyphs are painted; carried through layout untouched.
public struct RunPaint: Hashable, Sendable {
    /// Behind one shared reference: runs copy this with every line and glyph item.
    private var fields: CopyOnWrite<Fields>
    private struct Fields: Hashable, Sendable {
        var color: Color
        var background: Color?
        var frame: RunFrame?
        var highlight: Color?
        var underline: TextDecoration?
        var strike: TextDecoration?
        var link: LinkTarget?
        var linkSource: SourceLocation?
        var footnoteReference: Int?
    }
    public var color: Color {
        get { fields.value.color }
        set { fields.value.color = newValue }
    }
    /// A rounded background behind the run's glyphs per line fragment (code spans),
    /// covering the room `RunLayout.padding` adds at the run's ends.
    public var background: Color? {
        get { fields.value.background }
        set { fields.value.background = newValue }
    }
    /// A stroked outline around the background's box (a key cap).
    public var frame: RunFrame? {
        get { fields.value.frame }
        set { fields.value.frame = newValue }
    }
    /// A highlight behind the glyphs covering the whole line height (`<mark>`).
    public var highlight: Color? {
        get { fields.value.highlight }
        set { fields.value.highlight = newValue }
    }
    public var underline: TextDecoration? {
        get { fields.value.underline }
        set { fields.value.underline = newValue }
    }
    public var strike: TextDecoration? {
        get { fields.value.strike }
        set { fields.value.strike = newValue }
    }
    /// Where the run links to.
    public var link: LinkTarget? {
        get { fields.value.link }
        set { fields.value.link = newValue }
    }
    /// Where the link that `link` comes from starts in the source, so a warning about
    /// its destination (an anchor that does not exist) names the link's own line and
    /// column. nil for links the style stage makes itself (footnote references).
    public var linkSource: SourceLocation? {
        get { fields.value.linkSource }
        set { fields.value.linkSource = newValue }
    }
    /// Set on a footnote reference: layout places note `n` on the page of this run and
    /// marks the spot as the note's way back (`fnref-n`).
    public var footnoteReference: Int? {
        get { fields.value.footnoteReference }
        set { fields.value.footnoteReference = newValue }
    }
    /// Whether the two share one copy of their fields (see `RunStyles`).
    func sharesStorage(with other: RunPaint) -> Bool { fields.sharesStorage(with: other.fields) }
    public init(color: Color, background: Color? = nil, frame: RunFrame? = nil,
                highlight: Color? = nil, underline: TextDecoration? = nil, strike: TextDecoration? = nil, link: LinkTarget? = nil,
                linkSource: SourceLocation? = nil, footnoteReference: Int? = nil) {
        fields = CopyOnWrite(Fields(color: color, background: background, frame: frame,
                                    highlight: highlight, underline: underline, strike: strike, link: link,
                                    linkSource: linkSource, footnoteReference: footnoteReference))
    }
}

/// The outline of a run's box (`<kbd>`): stroked in `color`, `width` wide, with rounded
/// corners.
public struct RunFrame: Hashable, Sendable {
    public var color: Color
    public var width: Points
    public var cornerRadius: Points
    public init(color: Color, width: Points, cornerRadius: Points) {
        self.color = color; self.width = width; self.cornerRadius = cornerRadius
    }
}

/// An underline or strike line as layout draws it. Adjacent runs with equal
/// decorations get one continuous segment per line fragment.
public struct TextDecoration: Hashable, Sendable {
    public enum Style: String, Sendable, Hashable { case single, double, thick, dotted, dashed, wavy }
    public var style: Style
    /// nil: the color of the text where the segment starts.
    public var color: Color?
    /// nil: the font's own metric.
    public var thickness: Em?
    /// Distance from the baseline to the line's centre (below for underlines, above for
    /// strikes); nil: the font's own metric.
    public var offset: Em?
    public init(style: Style, color: Color? = nil, thickness: Em? = nil, offset: Em? = nil) {
        self.style = style; self.color = color; self.thickness = thickness; self.offset = offset
    }
}

public struct StyledContainer: Sendable {
    /// `division`: an indented group (an HTML definition's description); `alert`: a
    /// GitHub alert's callout.
    public enum Kind: Sendable, Hashable { case codeBlock, blockQuote, footnotes, division, alert }
    public var kind: Kind
    public var children: [StyledBlock]
    /// From the container's edges to its content.
    public var padding: EdgeInsets
    public var background: Color?
    public var border: Color?
    public var borderWidth: Points
    public var cornerRadius: Points
    /// A bar at the left edge (block quotes).
    public var bar: Color?
    public var barWidth: Points
    public var spaceBefore: Points
    public var spaceAfter: Points
    /// Leave out the box edge at a page break, so the parts read as one box.
    public var openAtPageBreaks: Bool
    public init(kind: Kind, children: [StyledBlock], padding: EdgeInsets, background: Color? = nil, border: Color? = nil,
                borderWidth: Points = .zero, cornerRadius: Points = .zero, bar: Color? = nil, barWidth: Points = .zero,
                spaceBefore: Points = .zero, spaceAfter: Points = .zero, openAtPageBreaks: Bool = false) {
        self.kind = kind; self.children = children; self.padding = padding; self.background = background
        self.border = border; self.borderWidth = borderWidth; self.cornerRadius = cornerRadius
        self.bar = bar; self.barWidth = barWidth; self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
        self.openAtPageBreaks = openAtPageBreaks
    }
}

public struct StyledList: Sendable {
    public var items: [StyledListItem]
    /// From the list's left edge to the item content.
    public var indent: Points
    /// From the marker's right edge to the content.
    public var markerGap: Points
    /// Extra space between items (loose lists).
    public var itemSpacing: Points
    public var spaceAfter: Points
    public init(items: [StyledListItem], indent: Points, markerGap: Points, itemSpacing: Points, spaceAfter: Points) {
        self.items = items; self.indent = indent; self.markerGap = markerGap
        self.itemSpacing = itemSpacing; self.spaceAfter = spaceAfter
    }
}

public struct StyledListItem: Sendable {
    public var marker: ListMarker
    public var children: [StyledBlock]
    /// A named destination at the item's first line (footnotes).
    public var anchor: String?
    /// Makes the marker a link (a footnote's number links back to its reference).
    public var markerLink: LinkTarget?
    public init(marker: ListMarker, children: [StyledBlock], anchor: String? = nil, markerLink: LinkTarget? = nil) {
        self.marker = marker; self.children = children; self.anchor = anchor; self.markerLink = markerLink
    }
}

/// A list marker is drawn beside the item's first line fragment, never typed into the text.
public enum ListMarker: Sendable {
    public enum ShapeKind: String, Sendable, Hashable { case disc, circle, square, dash }
    /// A drawn shape; `size` is its diameter/side, centered on the first line's x-height.
    case shape(ShapeKind, size: Points, color: Color)
    /// A text marker ("3.", "iv)", "➤") shaped on its own, right-aligned in the marker
    /// column on the first line's baseline.
    case text(AttributedText)
    /// A drawn checkbox of side `size`, centered on the first line's x-height;
    /// `checked` adds a check mark in `checkColor`.
    case checkbox(checked: Bool, size: Points, color: Color, checkColor: Color)
}

public struct StyledTable: Sendable {
    public var columns: Int
    public var alignments: [TextAlignment]
    /// Every row has `columns` cells; a slot covered by another cell's span holds an
    /// empty paragraph. The first `headerRows` rows are the header.
    public var rows: [[StyledParagraph]]
    /// The header's rows, repeated on each page: 1 for GFM, 0 for an HTML table
    /// without one, more for an HTML `<thead>` of several rows.
    public var headerRows: Int = 1
    /// Cells that cover more than one slot (HTML `colspan`, `rowspan`), by their first slot.
    public var spans: [CellSpan] = []
    /// Where a table narrower than its column goes (an HTML table in a centered `<div>`).
    public var alignment: TextAlignment = .left
    public var cellPadding: Points
    public var headerBackground: Color?
    public var zebraBackground: Color?
    public var borderColor: Color
    public var borderWidth: Points
    public var spaceAfter: Points
    /// A row split across pages leaves its border out at the break.
    public var openAtPageBreaks: Bool
    /// The smallest size a table too wide for its measure is set at (its cells are
    /// scaled down together, padding too).
    public var minFontSize: Points
    public var source: SourceRange
    public init(columns: Int, alignments: [TextAlignment], rows: [[StyledParagraph]], cellPadding: Points,
                headerBackground: Color?, zebraBackground: Color?, borderColor: Color, borderWidth: Points,
                spaceAfter: Points, openAtPageBreaks: Bool = false, minFontSize: Points = Points(6), source: SourceRange) {
        self.columns = columns; self.alignments = alignments; self.rows = rows; self.cellPadding = cellPadding
        self.headerBackground = headerBackground; self.zebraBackground = zebraBackground
        self.borderColor = borderColor; self.borderWidth = borderWidth; self.spaceAfter = spaceAfter
        self.openAtPageBreaks = openAtPageBreaks; self.minFontSize = minFontSize; self.source = source
    }
}

/// A cell covering `rowSpan` × `columnSpan` slots from (`row`, `column`).
public struct CellSpan: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var rowSpan: Int
    public var columnSpan: Int
    public init(row: Int, column: Int, rowSpan: Int, columnSpan: Int) {
        self.row = row; self.column = column; self.rowSpan = rowSpan; self.columnSpan = columnSpan
    }
}

public struct StyledImage: Sendable {
    /// The readable image file.
    public var image: ImageSource
    /// The size the document asks for (HTML `width`, `height`); nil: the image's own.
    public var width: ImageLength?
    public var height: ImageLength?
    /// Where the image goes across the column.
    public var alignment: TextAlignment = .left
    public var spaceAfter: Points
    public var link: LinkTarget?
    /// The image's description (its Markdown alt text), for the tagged PDF's /Alt.
    public var alt: String
    public var source: SourceRange
    public init(image: ImageSource, spaceAfter: Points, link: LinkTarget?, alt: String = "", source: SourceRange,
                width: ImageLength? = nil, height: ImageLength? = nil, alignment: TextAlignment = .left) {
        self.image = image; self.spaceAfter = spaceAfter; self.link = link; self.alt = alt; self.source = source
        self.width = width; self.height = height; self.alignment = alignment
    }
}

public struct StyledRule: Sendable {
    public enum Style: Sendable { case solid, dashed, dotted, text(AttributedText) }
    public var style: Style
    public var color: Color
    public var thickness: Points
    /// Share of the available width (0…1); the rule is centered.
    public var widthFraction: Double
    public var spaceBefore: Points
    public var spaceAfter: Points
    public init(style: Style = .solid, color: Color, thickness: Points, widthFraction: Double = 1,
                spaceBefore: Points, spaceAfter: Points) {
        self.style = style; self.color = color; self.thickness = thickness; self.widthFraction = widthFraction
        self.spaceBefore = spaceBefore; self.spaceAfter = spaceAfter
    }
}
