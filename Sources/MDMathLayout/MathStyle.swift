import MDMath

/// One of TeX's eight styles: a level and whether it is cramped (superscripts lower).
struct MathStyle: Hashable {
    var level: MathStyleLevel
    var cramped: Bool

    static let display = MathStyle(level: .display, cramped: false)
    static let text = MathStyle(level: .text, cramped: false)

    var isDisplay: Bool { level == .display }
    /// Script and scriptscript: smaller type and no optional spaces between atoms.
    var isScript: Bool { level >= .script }

    /// The `ssty` level of glyphs in this style: 0 (none), 1 (script), 2 (scriptscript).
    var scriptLevel: Int { level == .script ? 1 : level == .scriptScript ? 2 : 0 }

    /// The style of a superscript (and of an upper limit).
    var superscript: MathStyle {
        MathStyle(level: level <= .text ? .script : .scriptScript, cramped: cramped)
    }

    /// The style of a subscript (and of a lower limit): the superscript's, cramped.
    var `subscript`: MathStyle { MathStyle(level: superscript.level, cramped: true) }

    /// The style of a fraction's numerator.
    var numerator: MathStyle {
        let l: MathStyleLevel = level == .display ? .text : level == .text ? .script : .scriptScript
        return MathStyle(level: l, cramped: cramped)
    }

    /// The style of a fraction's denominator: the numerator's, cramped.
    var denominator: MathStyle { MathStyle(level: numerator.level, cramped: true) }

    /// This style, cramped (radicands, accent bases, overlined lists).
    var crampedForm: MathStyle { MathStyle(level: level, cramped: true) }
}
