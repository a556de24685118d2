import MDCore

/// The parsed form of a TeX formula: TeX's math list (The TeXbook, ch. 17), as plain
/// values. The parser makes every decision that needs no font (which characters are
/// italic, which atoms are relations, where `\left` pairs with `\right`); the layout
/// (MDMathLayout) makes the rest from the font's MATH table.

/// A horizontal list of atoms: the contents of a formula, a group, a script, a cell.
public struct MathList: Hashable, Sendable {
    public var atoms: [MathAtom]
    public init(_ atoms: [MathAtom] = []) { self.atoms = atoms }
    public var isEmpty: Bool { atoms.isEmpty }
}

/// How an atom spaces itself from its neighbours (TeX's noad types, The TeXbook p. 158).
/// `spacing` atoms (`\,`, `\quad`) take part in no inter-atom spacing.
public enum MathAtomKind: String, Hashable, Sendable {
    case ord, op, bin, rel, open, close, punct, inner
    case spacing
}

/// Whether an operator's scripts go above and below it (`limits`) or beside it.
public enum MathLimits: Hashable, Sendable {
    /// Limits in display style for operators that take them (`\sum`, `\lim`), beside
    /// otherwise (and always beside for integrals).
    case auto
    case limits
    case noLimits
}

/// One atom: a nucleus with optional scripts.
public struct MathAtom: Hashable, Sendable {
    public var kind: MathAtomKind
    public var nucleus: MathNucleus
    public var superscript: MathList?
    public var `subscript`: MathList?
    public var limits: MathLimits
    public init(_ kind: MathAtomKind, _ nucleus: MathNucleus, superscript: MathList? = nil,
                subscript: MathList? = nil, limits: MathLimits = .auto) {
        self.kind = kind; self.nucleus = nucleus; self.superscript = superscript
        self.subscript = `subscript`; self.limits = limits
    }
}

/// TeX's four styles; each has a cramped form (`MathStyle.cramped`), in which
/// superscripts sit lower (the denominator of a fraction, a radicand, a subscript).
public enum MathStyleLevel: Int, Hashable, Sendable, Comparable {
    case display = 0, text, script, scriptScript
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// Where a style command (`\displaystyle`) applies: the rest of its group.
public struct MathStyleChange: Hashable, Sendable {
    public var level: MathStyleLevel
    public init(_ level: MathStyleLevel) { self.level = level }
}

/// What is in an atom's nucleus.
public indirect enum MathNucleus: Hashable, Sendable {
    /// One character of the math font: `scalar` is already the code point to draw
    /// (a letter in math italic is U+1D44E…, `\mathbb{R}` is U+211D).
    case symbol(UInt32)
    /// A braced group or a list that acts as one ordinary atom.
    case group(MathList)
    case fraction(MathFraction)
    /// `\sqrt[degree]{radicand}`.
    case radical(degree: MathList?, radicand: MathList)
    case accent(MathAccent)
    /// `\overline` (over: true) and `\underline`: a rule over or under the list.
    case bar(over: Bool, MathList)
    /// `\overbrace` / `\underbrace`: a horizontal brace over or under the list; its
    /// annotation is the atom's superscript (over) or subscript (under), set as a limit.
    case brace(over: Bool, MathList)
    /// `\left … \middle … \right`.
    case delimited(MathDelimited)
    /// `\big(` … `\Bigg)`: a delimiter of fixed size (1…4).
    case sizedDelimiter(UInt32, size: Int)
    /// Text in the document's text font (`\text{…}`), or in the math font's upright
    /// letters (`\operatorname`, `\sin`): the string as written.
    case text(String, MathTextFont)
    case array(MathArray)
    /// Horizontal space in mu (1/18 em of the current style's size); may be negative.
    case space(mu: Double)
    /// The rest of a group in another style (`\displaystyle`, `\scriptstyle`).
    case styled(MathStyleChange, MathList)
    /// The list drawn in a color (`\color{…}` to the end of the group, `\textcolor{…}{…}`).
    case colored(Color, MathList)
    /// `\phantom` (both), `\hphantom` (width only), `\vphantom` (height and depth only):
    /// the list's box, drawn invisibly.
    case phantom(MathList, width: Bool, height: Bool)
    /// `\boxed{…}`: the list in a frame.
    case boxed(MathList)
    /// `\overset{over}{base}`, `\underset{under}{base}`, `\stackrel`: the base with a
    /// script-size line above or below, centered; the atom's kind is the base's.
    case stacked(base: MathList, over: MathList?, under: MathList?)
    /// `\not` applied to the atom that follows: drawn with a slash through it.
    case negated(MathList)
}

/// Which font a `text` nucleus uses.
public enum MathTextFont: Hashable, Sendable {
    /// The text font of the document, upright (`\text`, `\textrm`, `\mbox`).
    case text
    case textBold
    case textItalic
    case textMonospace
    /// The math font's upright letters (`\operatorname`, `\sin`, `\mathrm` words).
    case mathUpright
}

/// `\frac`, `\dfrac`, `\tfrac`, `\binom`, `\over`-like constructions.
public struct MathFraction: Hashable, Sendable {
    public var numerator: MathList
    public var denominator: MathList
    /// false: no rule (`\binom`, `\atop`).
    public var hasRule: Bool
    /// Delimiters around the fraction (`\binom`'s parentheses); nil for none.
    public var left: UInt32?
    public var right: UInt32?
    /// A style forced on the fraction (`\dfrac` display, `\tfrac` text); nil: the current one.
    public var style: MathStyleLevel?
    public init(numerator: MathList, denominator: MathList, hasRule: Bool = true, left: UInt32? = nil,
                right: UInt32? = nil, style: MathStyleLevel? = nil) {
        self.numerator = numerator; self.denominator = denominator; self.hasRule = hasRule
        self.left = left; self.right = right; self.style = style
    }
}

/// An accent over (or under) a base.
public struct MathAccent: Hashable, Sendable {
    /// The accent character (combining or spacing; U+0302 for `\hat`).
    public var accent: UInt32
    public var base: MathList
    /// Stretched to the base's width (`\widehat`, `\overrightarrow`).
    public var stretchy: Bool
    /// Under the base (`\underrightarrow`) rather than over it.
    public var under: Bool
    public init(accent: UInt32, base: MathList, stretchy: Bool = false, under: Bool = false) {
        self.accent = accent; self.base = base; self.stretchy = stretchy; self.under = under
    }
}

/// `\left( … \middle| … \right)`: the parts between the delimiters, each delimiter
/// sized to cover all of them. A nil delimiter is `.` (nothing drawn).
public struct MathDelimited: Hashable, Sendable {
    public var left: UInt32?
    public var right: UInt32?
    public var middles: [UInt32?]
    /// `middles.count + 1` lists.
    public var parts: [MathList]
    public init(left: UInt32?, right: UInt32?, middles: [UInt32?] = [], parts: [MathList]) {
        self.left = left; self.right = right; self.middles = middles; self.parts = parts
    }
}

/// A grid of cells: matrices, `cases`, `aligned` and the other environments.
public struct MathArray: Hashable, Sendable {
    public enum Alignment: Hashable, Sendable { case left, center, right }
    /// Cells, row by row; rows may have fewer cells than there are columns.
    public var rows: [[MathList]]
    /// Alignment of each column; columns beyond the list repeat `repeatedAlignments`.
    public var alignments: [Alignment]
    /// For `aligned` and its kin: columns alternate right, left, right, left…
    public var pairsAlternate: Bool
    /// Space between columns, in em of the base size (between pairs for `aligned`).
    public var columnGap: Double
    /// Extra space between rows, in em (`\jot` for aligned environments).
    public var rowGap: Double
    /// The style cells are set in; nil: the style around the array (`\\substack`).
    public var style: MathStyleLevel?
    /// Vertical rules before column i (`array`'s `|`), by column index (0…columns).
    public var verticalRules: [Int]
    /// Extra space between a row and the next (`\\[4pt]`), in em, by row index.
    public var extraRowSpace: [Int: Double]
    /// Horizontal rules (`\\hline`) above row i (i = rows.count: below the last).
    public var horizontalRules: [Int] = []
    /// Half a column gap before the first column and after the last (LaTeX's `array`
    /// keeps its \\arraycolsep there; amsmath's matrices drop it).
    public var paddedEdges = false
    /// LaTeX's \\arraystretch: the rows' struts are this many times as tall (1.2 in `cases`).
    public var rowStretch = 1.0
    public init(rows: [[MathList]], alignments: [Alignment], pairsAlternate: Bool = false, columnGap: Double,
                rowGap: Double = 0, style: MathStyleLevel?, verticalRules: [Int] = [], extraRowSpace: [Int: Double] = [:]) {
        self.rows = rows; self.alignments = alignments; self.pairsAlternate = pairsAlternate
        self.columnGap = columnGap; self.rowGap = rowGap; self.style = style
        self.verticalRules = verticalRules; self.extraRowSpace = extraRowSpace
    }

    public var columnCount: Int { rows.map(\.count).max() ?? 0 }

    /// The alignment of column `i`.
    public func alignment(of i: Int) -> Alignment {
        if pairsAlternate { return i % 2 == 0 ? .right : .left }
        if i < alignments.count { return alignments[i] }
        return alignments.last ?? .center
    }
}
