import MDCore
import MDPage

/// A concrete font face loaded by a `TextContext`; only meaningful with that context.
public struct FontID: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let raw: Int
    public init(raw: Int) { self.raw = raw }
    public static func < (a: FontID, b: FontID) -> Bool { a.raw < b.raw }
    public var description: String { "f\(raw)" }
}

/// Vertical metrics of a face in em (fractions of the font size). Distances below the
/// baseline are positive (`descender`, `underlinePosition`); `strikeoutPosition` is
/// above the baseline, positive. Both positions locate the *top edge* of the stroke (as
/// the `post` and OS/2 tables define them): an underline covers `underlinePosition` to
/// `underlinePosition + underlineThickness` below the baseline, a strikeout
/// `strikeoutPosition - strikeoutThickness` to `strikeoutPosition` above it.
public struct FontMetrics: Hashable, Sendable {
    public var ascender: Em
    public var descender: Em
    public var lineGap: Em
    public var xHeight: Em
    public var capHeight: Em
    public var underlinePosition: Em
    public var underlineThickness: Em
    public var strikeoutPosition: Em
    public var strikeoutThickness: Em
    public init(ascender: Em, descender: Em, lineGap: Em, xHeight: Em, capHeight: Em,
                underlinePosition: Em, underlineThickness: Em, strikeoutPosition: Em, strikeoutThickness: Em) {
        self.ascender = ascender; self.descender = descender; self.lineGap = lineGap
        self.xHeight = xHeight; self.capHeight = capHeight
        self.underlinePosition = underlinePosition; self.underlineThickness = underlineThickness
        self.strikeoutPosition = strikeoutPosition; self.strikeoutThickness = strikeoutThickness
    }
}

/// One styled stretch of a paragraph to shape: a UTF-8 byte range of the paragraph text.
public struct ShapingRun: Hashable, Sendable {
    public var range: Range<Int>
    public var font: FontSpec
    public var size: Points
    public var features: [FontFeature]
    /// BCP 47 language tag, e.g. "en"; nil lets HarfBuzz guess.
    public var language: String?
    public init(range: Range<Int>, font: FontSpec, size: Points, features: [FontFeature] = [], language: String? = nil) {
        self.range = range; self.font = font; self.size = size; self.features = features; self.language = language
    }
}

/// One glyph as shaped, in *logical* order (see `ShapedParagraph.glyphs`).
public struct ShapedGlyph: Hashable, Sendable {
    public var id: UInt32
    public var font: FontID
    public var size: Points
    /// UTF-8 byte offset in the paragraph text of the first byte of this glyph's cluster.
    public var cluster: Int
    public var advance: Points
    /// Offset from the pen position; `dy` positive is *down* (page space).
    public var dx: Points
    public var dy: Points
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: a line may not start or end at this
    /// glyph's cluster without reshaping.
    public var unsafeToBreak: Bool
    /// Index of the `ShapingRun` this glyph belongs to.
    public var run: Int
    /// Set when this glyph belongs to a right-to-left item: `bidiLevel` is odd.
    public var rtl: Bool
    /// The UBA embedding level resolved for the glyph's characters (0 in a left-to-right
    /// paragraph's plain text, 1 for Arabic or Hebrew in it, 2 for a number or Latin
    /// word inside right-to-left text…). Lines are put in display order from these
    /// (rule L2); `rtl` alone cannot order a number inside Arabic.
    public var bidiLevel: UInt8
    /// `bidiLevel` defaults to 1 or 0 from `rtl`, for glyphs made outside the shaper.
    public init(id: UInt32, font: FontID, size: Points, cluster: Int, advance: Points, dx: Points, dy: Points,
                unsafeToBreak: Bool, run: Int, rtl: Bool, bidiLevel: UInt8? = nil) {
        assert(bidiLevel.map { ($0 & 1 == 1) == rtl } ?? true, "rtl must be set exactly for odd levels")
        self.id = id; self.font = font; self.size = size; self.cluster = cluster; self.advance = advance
        self.dx = dx; self.dy = dy; self.unsafeToBreak = unsafeToBreak; self.run = run; self.rtl = rtl
        self.bidiLevel = bidiLevel ?? (rtl ? 1 : 0)
    }
}

/// A place where a line may end: a new line may start at `offset` (UTF-8 bytes).
public struct BreakOpportunity: Hashable, Sendable {
    /// What a line that ends here ends with, which decides its cost and what is drawn.
    public enum Kind: Sendable, Hashable {
        /// After a space: the space is glue that stretches and shrinks, and vanishes at the break.
        case space
        /// After a hyphen or dash the text has: the line ends in it.
        case hyphen
        /// Inside a word (a soft hyphen U+00AD, or a hyphenation point): a hyphen is drawn
        /// at the line's end only when the line ends here.
        case soft
        /// Anywhere else Unicode allows (between ideographs, after a slash…).
        case other
        /// Inside a code span, after a hyphen or punctuation (`--|flag`, `ISO-|DATE`):
        /// taken only when the line cannot end anywhere else. Layout marks these; the
        /// shaper never does.
        case code
        /// Between two Hangul syllables: Unicode allows it, but Korean is spaced between
        /// words and set with breaks at the spaces (as browsers do with `word-break:
        /// keep-all`); taken, like `.code`, only when the line cannot end anywhere else.
        case withinWord
    }
    /// Taken only when a line cannot end anywhere else (`.code`, `.withinWord`).
    public var isLastResort: Bool { kind == .code || kind == .withinWord }
    public var offset: Int
    /// A hard break (newline in the text): the line must end here.
    public var mandatory: Bool
    public var kind: Kind
    public init(offset: Int, mandatory: Bool, kind: Kind = .other) {
        self.offset = offset; self.mandatory = mandatory; self.kind = kind
    }
}

/// A paragraph shaped as a whole.
public struct ShapedParagraph: Sendable {
    public var text: String
    /// Glyphs in logical order: `cluster` never decreases along the array. The glyphs of
    /// a right-to-left item come out of HarfBuzz in visual order and are stored reversed;
    /// whoever draws a line reorders it by the glyphs' `bidiLevel` (UBA rule L2), which
    /// reverses each right-to-left item an odd number of times, restoring HarfBuzz's order.
    public var glyphs: [ShapedGlyph]
    /// Unicode line-break opportunities (ICU), ascending, excluding offset 0; the text's
    /// end is always the last entry.
    public var breaks: [BreakOpportunity]
    /// The paragraph embedding level: 1 (right-to-left) when the first strong character
    /// is Arabic, Hebrew…, else 0; or the level asked for in `TextContext.shape`.
    public var baseLevel: UInt8
    public init(text: String, glyphs: [ShapedGlyph], breaks: [BreakOpportunity], baseLevel: UInt8 = 0) {
        self.text = text; self.glyphs = glyphs; self.breaks = breaks; self.baseLevel = baseLevel
    }
}
