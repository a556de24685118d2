import MDCore

/// A resolved theme: every property present. Built by merging a theme file over the
/// built-in default theme (`ThemeLoader`), so the structs here need no defaults of
/// their own; the default theme JSON *is* the complete set of defaults.
public struct Theme: Codable, Sendable, Hashable {
    public var version: Int
    public var page: PageStyle
    public var body: BodyStyle
    public var paragraph: ParagraphStyle
    public var headings: HeadingsStyle
    public var emphasis: InlineStyle
    public var strong: InlineStyle
    public var strikethrough: InlineStyle
    public var link: LinkStyle
    public var codeSpan: CodeSpanStyle
    public var codeBlock: CodeBlockStyle
    public var blockQuote: BlockQuoteStyle
    public var list: ListStyle
    public var table: TableStyle
    public var image: ImageStyle
    public var rule: RuleStyle
    public var footnotes: FootnotesStyle
    public var html: InlineStyle
    /// Raw-HTML `<u>` and `<ins>`.
    public var underline: InlineStyle
    /// Raw-HTML `<mark>`.
    public var highlight: HighlightStyle
    public var footnoteReference: InlineStyle
}

public struct PageStyle: Codable, Sendable, Hashable {
    /// "a4", "letter", … (see `PaperSize`).
    public var size: String
    public var margins: Margins
    public var footer: FooterStyle
}

public struct Margins: Codable, Sendable, Hashable {
    public var top: Length, right: Length, bottom: Length, left: Length
}

public struct FooterStyle: Codable, Sendable, Hashable {
    /// Template for the centered footer text; `{page}` and `{pages}` are replaced.
    public var center: String
    public var fontSize: Length
    public var color: ThemeColor
    /// From the page's bottom edge to the footer's baseline.
    public var distance: Length
}

public struct BodyStyle: Codable, Sendable, Hashable {
    public var fontFamily: [String]
    public var fontSize: Length
    /// Multiple of the font size from baseline to baseline.
    public var lineHeight: Double
    public var color: ThemeColor
    /// BCP 47 tag used for shaping and the PDF's language.
    public var language: String
}

public enum TextAlignment: String, Codable, Sendable, Hashable { case left, center, right, justify }

public struct ParagraphStyle: Codable, Sendable, Hashable {
    public var alignment: TextAlignment
    public var spaceAfter: Length
    public var firstLineIndent: Length
}

public struct HeadingsStyle: Codable, Sendable, Hashable {
    public var fontFamily: [String]
    public var fontWeight: Int
    public var color: ThemeColor
    public var lineHeight: Double
    public var h1: HeadingLevelStyle, h2: HeadingLevelStyle, h3: HeadingLevelStyle
    public var h4: HeadingLevelStyle, h5: HeadingLevelStyle, h6: HeadingLevelStyle
    public var underline: DecorationSpec?

    /// The style of heading `level` (1…6; out-of-range levels are clamped).
    public func level(_ level: Int) -> HeadingLevelStyle {
        [h1, h2, h3, h4, h5, h6][min(max(level, 1), 6) - 1]
    }
}

public struct HeadingLevelStyle: Codable, Sendable, Hashable {
    /// `em` is relative to the body font size.
    public var fontSize: Length
    /// `em` is relative to the heading's own font size.
    public var spaceBefore: Length
    public var spaceAfter: Length
}

/// A style applied on top of the surrounding text; nil leaves a property as it is.
public struct InlineStyle: Codable, Sendable, Hashable {
    public var fontWeight: Int?
    public var italic: Bool?
    public var color: ThemeColor?
    /// A line under the text (nil: none, or whatever the surrounding text has).
    public var underline: DecorationSpec?
    /// A line through the text.
    public var strike: DecorationSpec?
}

/// Links: an inline style, and how bare URLs are shown.
public struct LinkStyle: Codable, Sendable, Hashable {
    public var fontWeight: Int?
    public var italic: Bool?
    public var color: ThemeColor?
    public var underline: DecorationSpec?
    public var strike: DecorationSpec?
    /// Bare URLs (autolinks, which print their own address) longer than this many
    /// characters are shown without their scheme and with the middle elided ("…") to
    /// this length; the link keeps the full URL. 0: shown as written.
    public var shortenBareURLs: Int

    /// The inline part, applied like emphasis or strong.
    public var inline: InlineStyle {
        InlineStyle(fontWeight: fontWeight, italic: italic, color: color, underline: underline, strike: strike)
    }
}

/// An underline or strike line. Thickness and offset default to the font's own metrics
/// (`post` underline, OS/2 strikeout); `em` is relative to the decorated text's size.
public struct DecorationSpec: Codable, Sendable, Hashable {
    /// "none", "single", "double", "thick", "dotted", "dashed" or "wavy".
    public var style: DecorationLineStyle
    /// nil: the text's own color.
    public var color: ThemeColor?
    public var thickness: Length?
    /// Distance below the baseline (underline) or above it (strike), to the line's centre.
    public var offset: Length?
}

public enum DecorationLineStyle: String, Codable, Sendable, Hashable, CaseIterable {
    case none, single, double, thick, dotted, dashed, wavy
}

public struct HighlightStyle: Codable, Sendable, Hashable {
    public var background: ThemeColor
    public var color: ThemeColor?
}

/// How a box split by a page break is drawn at the break: closed (a full box on each
/// part) or open (the edge at the break is left out, so the parts read as one).
public enum SplitEdges: String, Codable, Sendable, Hashable { case closed, open }

public struct CodeSpanStyle: Codable, Sendable, Hashable {
    public var fontFamily: [String]
    /// `em` is relative to the surrounding text.
    public var fontSize: Length
    public var color: ThemeColor
    public var background: ThemeColor?
    /// Horizontal padding of the background, beyond the glyphs.
    public var padding: Length
    public var underline: DecorationSpec?
}

public struct CodeBlockStyle: Codable, Sendable, Hashable {
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
    /// Drawn at the start of a continuation line when a long code line wraps.
    public var wrapMark: String
    public var wrapMarkColor: ThemeColor
    public var splitEdges: SplitEdges
}

public struct BlockQuoteStyle: Codable, Sendable, Hashable {
    public var color: ThemeColor
    public var barColor: ThemeColor
    public var barWidth: Length
    /// From the bar's left edge to the quoted text.
    public var indent: Length
    public var spaceAfter: Length
    public var splitEdges: SplitEdges
}

public struct ListStyle: Codable, Sendable, Hashable {
    /// From the list's left edge to the item text.
    public var indent: Length
    /// From the marker's right edge to the item text.
    public var markerGap: Length
    /// Extra space between the items of a loose list.
    public var itemSpacing: Length
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
    public var task: TaskStyle
}

public enum ListNumbering: String, Codable, Sendable, Hashable, CaseIterable {
    case decimal
    case lowerAlpha = "lower-alpha", upperAlpha = "upper-alpha"
    case lowerRoman = "lower-roman", upperRoman = "upper-roman"
}

public struct TaskStyle: Codable, Sendable, Hashable {
    /// Side of the checkbox; `em` of the item's text.
    public var size: Length
    public var boxColor: ThemeColor
    public var checkColor: ThemeColor
    /// Text color of done items (nil: unchanged).
    public var doneColor: ThemeColor?
    public var doneStrikethrough: Bool
}

public struct TableStyle: Codable, Sendable, Hashable {
    public var fontSize: Length
    public var cellPadding: Length
    public var headerBackground: ThemeColor?
    public var headerFontWeight: Int
    public var borderColor: ThemeColor
    public var borderWidth: Length
    public var zebraBackground: ThemeColor?
    public var spaceAfter: Length
}

public struct ImageStyle: Codable, Sendable, Hashable {
    public var spaceAfter: Length
}

public struct RuleStyle: Codable, Sendable, Hashable {
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

public enum RuleLineStyle: String, Codable, Sendable, Hashable { case solid, dashed, dotted, text }

public struct FootnotesStyle: Codable, Sendable, Hashable {
    /// "page": at the bottom of the page where they are referenced (continued on the
    /// next page when they do not fit); "end": all at the end of the document.
    public var placement: FootnotePlacement
    public var fontSize: Length
    public var ruleColor: ThemeColor
    /// Width of the rule above the notes, as a share of the body ("33%").
    public var ruleWidth: String
    /// Space between the body text and the notes (page placement) or before them (end).
    public var spaceBefore: Length
}

public enum FootnotePlacement: String, Codable, Sendable, Hashable { case page, end }
