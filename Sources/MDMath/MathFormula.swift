/// A parsed formula: its math list and, for display formulas, the equation numbers it
/// asks for.
public struct MathFormula: Hashable, Sendable {
    public var list: MathList
    /// `\tag{…}` and `\label{…}` of the formula (`row` nil) or of the rows of its
    /// outermost multi-line environment (`row` set), in order.
    public var tags: [EquationTag]
    /// Whether the formula is one multi-line array (an `align`, a `gathered`, lines
    /// split by `\\`) whose rows `EquationTag.row` counts.
    public var isMultiline: Bool
    public init(list: MathList, tags: [EquationTag] = [], isMultiline: Bool = false) {
        self.list = list; self.tags = tags; self.isMultiline = isMultiline
    }
}

/// An equation number asked for by `\tag` (explicit text) or `\label` (numbered
/// automatically).
public struct EquationTag: Hashable, Sendable {
    /// The row of a multi-line formula the number belongs to; nil: the whole formula.
    public var row: Int?
    /// `\tag{text}`: printed as written (in parentheses unless `\tag*`); nil: numbered.
    public var text: String?
    /// `\tag*`: no parentheses.
    public var bare: Bool
    /// `\label{name}`: the name `\eqref{name}` refers to.
    public var label: String?
    public init(row: Int?, text: String?, bare: Bool = false, label: String?) {
        self.row = row; self.text = text; self.bare = bare; self.label = label
    }
}

/// Why a formula cannot be set, where (UTF-8 byte offset in the formula's source) and
/// what to do about it.
public struct MathError: Error, Hashable, Sendable {
    public var message: String
    public var offset: Int
    public var hint: String?
    public init(_ message: String, at offset: Int, hint: String? = nil) {
        self.message = message; self.offset = offset; self.hint = hint
    }
}

/// Equation numbers known before the formulas that refer to them are parsed: label →
/// the number as printed without parentheses ("3", or a `\tag`'s text).
public struct EquationNumbers: Sendable {
    public var byLabel: [String: String]
    public init(_ byLabel: [String: String] = [:]) { self.byLabel = byLabel }
}

/// What parsing a formula gives: the formula, or the error that stops it; and warnings
/// that do not stop it (a `\ref` to an unknown label).
public struct MathParseResult: Sendable {
    public var formula: Result<MathFormula, MathError>
    public var warnings: [MathError]
}
