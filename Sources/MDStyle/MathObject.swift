import MDCore
import MDMath
import MDTheme

/// A formula as styling hands it to layout: parsed, with the fonts and size it is set
/// in. Layout sets it (MDMathLayout) and gives it its size.
public struct MathObject: Hashable, Sendable {
    public var formula: MathFormula
    /// The math font chain (the theme's `math.fontFamily`).
    public var fontFamilies: [String]
    /// The size of the formula's text style.
    public var size: Points
    /// The font of `\text{…}`: the surrounding text's.
    public var textFont: FontSpec
    /// The surrounding text's size over `size`: `\text{…}` matches the text around.
    public var textScale: Double = 1
    /// Which formula of the document this is (from 0), so the pieces of one inline
    /// formula make one Formula element.
    public var id: Int
    /// An inline formula is cut after the outer atoms `breaks` (where TeX lets a line
    /// break); this object is piece `piece` (0…breaks.count).
    public var piece: Int
    public var breaks: [Int]
    public init(formula: MathFormula, fontFamilies: [String], size: Points, textFont: FontSpec, id: Int,
                piece: Int = 0, breaks: [Int] = []) {
        self.formula = formula; self.fontFamilies = fontFamilies; self.size = size; self.textFont = textFont
        self.id = id; self.piece = piece; self.breaks = breaks
    }
}

/// A display formula: set on its own lines, centered (or flush left), with the
/// equation numbers it asks for at the right margin.
public struct StyledMath: Sendable {
    public var formula: MathFormula
    public var fontFamilies: [String]
    public var size: Points
    public var textFont: FontSpec
    /// The body text's size over `size` (see `MathObject.textScale`).
    public var textScale: Double = 1
    public var color: Color
    public var alignment: MathDisplayAlignment
    /// From the left edge when flush left.
    public var indent: Points
    public var spaceBefore: Points
    public var spaceAfter: Points
    /// The numbers printed at the right margin, in the body's style.
    public var numbers: [EquationNumber]
    public var numberStyle: RunLayout
    /// The TeX source, the formula's alternate text.
    public var source: String
    public var range: SourceRange
    /// Which formula of the document this is (see `MathObject.id`).
    public var id: Int
    /// The text after it continues its paragraph: no page break between them.
    public var keepWithNext = false
    public init(formula: MathFormula, fontFamilies: [String], size: Points, textFont: FontSpec, color: Color,
                alignment: MathDisplayAlignment, indent: Points, spaceBefore: Points, spaceAfter: Points,
                numbers: [EquationNumber], numberStyle: RunLayout, source: String, range: SourceRange, id: Int) {
        self.formula = formula; self.fontFamilies = fontFamilies; self.size = size; self.textFont = textFont
        self.color = color; self.alignment = alignment; self.indent = indent; self.spaceBefore = spaceBefore
        self.spaceAfter = spaceAfter; self.numbers = numbers; self.numberStyle = numberStyle; self.source = source
        self.range = range; self.id = id
    }
}

/// An equation number as printed ("(3)") beside a display formula, or beside one row
/// of it; `anchor` is the destination `\eqref` links to (`eq-` and the label).
public struct EquationNumber: Hashable, Sendable {
    public var row: Int?
    public var text: String
    public var anchor: String?
    public init(row: Int?, text: String, anchor: String?) { self.row = row; self.text = text; self.anchor = anchor }
}
