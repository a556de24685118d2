import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// LaTeX's `\nulldelimiterspace` (1.2 pt at 10 pt): the space on each side of a
    /// fraction, in em.
    static let nullDelimiterSpace = 0.12

    /// A fraction or a stack without a rule (rule 15): numerator and denominator
    /// centered, shifted by the MATH table's fraction (or stack) constants and pushed
    /// apart to keep their minimum gaps to the rule, which sits on the axis.
    func fraction(_ f: MathFraction, _ outer: MathStyle) -> MathBox {
        let s = f.style.map { MathStyle(level: $0, cramped: outer.cramped) } ?? outer
        let num = list(f.numerator, s.numerator).box
        let den = list(f.denominator, s.denominator).box
        let a = axis(s)
        var u: Points, v: Points
        var rule: Points = .zero
        if f.hasRule {
            rule = em(c.fractionRuleThickness, s)
            u = em(s.isDisplay ? c.fractionNumeratorDisplayStyleShiftUp : c.fractionNumeratorShiftUp, s)
            v = em(s.isDisplay ? c.fractionDenominatorDisplayStyleShiftDown : c.fractionDenominatorShiftDown, s)
            let numGap = em(s.isDisplay ? c.fractionNumDisplayStyleGapMin : c.fractionNumeratorGapMin, s)
            let denGap = em(s.isDisplay ? c.fractionDenomDisplayStyleGapMin : c.fractionDenominatorGapMin, s)
            u = max(u, a + rule / 2 + numGap + num.descent)
            v = max(v, den.ascent + denGap - a + rule / 2)
        } else {
            u = em(s.isDisplay ? c.stackTopDisplayStyleShiftUp : c.stackTopShiftUp, s)
            v = em(s.isDisplay ? c.stackBottomDisplayStyleShiftDown : c.stackBottomShiftDown, s)
            let gap = em(s.isDisplay ? c.stackDisplayStyleGapMin : c.stackGapMin, s)
            let clearance = (u - num.descent) - (den.ascent - v)
            if clearance < gap {
                u += (gap - clearance) / 2
                v += (gap - clearance) / 2
            }
        }
        let pad = size(s) * Self.nullDelimiterSpace
        let width = max(num.width, den.width)
        var box = MathBox()
        box.add(num, x: pad + (width - num.width) / 2, y: -u)
        box.add(den, x: pad + (width - den.width) / 2, y: v)
        if f.hasRule {
            box.elements.append(.rule(Rect(x: pad, y: -(a + rule / 2), width: width, height: rule), color: nil))
            box.ascent = max(box.ascent, a + rule / 2)
            box.descent = max(box.descent, rule / 2 - a)
        }
        box.width = width + pad * 2
        guard f.left != nil || f.right != nil else { return box }
        // TeX's \delim1 and \delim2 (cmsy): 2.39 em tall in display style, 1.01 em otherwise.
        let total = size(s) * (s.isDisplay ? 2.39 : 1.01)
        func delimiter(_ c: UInt32) -> MathBox {
            var b = stretched(c, to: total * 0.95, vertical: true, s)
            centerOnAxis(&b, s)
            return b
        }
        var fenced = MathBox()
        var x = Points.zero
        for part in [f.left.map(delimiter), box, f.right.map(delimiter)] {
            guard let part else { continue }
            fenced.add(part, x: x, y: .zero)
            x += part.width
        }
        fenced.width = x
        return fenced
    }

    /// A radical (rule 11): the surd, as large as the radicand needs, with the rule
    /// from its top over the radicand; the degree, if any, raised in scriptscript style.
    func radical(degree: MathList?, radicand: MathList, _ s: MathStyle) -> MathBox {
        let body = list(radicand, s.crampedForm).box
        let rule = em(c.radicalRuleThickness, s)
        var gap = em(s.isDisplay ? c.radicalDisplayStyleVerticalGap : c.radicalVerticalGap, s)
        let needed = body.height + gap + rule
        var surd = stretched(0x221A, to: needed, vertical: true, s)
        // The surd's top is the rule's top; extra room below its center goes to the gap.
        let surdHeight = surd.height
        if surdHeight > needed { gap += (surdHeight - needed) / 2 }
        let ruleTop = body.ascent + gap + rule
        let shift = surd.ascent - ruleTop  // move the surd down by this much
        surd.elements = surd.elements.map { $0.offsetBy(dx: .zero, dy: shift) }
        surd.ascent -= shift
        surd.descent += shift

        var box = MathBox()
        var x = Points.zero
        if let degree {
            let d = list(degree, MathStyle(level: .scriptScript, cramped: true)).box
            let before = em(c.radicalKernBeforeDegree, s)
            let after = em(c.radicalKernAfterDegree, s)
            let raise = surd.height * (c.radicalDegreeBottomRaisePercent / 100)
            // The degree's bottom sits `raise` above the surd's bottom.
            box.add(d, x: before, y: surd.descent - raise - d.descent)
            x = max(.zero, before + d.width + after)
        }
        box.add(surd, x: x, y: .zero)
        x += surd.width
        box.add(body, x: x, y: .zero)
        box.elements.append(.rule(Rect(x: x, y: -ruleTop, width: body.width, height: rule), color: nil))
        box.ascent = max(box.ascent, ruleTop + em(c.radicalExtraAscender, s))
        box.width = x + body.width
        return box
    }
}
