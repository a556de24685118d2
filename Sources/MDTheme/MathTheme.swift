import MDCore

/// How formulas look: the math font chain, size and color, where display formulas go,
/// and whether dollar signs start math at all.
public struct MathTheme: ThemeReadable, Sendable, Hashable {
    /// Read `$…$`, `` $`…`$ `` and `$$…$$` as math; false leaves dollar signs as text.
    public var dollars: Bool
    /// Math fonts with an OpenType MATH table, tried in order.
    public var fontFamily: [String]
    /// `em` is relative to the surrounding text.
    public var fontSize: Length
    /// nil: the surrounding text's color.
    public var color: ThemeColor?
    public var displayAlignment: MathDisplayAlignment
    /// From the left edge, for flush-left display formulas.
    public var displayIndent: Length
    public var displaySpaceBefore: Length
    public var displaySpaceAfter: Length
    /// The underline of a formula printed as its source because it has an error.
    public var errorColor: ThemeColor
}

public enum MathDisplayAlignment: String, ThemeReadable, Sendable, Hashable { case center, left }
