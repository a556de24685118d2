import MDCore
import MDMath
import MDText

/// Sets math lists in one math font at one text size, by the rules of The TeXbook's
/// Appendix G with the font's OpenType MATH constants in place of TeX's font
/// parameters (as MathML Core and LuaTeX do). Every length comes from the font, scaled
/// to the size of the style it is used in.
struct MathLayouter {
    let font: MathFont
    let c: MathConstants
    /// The size of text and display style.
    let base: Points
    let text: TextContext
    /// The text font (`\text{…}`), and its size relative to the math font's.
    let textFont: FontSpec
    let textScale: Double
    /// Where characters the math font lacks come from: the math families, then the
    /// text font's.
    let fallbackFont: FontSpec

    /// The font size of a style.
    func size(_ s: MathStyle) -> Points {
        switch s.level {
        case .display, .text: return base
        case .script: return base * (c.scriptPercentScaleDown / 100)
        case .scriptScript: return base * (c.scriptScriptPercentScaleDown / 100)
        }
    }

    /// A font constant at the style's size.
    func em(_ e: Em, _ s: MathStyle) -> Points { e.at(size(s)) }

    /// The math axis (the middle of a fraction bar, where operators and delimiters center).
    func axis(_ s: MathStyle) -> Points { em(c.axisHeight, s) }

    /// 1 mu = 1/18 em of the style's size.
    func mu(_ s: MathStyle) -> Points { size(s) / 18 }

    /// A list set horizontally: atoms with TeX's spacing between them. `spans` gives
    /// where each atom's elements and box are (for cutting an inline formula at its
    /// breaks).
    func list(_ l: MathList, _ s: MathStyle) -> (box: MathBox, spans: [AtomSpan]) {
        let kinds = l.effectiveKinds()
        var box = MathBox()
        var spans: [AtomSpan] = []
        spans.reserveCapacity(l.atoms.count)
        var x = Points.zero
        var previous: MathAtomKind?
        var last = MathBox()
        for (atom, kind) in zip(l.atoms, kinds) {
            if kind != .spacing, let p = previous { x += mu(s) * Self.space(between: p, and: kind, in: s) }
            let b = self.atom(atom, kind: kind, s)
            let start = box.elements.count
            box.add(b, x: x, y: .zero)
            spans.append(AtomSpan(elements: start..<box.elements.count, x0: x, x1: x + b.width, ascent: b.ascent,
                                  descent: b.descent))
            x += b.width
            if kind != .spacing { previous = kind }
            last = b
        }
        box.width = max(x, .zero)
        box.italicCorrection = last.italicCorrection
        if l.atoms.count == 1, l.atoms[0].superscript == nil, l.atoms[0].subscript == nil { box.glyph = last.glyph }
        return (box, spans)
    }

    /// TeX's inter-atom spacing (The TeXbook, p. 170) in mu: 3 thin, 4 medium, 5 thick;
    /// negative entries apply only in display and text style.
    static let spacing: [[Int]] = [
        //  ord op bin rel open close punct inner
        [0, 3, -4, -5, 0, 0, 0, -3],      // ord
        [3, 3, 0, -5, 0, 0, 0, -3],       // op
        [-4, -4, 0, 0, -4, 0, 0, -4],     // bin
        [-5, -5, 0, 0, -5, 0, 0, -5],     // rel
        [0, 0, 0, 0, 0, 0, 0, 0],         // open
        [0, 3, -4, -5, 0, 0, 0, -3],      // close
        [-3, -3, 0, -3, -3, -3, -3, -3],  // punct
        [-3, 3, -4, -5, -3, 0, -3, -3],   // inner
    ]

    static func index(_ k: MathAtomKind) -> Int {
        switch k {
        case .ord, .spacing: return 0
        case .op: return 1
        case .bin: return 2
        case .rel: return 3
        case .open: return 4
        case .close: return 5
        case .punct: return 6
        case .inner: return 7
        }
    }

    /// The space between two atoms, in mu.
    static func space(between a: MathAtomKind, and b: MathAtomKind, in s: MathStyle) -> Double {
        let v = spacing[index(a)][index(b)]
        if v < 0 { return s.isScript ? 0 : Double(-v) }
        return Double(v)
    }
}

/// Where one atom of a list ended up.
struct AtomSpan {
    var elements: Range<Int>
    var x0: Points
    var x1: Points
    var ascent: Points
    var descent: Points
}
