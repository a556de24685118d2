import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// An atom: its nucleus, with its scripts beside it or, for operators with limits,
    /// above and below it.
    func atom(_ a: MathAtom, kind: MathAtomKind, _ s: MathStyle) -> MathBox {
        var nucleus = self.nucleus(a.nucleus, kind: a.kind, s)
        let isOperatorGlyph: Bool
        if case .symbol = a.nucleus, a.kind == .op { isOperatorGlyph = true } else { isOperatorGlyph = false }
        guard a.superscript != nil || a.subscript != nil else {
            // A slanted letter keeps its italic correction before what follows (rule 17),
            // so $f(x)$ does not run the f into the parenthesis.
            if nucleus.glyph != nil, !isOperatorGlyph {
                nucleus.width += nucleus.italicCorrection
                nucleus.italicCorrection = .zero
            }
            return nucleus
        }
        let takesLimits: Bool
        switch a.limits {
        case .limits: takesLimits = true
        case .noLimits: takesLimits = false
        case .auto: takesLimits = a.kind == .op && s.isDisplay
        }
        if takesLimits {
            return limits(nucleus, sup: a.superscript, sub: a.subscript, s)
        }
        // Primes lead the superscript: they are drawn at full size on the baseline
        // (the font's ′ is already raised, designed for that), the rest after them.
        var sup = a.superscript
        var primes: MathBox?
        if let atoms = sup?.atoms, let first = atoms.first, Self.isPrime(first) {
            let count = atoms.prefix(while: Self.isPrime).count
            primes = list(MathList(Array(atoms.prefix(count))), s).box
            sup = count < atoms.count ? MathList(Array(atoms.dropFirst(count))) : nil
        }
        return scripts(nucleus, sup: sup, sub: a.subscript, s, largeOperator: isOperatorGlyph, primes: primes)
    }

    static func isPrime(_ a: MathAtom) -> Bool {
        guard a.superscript == nil, a.subscript == nil, case .symbol(let c) = a.nucleus else { return false }
        return c == 0x2032 || c == 0x2033 || c == 0x2034 || c == 0x2057
    }

    /// The nucleus of an atom of `kind` in style `s`.
    func nucleus(_ n: MathNucleus, kind: MathAtomKind, _ s: MathStyle) -> MathBox {
        switch n {
        case .symbol(let c):
            return kind == .op ? largeOperator(c, s) : glyphBox(c, s)
        case .group(let l):
            return list(l, s).box
        case .fraction(let f):
            return fraction(f, s)
        case .radical(let degree, let radicand):
            return radical(degree: degree, radicand: radicand, s)
        case .accent(let a):
            return accent(a, s)
        case .bar(let over, let l):
            return bar(over: over, l, s)
        case .brace(let over, let l):
            return brace(over: over, l, s)
        case .delimited(let d):
            return delimited(d, s)
        case .sizedDelimiter(let c, let size):
            return sizedDelimiter(c, size: size, s)
        case .text(let string, let f):
            return f == .mathUpright ? uprightText(string, s) : textBox(string, f, s)
        case .array(let a):
            return array(a, s).box
        case .space(let m):
            return .empty(width: mu(s) * m)
        case .styled(let change, let l):
            return list(l, MathStyle(level: change.level, cramped: s.cramped && change.level == s.level)).box
        case .colored(let color, let l):
            var b = list(l, s).box
            b.paint(color)
            return b
        case .phantom(let l, let width, let height):
            let b = list(l, s).box
            return .empty(width: width ? b.width : .zero, ascent: height ? b.ascent : .zero, descent: height ? b.descent : .zero)
        case .boxed(let l):
            return boxed(list(l, s).box, s)
        case .stacked(let base, let over, let under):
            return stacked(base, over: over, under: under, s)
        case .negated(let l):
            return negated(list(l, s).box, s)
        }
    }

    /// A big operator's glyph: in display style the first variant at least
    /// `displayOperatorMinHeight` tall; centered on the axis.
    func largeOperator(_ char: UInt32, _ s: MathStyle) -> MathBox {
        guard let g = font.glyph(for: char) else { return glyphBox(char, s) }
        var glyph = g
        if s.isDisplay {
            let minimum = c.displayOperatorMinHeight
            let variants = font.variants(g, vertical: true)
            glyph = variants.first(where: { $0.size >= minimum })?.glyph ?? variants.last?.glyph ?? g
        }
        var b = glyphBox(glyph: glyph, text: char, s)
        centerOnAxis(&b, s)
        return b
    }

    /// Moves `b` up or down so that its middle is on the math axis.
    func centerOnAxis(_ b: inout MathBox, _ s: MathStyle) {
        let half = (b.ascent + b.descent) / 2
        let newAscent = half + axis(s)
        let dy = b.ascent - newAscent
        b.elements = b.elements.map { $0.offsetBy(dx: .zero, dy: dy) }
        b.ascent = newAscent
        b.descent = half - axis(s)
    }

    // MARK: Scripts

    /// Superscript and subscript beside `nucleus` (Appendix G, rules 18a–f, with the
    /// MATH table's script constants and cut-in kerns).
    ///
    /// A slanted letter's superscript moves right by its italic correction; a large
    /// operator's advance already includes it (OpenType), so there the subscript moves
    /// left by it instead (the lower limit of ∫ tucks under its tail).
    func scripts(_ nucleus: MathBox, sup: MathList?, sub: MathList?, _ s: MathStyle, largeOperator: Bool = false,
                 primes: MathBox? = nil) -> MathBox {
        let supBox = sup.map { list($0, s.superscript).box }
        let subBox = sub.map { list($0, s.subscript).box }
        // A single glyph's scripts take the font's positions; anything else drops
        // them from its own top and bottom.
        let isGlyph = nucleus.glyph.map { !$0.isExtended } ?? nucleus.scriptsAsCharacter
        var u = isGlyph ? Points.zero : nucleus.ascent - em(c.superscriptBaselineDropMax, s)
        var v = isGlyph ? Points.zero : nucleus.descent + em(c.subscriptBaselineDropMin, s)
        if let p = supBox {
            u = max(u, em(s.cramped ? c.superscriptShiftUpCramped : c.superscriptShiftUp, s),
                    p.descent + em(c.superscriptBottomMin, s))
        }
        if let b = subBox {
            v = max(v, em(c.subscriptShiftDown, s))
            if supBox == nil { v = max(v, b.ascent - em(c.subscriptTopMax, s)) }
        }
        if let p = supBox, let b = subBox {
            let gap = (u - p.descent) - (b.ascent - v)
            let minimum = em(c.subSuperscriptGapMin, s)
            if gap < minimum { v += minimum - gap }
            let lift = em(c.superscriptBottomMaxWithSubscript, s) - (u - p.descent)
            if lift > .zero {
                u += lift
                v -= lift
            }
        }
        var box = nucleus
        box.glyph = nil
        let space = em(c.spaceAfterScript, s)
        var end = nucleus.width
        var supX = nucleus.width + (largeOperator ? .zero : nucleus.italicCorrection)
        if let p = primes {
            box.add(p, x: supX, y: .zero)
            supX += p.width
            end = max(end, supX)
        }
        if let p = supBox {
            var x = supX
            if primes == nil, let g = nucleus.glyph { x += kern(g, .topRight, at: u - p.descent) }
            box.add(p, x: x, y: -u)
            end = max(end, x + p.width)
        }
        if let b = subBox {
            var x = nucleus.width - (largeOperator ? nucleus.italicCorrection : .zero)
            if let g = nucleus.glyph { x += kern(g, .bottomRight, at: b.ascent - v) }
            box.add(b, x: x, y: v)
            end = max(end, x + b.width)
        }
        box.width = end + space
        box.italicCorrection = .zero
        return box
    }

    /// The glyph's cut-in kern at a corner for a script edge at `height` above the baseline.
    func kern(_ g: MathGlyphInfo, _ corner: MathFont.KernCorner, at height: Points) -> Points {
        font.kern(g.id, corner: corner, height: Em(height / g.size)).at(g.size)
    }

    /// Limits above and below an operator (rule 13a): centered, the upper one moved
    /// right and the lower one left by half the operator's italic correction.
    func limits(_ op: MathBox, sup: MathList?, sub: MathList?, _ s: MathStyle) -> MathBox {
        let supBox = sup.map { list($0, s.superscript).box }
        let subBox = sub.map { list($0, s.subscript).box }
        let delta = op.italicCorrection
        let width = max(op.width, (supBox?.width ?? .zero) + delta, (subBox?.width ?? .zero) + delta)
        var box = MathBox()
        box.add(op, x: (width - op.width) / 2, y: .zero)
        if let p = supBox {
            let rise = max(em(c.upperLimitBaselineRiseMin, s), em(c.upperLimitGapMin, s) + p.descent)
            box.add(p, x: (width - p.width) / 2 + delta / 2, y: -(op.ascent + rise))
        }
        if let b = subBox {
            let drop = max(em(c.lowerLimitBaselineDropMin, s), em(c.lowerLimitGapMin, s) + b.ascent)
            box.add(b, x: (width - b.width) / 2 - delta / 2, y: op.descent + drop)
        }
        box.width = width
        return box
    }
}
