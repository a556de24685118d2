import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// An accent over (or under) its base (rule 12, with the MATH table's accent base
    /// height and top-accent attachments): the accent's attachment point over the
    /// base's, raised by how much the base is taller than the accents are designed
    /// for. Stretchy accents take the widest variant that fits the base; arrows
    /// stretch to it and sit over it like a rule.
    func accent(_ a: MathAccent, _ s: MathStyle) -> MathBox {
        let base = list(a.base, s.crampedForm).box
        if (0x2190...0x21FF).contains(a.accent) || (0x23DC...0x23E1).contains(a.accent) || a.under {
            return overArrow(a, base, s)
        }
        let size = self.size(s)
        guard let nominal = font.glyph(for: a.accent, scriptLevel: s.scriptLevel)
            ?? Self.spacingAccents[a.accent].flatMap({ font.glyph(for: $0) }) else { return base }
        var glyph = nominal
        if a.stretchy {
            // The widest variant no wider than the base (TeX's \widehat rule).
            let variants = font.variants(nominal, vertical: false)
            glyph = variants.last(where: { $0.size.at(size) <= base.width * 1.05 })?.glyph ?? variants.first?.glyph ?? nominal
        }
        var accentBox = glyphBox(glyph: glyph, text: a.accent, s)
        let bounds = font.bounds(glyph)
        let accentAttach = font.topAccentAttachment(glyph).map { $0.at(size) } ?? (bounds.left + bounds.right).at(size) / 2
        var baseAttach = base.width / 2
        if let g = base.glyph { baseAttach = font.topAccentAttachment(g.id).map { $0.at(g.size) } ?? base.width / 2 }
        let raise = max(.zero, base.ascent - em(c.accentBaseHeight, s))
        accentBox.glyph = nil
        var box = base
        box.glyph = nil
        box.add(accentBox, x: baseAttach - accentAttach, y: -raise)
        box.width = base.width
        box.italicCorrection = base.italicCorrection
        return box
    }

    /// Spacing forms of combining accents, for fonts that lack the combining ones.
    static let spacingAccents: [UInt32: UInt32] = [
        0x302: 0x2C6, 0x303: 0x2DC, 0x304: 0xAF, 0x307: 0x2D9, 0x308: 0xA8, 0x30C: 0x2C7, 0x306: 0x2D8,
        0x301: 0xB4, 0x300: 0x60, 0x30A: 0x2DA, 0x20D7: 0x2192,
    ]

    /// An arrow or bracket stretched over (or under) the base's width, a gap away.
    func overArrow(_ a: MathAccent, _ base: MathBox, _ s: MathStyle) -> MathBox {
        var arrow = stretched(a.accent, to: base.width, vertical: false, s)
        arrow.glyph = nil
        let gap = em(c.overbarVerticalGap, s) / 2
        var box = base
        box.glyph = nil
        let x = (base.width - arrow.width) / 2
        let arrowInk = ink(arrow)
        if a.under {
            box.add(arrow, x: x, y: base.descent + gap + arrowInk.top)
        } else {
            box.add(arrow, x: x, y: -(base.ascent + gap - arrowInk.bottom))
        }
        box.width = max(base.width, arrow.width)
        return box
    }

    /// `\overline` (rule 9) and `\underline` (rule 10).
    func bar(over: Bool, _ l: MathList, _ s: MathStyle) -> MathBox {
        var box = list(l, over ? s.crampedForm : s).box
        box.glyph = nil
        if over {
            let t = em(c.overbarRuleThickness, s)
            let top = box.ascent + em(c.overbarVerticalGap, s) + t
            box.elements.append(.rule(Rect(x: .zero, y: -top, width: box.width, height: t), color: nil))
            box.ascent = top + em(c.overbarExtraAscender, s)
        } else {
            let t = em(c.underbarRuleThickness, s)
            let top = box.descent + em(c.underbarVerticalGap, s)
            box.elements.append(.rule(Rect(x: .zero, y: top, width: box.width, height: t), color: nil))
            box.descent = top + t + em(c.underbarExtraDescender, s)
        }
        return box
    }

    /// `\overbrace` / `\underbrace`: the brace stretched to the list's width; the
    /// annotation is set as a limit by the atom.
    func brace(over: Bool, _ l: MathList, _ s: MathStyle) -> MathBox {
        let base = list(l, s).box
        var brace = stretched(over ? 0x23DE : 0x23DF, to: base.width, vertical: false, s)
        brace.glyph = nil
        let gap = em(c.stretchStackGapBelowMin, s)
        var box = MathBox()
        box.add(base, x: .zero, y: .zero)
        let x = (base.width - brace.width) / 2
        let braceInk = ink(brace)
        if over {
            box.add(brace, x: x, y: -(base.ascent + gap - braceInk.bottom))
        } else {
            box.add(brace, x: x, y: base.descent + gap + braceInk.top)
        }
        box.width = max(base.width, brace.width)
        return box
    }

    /// `\overset`, `\underset`, `\stackrel`: the annotations set as limits of the base.
    func stacked(_ base: MathList, over: MathList?, under: MathList?, _ s: MathStyle) -> MathBox {
        var b = list(base, s).box
        b.italicCorrection = .zero
        return limits(b, sup: over, sub: under, s)
    }

    /// `\boxed`: a frame 0.04 em thick, 0.3 em around the list (LaTeX's \fboxrule and \fboxsep).
    func boxed(_ inner: MathBox, _ s: MathStyle) -> MathBox {
        let pad = size(s) * 0.3, t = size(s) * 0.04
        var box = MathBox()
        box.add(inner, x: pad + t, y: .zero)
        let w = inner.width + (pad + t) * 2
        let top = inner.ascent + pad + t, bottom = inner.descent + pad + t
        box.elements += [
            .rule(Rect(x: .zero, y: -top, width: w, height: t), color: nil),
            .rule(Rect(x: .zero, y: bottom - t, width: w, height: t), color: nil),
            .rule(Rect(x: .zero, y: -top, width: t, height: top + bottom), color: nil),
            .rule(Rect(x: w - t, y: -top, width: t, height: top + bottom), color: nil),
        ]
        box.width = w
        box.ascent = top
        box.descent = bottom
        return box
    }

    /// A relation with a slash through it (`\not` where Unicode has no negated form):
    /// the font's long solidus overlay (or a slash) centered on it.
    func negated(_ inner: MathBox, _ s: MathStyle) -> MathBox {
        let char: UInt32 = font.glyph(for: 0x338) != nil ? 0x338 : 0x2F
        let slash = glyphBox(char, s)
        var box = inner
        box.glyph = nil
        var inkCenter = slash.width / 2
        if let g = slash.glyph {
            let b = font.bounds(g.id)
            inkCenter = (b.left + b.right).at(g.size) / 2
        }
        box.place(slash, x: inner.width / 2 - inkCenter, y: .zero)
        return box
    }
}
