import MDCore
import MDText

/// A laid-out piece of a formula: TeX's box. Its reference point is the left end of its
/// baseline; it reaches `ascent` above and `descent` below it and is `width` wide.
/// Elements are positioned from the reference point in page orientation (x right,
/// y down), so placing a box is adding an offset.
struct MathBox {
    var width = Points.zero
    var ascent = Points.zero
    var descent = Points.zero
    var elements: [MathElement] = []
    /// For a box that is one glyph of the math font: the glyph, for italic correction,
    /// cut-in kerns and accent attachment.
    var glyph: MathGlyphInfo?
    /// Italic correction of the box's last glyph (where a superscript moves right).
    var italicCorrection = Points.zero
    /// Scripts attach to this box as to a character, at the font's script positions
    /// (one glyph, or a word such as `\log`), not below and above its ink.
    var scriptsAsCharacter = false

    var height: Points { ascent + descent }

    /// Appends `box`'s elements with its reference point at (`x`, `y`) of this box
    /// (y down: a positive `y` lowers it). Extents are not changed.
    mutating func place(_ box: MathBox, x: Points, y: Points) {
        guard x != .zero || y != .zero else { elements += box.elements; return }
        elements.reserveCapacity(elements.count + box.elements.count)
        for e in box.elements { elements.append(e.offsetBy(dx: x, dy: y)) }
    }

    /// Grows the extents to include `box` placed at (`x`, `y`).
    mutating func include(_ box: MathBox, x: Points, y: Points) {
        width = max(width, x + box.width)
        ascent = max(ascent, box.ascent - y)
        descent = max(descent, box.descent + y)
    }

    /// Places `box` at (`x`, `y`) and grows the extents to include it.
    mutating func add(_ box: MathBox, x: Points, y: Points) {
        place(box, x: x, y: y)
        include(box, x: x, y: y)
    }

    /// A box of `width` with nothing in it (a space, a strut).
    static func empty(width: Points = .zero, ascent: Points = .zero, descent: Points = .zero) -> MathBox {
        MathBox(width: width, ascent: ascent, descent: descent)
    }

    /// The elements with no color of their own take `color`.
    mutating func paint(_ color: Color) {
        for i in elements.indices where elements[i].color == nil { elements[i].color = color }
    }
}

/// The math-font glyph a one-glyph box shows.
struct MathGlyphInfo {
    var id: UInt32
    /// The size it is drawn at.
    var size: Points
    /// A large variant or an assembly part (its scripts attach to its ink).
    var isExtended: Bool
}

/// What a formula draws: runs of glyphs and filled rectangles.
enum MathElement {
    case glyphs(MathGlyphRun)
    /// A filled rectangle (fraction bars, radical rules, array lines), y down.
    case rule(Rect, color: Color?)

    var color: Color? {
        get {
            switch self {
            case .glyphs(let g): return g.color
            case .rule(_, let c): return c
            }
        }
        set {
            switch self {
            case .glyphs(var g): g.color = newValue; self = .glyphs(g)
            case .rule(let r, _): self = .rule(r, color: newValue)
            }
        }
    }

    func offsetBy(dx: Points, dy: Points) -> MathElement {
        switch self {
        case .glyphs(var g):
            for i in g.positions.indices { g.positions[i].x += dx; g.positions[i].y += dy }
            return .glyphs(g)
        case .rule(let r, let c):
            return .rule(r.offsetBy(dx: dx, dy: dy), color: c)
        }
    }
}

/// Glyphs of one face and size that stand for `text` (one character of a symbol, the
/// parts of a stretched delimiter, a word of `\text`): copying them gives `text`.
struct MathGlyphRun {
    var font: FontID
    var size: Points
    var glyphs: [UInt32]
    /// Glyph origins on their baselines, y down.
    var positions: [Point]
    var text: String
    /// Cluster map (UTF-8 bytes of `text` → glyphs), in glyph order.
    var clusters: [(bytes: Int, glyphs: Int)]
    var color: Color?
}
