import MDCore

public struct BodyStyle: ThemeReadable, Sendable, Hashable {
    public var fontFamily: [String]
    public var fontSize: Length
    /// Multiple of the font size from baseline to baseline.
    public var lineHeight: Double
    public var color: ThemeColor
    /// BCP 47 tag used for shaping and the PDF's language.
    public var language: String
    public var features: FontFeatures
}

public enum TextAlignment: String, ThemeReadable, Sendable, Hashable { case left, center, right, justify }

public struct ParagraphStyle: ThemeReadable, Sendable, Hashable {
    public var alignment: TextAlignment
    public var spaceAfter: Length
    public var firstLineIndent: Length
    /// false: `firstLineIndent` applies only to a paragraph that follows another
    /// paragraph (book style); true: to every paragraph.
    public var indentFirst: Bool
    /// nil: the body's line height.
    public var lineHeight: Double?
    /// How lines are chosen: `optimal` (total-fit, TeX's algorithm) or `simple` (first-fit).
    public var lineBreaking: LineBreaking
    /// Hyphenation of running text: `auto` (when justified), `true` or `false`.
    public var hyphenate: Hyphenate
    /// Fewest characters before and after a hyphen.
    public var hyphenMinLeft: Int
    public var hyphenMinRight: Int
}

public enum LineBreaking: String, ThemeReadable, Sendable, Hashable { case optimal, simple }

/// `"auto"`, `true` or `false` in the theme.
public enum Hyphenate: ThemeReadable, Sendable, Hashable {
    case auto, always, never

    init(theme value: ThemeValue) throws(ThemeReadError) {
        if case .bool(let b) = value.node.value { self = b ? .always : .never; return }
        guard try value.string() == "auto" else { throw ThemeReadError(.invalid("expected \"auto\", true or false")) }
        self = .auto
    }
}

public struct HeadingsStyle: ThemeReadable, Sendable, Hashable {
    public var fontFamily: [String]
    public var fontWeight: Int
    public var italic: Bool
    public var color: ThemeColor
    public var lineHeight: Double
    public var alignment: TextAlignment
    public var features: FontFeatures
    public var numbering: HeadingNumbering
    /// Thickness of a level's `borderBottom` rule.
    public var borderWidth: Length
    /// From the heading's last line to its `borderBottom` rule (em of the heading).
    public var borderGap: Length
    public var h1: HeadingLevelStyle, h2: HeadingLevelStyle, h3: HeadingLevelStyle
    public var h4: HeadingLevelStyle, h5: HeadingLevelStyle, h6: HeadingLevelStyle
    public var underline: DecorationSpec?

    /// The style of heading `level` (1…6; out-of-range levels are clamped).
    public func level(_ level: Int) -> HeadingLevelStyle {
        [h1, h2, h3, h4, h5, h6][min(max(level, 1), 6) - 1]
    }
}

/// Numbers headings `fromLevel`…`toLevel` ("1", "1.2", "1.2.3"), built in the style stage.
public struct HeadingNumbering: ThemeReadable, Sendable, Hashable {
    public var enabled: Bool
    public var fromLevel: Int
    public var toLevel: Int
    /// Between the number and the title.
    public var suffix: String
}

public struct HeadingLevelStyle: ThemeReadable, Sendable, Hashable {
    /// `em` is relative to the body font size.
    public var fontSize: Length
    /// `em` is relative to the heading's own font size.
    public var spaceBefore: Length
    public var spaceAfter: Length
    /// nil: the `headings` value.
    public var fontWeight: Int?
    public var italic: Bool?
    public var color: ThemeColor?
    /// A rule under the heading in this color; nil for none.
    public var borderBottom: ThemeColor?
}

/// A style applied on top of the surrounding text; nil leaves a property as it is.
public struct InlineStyle: ThemeReadable, Sendable, Hashable {
    public var fontWeight: Int?
    public var italic: Bool?
    public var color: ThemeColor?
    /// A line under the text (nil: as the surrounding text; style "none" removes it).
    public var underline: DecorationSpec?
    /// A line through the text.
    public var strike: DecorationSpec?
}

/// The style of links: an inline style plus how bare URLs are shown.
public struct LinkStyle: ThemeReadable, Sendable, Hashable {
    public var fontWeight: Int?
    public var italic: Bool?
    public var color: ThemeColor?
    public var underline: DecorationSpec?
    public var strike: DecorationSpec?
    /// Bare URLs (autolinks, which print their own address) longer than this many
    /// characters are shown without their scheme and with the middle elided ("…") to
    /// this length; the link keeps the full URL. 0: shown as written.
    public var shortenBareURLs: Int
    /// Whether links to local files other than PDFs are clickable. They are written as
    /// PDF `/Launch` actions: the viewer opens the file with the system's program for
    /// it, and runs it if it is a script or a program, so a document could make a
    /// harmless-looking link start anything on the reader's machine. Off by default;
    /// `file:` URIs follow the same switch.
    public var launchFiles: Bool

    /// The inline part, applied like emphasis or strong.
    public var inline: InlineStyle {
        InlineStyle(fontWeight: fontWeight, italic: italic, color: color, underline: underline, strike: strike)
    }
}

/// An underline or strike line. Thickness and offset default to the font's own metrics
/// (`post` underline, OS/2 strikeout); `em` is relative to the decorated text's size.
public struct DecorationSpec: ThemeReadable, Sendable, Hashable {
    public var style: DecorationLineStyle
    /// nil: the text's own color.
    public var color: ThemeColor?
    public var thickness: Length?
    /// Distance below the baseline (underline) or above it (strike), to the line's centre.
    public var offset: Length?
}

public enum DecorationLineStyle: String, ThemeReadable, Sendable, Hashable, CaseIterable {
    case none, single, double, thick, dotted, dashed, wavy
}

/// How a box split by a page break is drawn at the break: closed (a full box on each
/// part) or open (the edge at the break is left out, so the parts read as one).
public enum SplitEdges: String, ThemeReadable, Sendable, Hashable { case closed, open }

public enum ListNumbering: String, ThemeReadable, Sendable, Hashable, CaseIterable {
    case decimal
    case lowerAlpha = "lower-alpha", upperAlpha = "upper-alpha"
    case lowerRoman = "lower-roman", upperRoman = "upper-roman"
}

public enum RuleLineStyle: String, ThemeReadable, Sendable, Hashable { case solid, dashed, dotted, text }

/// `==highlighted==` text; reserved until the parser produces highlights.
public struct HighlightStyle: ThemeReadable, Sendable, Hashable {
    public var color: ThemeColor?
    public var background: ThemeColor?
}

/// A key cap (`<kbd>`): text in a stroked rounded box.
public struct KeyboardStyle: ThemeReadable, Sendable, Hashable {
    public var fontFamily: [String]
    /// `em` is relative to the surrounding text.
    public var fontSize: Length
    public var color: ThemeColor
    public var background: ThemeColor?
    public var borderColor: ThemeColor?
    public var borderWidth: Length
    public var cornerRadius: Length
    /// Room between the glyphs and the box's sides, taken in the line (as CSS padding).
    public var padding: Length
    public var features: FontFeatures
}

/// Superscripts and subscripts (`<sup>`, `<sub>`).
public struct ScriptStyle: ThemeReadable, Sendable, Hashable {
    /// Size relative to the surrounding text, when the font has no glyphs of its own.
    public var fontSize: Length
    /// How far the baseline moves (up for superscripts, down for subscripts), relative
    /// to the surrounding text, when the font has no glyphs of its own.
    public var shift: Length
    /// Use the font's own superscript or subscript glyphs (OpenType `sups`, `subs`) when
    /// it has them for every character.
    public var fontFeature: Bool
}

public struct CodeSpanStyle: ThemeReadable, Sendable, Hashable {
    public var fontFamily: [String]
    /// `em` is relative to the surrounding text.
    public var fontSize: Length
    public var color: ThemeColor
    public var background: ThemeColor?
    /// Room between the glyphs and the background's sides, taken in the line (as CSS
    /// padding); none without a background.
    public var padding: Length
    public var features: FontFeatures
    public var underline: DecorationSpec?
}

public struct CodeBlockStyle: ThemeReadable, Sendable, Hashable {
    public var fontFamily: [String]
    public var fontSize: Length
    public var lineHeight: Double
    public var color: ThemeColor
    public var background: ThemeColor?
    public var borderColor: ThemeColor?
    public var borderWidth: Length
    public var cornerRadius: Length
    public var padding: Length
    public var spaceAfter: Length
    /// Drawn at the start of a continuation line when a long code line wraps (as glyph
    /// outlines, outside the text layer, so copied code never contains it).
    public var wrapMark: String
    public var wrapMarkColor: ThemeColor
    public var features: FontFeatures
    public var splitEdges: SplitEdges
    /// Columns between tab stops (1…16).
    public var tabWidth: Int
    /// Number every block's lines (a block can also ask in its info string).
    public var lineNumbers: Bool
    public var lineNumberColor: ThemeColor
    public var highlight: CodeHighlightStyle
}

/// Syntax highlighting of code blocks. `tokens` is complete once loaded: the loader fills
/// every kind from `palette` under what the theme layers set (`HighlightPalettes`).
public struct CodeHighlightStyle: ThemeReadable, Sendable, Hashable {
    /// A built-in palette name (`github`, `solarized`, `high-contrast`, `monochrome`,
    /// `none`); `none` turns highlighting off.
    public var palette: String
    /// The language of blocks that name none; nil prints them plain.
    public var defaultLanguage: String?
    /// Token styles by kind (`keyword`, `string`, … `prompt`).
    public var tokens: [String: TokenStyle]
}

/// How one kind of token is printed. A nil color is the code block's own.
public struct TokenStyle: ThemeReadable, Sendable, Hashable {
    public var color: ThemeColor?
    public var fontWeight: Int
    public var italic: Bool
}

public struct BlockQuoteStyle: ThemeReadable, Sendable, Hashable {
    public var color: ThemeColor
    public var italic: Bool
    public var background: ThemeColor?
    public var barColor: ThemeColor
    public var barWidth: Length
    /// From the bar's left edge to the quoted text.
    public var indent: Length
    public var spaceAfter: Length
    public var splitEdges: SplitEdges
}

public struct ListStyle: ThemeReadable, Sendable, Hashable {
    /// From the list's left edge to the item text.
    public var indent: Length
    /// From the marker's right edge to the item text.
    public var markerGap: Length
    /// Extra space between the items of a loose list.
    public var itemSpacing: Length
    /// After a list that is not nested in a tight list; nil: the paragraph spacing.
    public var spaceAfter: Length?
    /// Marker per nesting level (cycled): "disc", "circle", "square", "dash" or any text.
    public var bullets: [String]
    /// Numbering per nesting level (cycled): "decimal", "lower-alpha", "upper-alpha",
    /// "lower-roman", "upper-roman".
    public var numbering: [ListNumbering]
    /// Size of shape markers (diameter or side); `em` of the item's text.
    public var markerSize: Length
    public var markerColor: ThemeColor
    /// Font for text markers ("➤", "–", numbers); empty: the item's own font.
    public var markerFont: [String]
    /// Side of a task checkbox; `em` of the item's text.
    public var taskSize: Length
    public var taskCheckColor: ThemeColor
    public var taskBoxColor: ThemeColor
    /// Text color of checked task items; nil keeps the text color.
    public var taskDoneColor: ThemeColor?
    public var taskDoneStrikethrough: Bool
    /// Per nesting level (index 0 = outermost; the last entry repeats deeper down).
    public var levels: [ListLevelStyle]

    /// The overrides for nesting `depth` (1 = outermost list), if any.
    public func level(_ depth: Int) -> ListLevelStyle? {
        levels.isEmpty ? nil : levels[min(max(depth, 1), levels.count) - 1]
    }
}

/// Values that differ at one list nesting level; nil keeps the `list` value.
public struct ListLevelStyle: ThemeReadable, Sendable, Hashable {
    public var indent: Length?
    public var markerGap: Length?
    public var itemSpacing: Length?
    public var markerColor: ThemeColor?
}

public struct TableStyle: ThemeReadable, Sendable, Hashable {
    public var fontSize: Length
    public var cellPadding: Length
    public var headerBackground: ThemeColor?
    public var headerFontWeight: Int
    /// nil: the text color.
    public var headerColor: ThemeColor?
    public var borderColor: ThemeColor
    public var borderWidth: Length
    public var zebraBackground: ThemeColor?
    public var spaceAfter: Length
    /// A row split across pages: closed (a border at the break on both parts) or open.
    public var splitEdges: SplitEdges
    /// The smallest size a table too wide for the page is set at (em of the body size).
    public var minFontSize: Length
}

public struct ImageStyle: ThemeReadable, Sendable, Hashable {
    public var spaceAfter: Length
    /// The box printed where an image cannot be shown.
    public var placeholder: ImagePlaceholderStyle
}

public struct ImagePlaceholderStyle: ThemeReadable, Sendable, Hashable {
    /// Its alt text and file name.
    public var color: ThemeColor
    public var borderColor: ThemeColor
    public var background: ThemeColor?
}

/// The front matter's title, subtitle, author(s), date and abstract at the top of the
/// document, as pandoc, LaTeX and Typst print them.
public struct TitleBlockStyle: ThemeReadable, Sendable, Hashable {
    public var alignment: TextAlignment
    public var title: TitleBlockPartStyle
    public var subtitle: TitleBlockPartStyle
    public var author: TitleBlockPartStyle
    public var date: TitleBlockPartStyle
    public var abstract: AbstractStyle
    /// A rule under the block; nil for none.
    public var ruleColor: ThemeColor?
    /// Below the block (em of the body size).
    public var spaceAfter: Length
}

public struct TitleBlockPartStyle: ThemeReadable, Sendable, Hashable {
    /// nil: the headings' families (title, subtitle) or the body's (author, date).
    public var fontFamily: [String]?
    /// em of the body size.
    public var fontSize: Length
    public var fontWeight: Int
    public var italic: Bool
    /// nil: the headings' color (title, subtitle) or the body's (author, date).
    public var color: ThemeColor?
    /// em of the part's own size.
    public var spaceAfter: Length
}

public struct AbstractStyle: ThemeReadable, Sendable, Hashable {
    /// The line above the abstract ("Abstract"); "" for none.
    public var title: String
    public var titleWeight: Int
    /// em of the body size.
    public var fontSize: Length
    public var italic: Bool
    /// nil: the body's.
    public var color: ThemeColor?
    /// On both sides.
    public var indent: Length
    public var alignment: TextAlignment
    public var spaceAfter: Length
}

public struct RuleStyle: ThemeReadable, Sendable, Hashable {
    /// "solid", "dashed", "dotted" (round dots, evenly spaced) or "text" (`text`, centered).
    public var style: RuleLineStyle
    /// The ornament for `style: "text"`, e.g. "* * *".
    public var text: String
    /// Share of the body width, e.g. "100%" or "40%"; the rule is centered.
    public var width: String
    public var color: ThemeColor
    public var thickness: Length
    public var spaceBefore: Length
    public var spaceAfter: Length
}

public struct FootnotesStyle: ThemeReadable, Sendable, Hashable {
    public enum Placement: String, ThemeReadable, Sendable, Hashable {
        /// Collected after the last block.
        case end
        /// At the bottom of the page that refers to them; laid out as `end` until the
        /// page-footnote layout (issue 4) exists.
        case page
    }
    public var fontSize: Length
    public var ruleColor: ThemeColor
    /// Width of the rule above page footnotes, as a share of the body ("33%").
    public var ruleWidth: String
    public var spaceBefore: Length
    public var placement: Placement
}

/// The generated table of contents (`--toc`, `toc: true`, `[[_TOC_]]`, `<!-- toc -->`).
public struct TOCStyle: ThemeReadable, Sendable, Hashable {
    /// The heading printed above the entries; "" for none.
    public var title: String
    /// Deepest heading level listed.
    public var depth: Int
    /// `em` of the body size.
    public var fontSize: Length
    /// Extra indent per level below the top one.
    public var indent: Length
    /// Weight of the top-level entries.
    public var topLevelWeight: Int
    /// Space above each top-level entry.
    public var topLevelSpace: Length
    /// "dotted", "solid", "dashed" or "none": the line from an entry to its page number.
    public var leader: RuleLineStyle?
    public var leaderColor: ThemeColor
    public var spaceAfter: Length
}

/// The PDF's bookmarks.
public struct BookStyle: ThemeReadable, Sendable, Hashable {
    /// What comes before a chapter of a book: a new page for every file (`page`), for
    /// chapters but not their sections (files nested under another in the summary,
    /// `chapter`), or never (`none`: chapters run on).
    public enum ChapterBreak: String, ThemeReadable, Sendable, Hashable { case page, chapter, none }
    public var chapterBreak: ChapterBreak
}

public struct OutlineStyle: ThemeReadable, Sendable, Hashable {
    /// Deepest heading level in the outline.
    public var depth: Int
    /// Levels shown expanded when the PDF opens (1: only the top level's children).
    public var openLevels: Int
}

/// GitHub's alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`):
/// a bar in the kind's color, a title line with a drawn icon, then the content.
public struct AlertsStyle: ThemeReadable, Sendable, Hashable {
    public var barWidth: Length
    /// From the bar's left edge to the content.
    public var indent: Length
    /// Above and below the content, inside the bar.
    public var padding: Length
    public var spaceAfter: Length
    public var titleFontWeight: Int
    /// null: the body's families.
    public var titleFontFamily: [String]?
    /// From the icon to the title text.
    public var iconGap: Length
    public var splitEdges: SplitEdges
    public var note: AlertKindStyle
    public var tip: AlertKindStyle
    public var important: AlertKindStyle
    public var warning: AlertKindStyle
    public var caution: AlertKindStyle
}

public struct AlertKindStyle: ThemeReadable, Sendable, Hashable {
    /// The bar, the icon and the title.
    public var color: ThemeColor
    /// The title printed after the icon ("Note"); empty: the icon alone.
    public var title: String
    /// Whether the kind's icon is drawn before the title.
    public var icon: Bool
    /// Behind the whole alert; null: none.
    public var background: ThemeColor?
}
