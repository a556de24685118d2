import MDCore
import MDText
import Testing
@testable import MDMath
@testable import MDMathLayout

/// Positions of scripts, fraction parts and radicals, checked against what the rules
/// compute from Latin Modern Math's MATH constants (read here from the font itself).
@Suite struct MathLayoutTests {
    let typesetter = MathTypesetter(text: TextContext(diagnostics: DiagnosticSink()))
    static let families = ["Latin Modern Math"]
    let size = Points(10)

    var font: MathFont { typesetter.font(Self.families)! }
    var c: MathConstants { font.constants }

    func set(_ tex: String, display: Bool = false) throws -> TypesetFormula {
        var macros = MathMacros()
        let f = try MathParser.parse(tex, display: display, macros: &macros).formula.get()
        return try #require(typesetter.typeset(f, MathSettings(fontFamilies: Self.families, size: size,
                                                               textFont: FontSpec(families: ["Noto Serif"]), display: display)))
    }

    /// The glyph runs standing for `text`, in drawing order: (origin, size).
    func glyphs(_ f: TypesetFormula, _ text: String) -> [(Point, Points)] {
        f.box.elements.compactMap {
            guard case .glyphs(let r) = $0, r.text == text else { return nil }
            return (r.positions[0], r.size)
        }
    }

    func rules(_ f: TypesetFormula) -> [Rect] {
        f.box.elements.compactMap { if case .rule(let r, _) = $0 { return r } else { return nil } }
    }

    func close(_ a: Points, _ b: Points, _ note: String = "") -> Bool {
        let ok = abs(a.value - b.value) < 0.005
        if !ok { Issue.record("\(note): \(a.value) is not \(b.value)") }
        return ok
    }

    /// Glyph `char` at a style's script level, and its box in points at `pt`.
    func metrics(_ char: UInt32, level: Int = 0, at pt: Points) -> (advance: Points, top: Points, bottom: Points, italic: Points) {
        let g = font.glyph(for: char, scriptLevel: level)!
        let b = font.bounds(g)
        return (font.advance(g).at(pt), b.top.at(pt), b.bottom.at(pt), font.italicCorrection(g).at(pt))
    }

    @Test func fontIsInstalledWithAMathTable() {
        #expect(typesetter.font(Self.families) != nil)
        #expect(c.scriptPercentScaleDown > 50 && c.scriptPercentScaleDown < 90)
        #expect(typesetter.font(["No Such Math Font"]) == nil)
    }

    /// x² in text style: the 2 at script size, raised by superscriptShiftUp (its bottom
    /// stays above superscriptBottomMin), after x's advance and italic correction.
    @Test func superscript() throws {
        let f = try set("x^2")
        let script = size * (c.scriptPercentScaleDown / 100)
        let x = metrics(0x1D465, at: size), two = metrics(0x32, level: 1, at: script)
        let u = max(c.superscriptShiftUp.at(size), -two.bottom + c.superscriptBottomMin.at(size))
        let sup = try #require(glyphs(f, "2").first)
        #expect(close(sup.1, script, "script size"))
        #expect(close(sup.0.y, -u, "superscript shift"))
        #expect(sup.0.x >= x.advance + x.italic - Points(0.5) && sup.0.x <= x.advance + x.italic + Points(0.5))
        #expect(close(f.width, sup.0.x + two.advance + c.spaceAfterScript.at(size), "width"))
    }

    /// x₁: lowered by subscriptShiftDown, or more if its top would pass subscriptTopMax.
    @Test func subscriptAlone() throws {
        let f = try set("x_1")
        let script = size * (c.scriptPercentScaleDown / 100)
        let one = metrics(0x31, level: 1, at: script)
        let v = max(c.subscriptShiftDown.at(size), one.top - c.subscriptTopMax.at(size))
        let sub = try #require(glyphs(f, "1").first)
        #expect(close(sub.0.y, v, "subscript shift"))
    }

    /// x₁²: the gap between the scripts is at least subSuperscriptGapMin.
    @Test func bothScriptsKeepTheirGap() throws {
        let f = try set("x_1^2")
        let script = size * (c.scriptPercentScaleDown / 100)
        let one = metrics(0x31, level: 1, at: script), two = metrics(0x32, level: 1, at: script)
        let sup = try #require(glyphs(f, "2").first), sub = try #require(glyphs(f, "1").first)
        let gap = (sub.0.y - one.top) - (sup.0.y - two.bottom)
        #expect(gap.value >= c.subSuperscriptGapMin.at(size).value - 0.005)
        #expect(sup.0.y.value <= -c.superscriptShiftUp.at(size).value + 0.005)
        #expect(sub.0.y.value >= c.subscriptShiftDown.at(size).value - 0.005)
    }

    /// A display fraction: the rule on the axis, fractionRuleThickness thick; numerator
    /// and denominator shifted by the display constants, at least the display gaps
    /// away from the rule; both centered over the rule.
    @Test func displayFraction() throws {
        let f = try set("\\frac{a}{b}", display: true)
        let a = metrics(0x1D44E, at: size), b = metrics(0x1D44F, at: size)
        let t = c.fractionRuleThickness.at(size), axis = c.axisHeight.at(size)
        let rule = try #require(rules(f).first)
        #expect(close(rule.height, t, "rule thickness"))
        #expect(close(rule.minY + rule.height / 2, -axis, "rule on the axis"))
        let u = max(c.fractionNumeratorDisplayStyleShiftUp.at(size), axis + t / 2 + c.fractionNumDisplayStyleGapMin.at(size) - a.bottom)
        let v = max(c.fractionDenominatorDisplayStyleShiftDown.at(size), b.top + c.fractionDenomDisplayStyleGapMin.at(size) - axis + t / 2)
        let num = try #require(glyphs(f, "𝑎").first), den = try #require(glyphs(f, "𝑏").first)
        #expect(close(num.0.y, -u, "numerator"))
        #expect(close(den.0.y, v, "denominator"))
        // Centered: the narrower part sits in the middle of the rule. (A slanted letter
        // alone is as wide as its advance and italic correction.)
        let aw = a.advance + a.italic, bw = b.advance + b.italic
        let narrowX = aw < bw ? num.0.x : den.0.x
        #expect(close(narrowX + min(aw, bw) / 2, rule.minX + rule.width / 2, "centered"))
        #expect(close(rule.width, max(aw, bw), "rule as wide as the wider part"))
    }

    /// A text-style fraction uses the text-style shifts and script-size parts.
    @Test func textFraction() throws {
        let f = try set("\\frac{a}{b}")
        let num = try #require(glyphs(f, "𝑎").first)
        #expect(close(num.1, size * (c.scriptPercentScaleDown / 100), "numerator at script size"))
        #expect(num.0.y.value <= -c.fractionNumeratorShiftUp.at(size).value + 0.005)
    }

    /// √x: the rule radicalRuleThickness thick, a radicalVerticalGap (or more) above x,
    /// the box radicalExtraAscender above the rule; the surd's top at the rule's top.
    @Test func radical() throws {
        let f = try set("\\sqrt{x}")
        let x = metrics(0x1D465, at: size)
        let rule = try #require(rules(f).first)
        #expect(close(rule.height, c.radicalRuleThickness.at(size), "rule thickness"))
        let gap = -(rule.maxY) - x.top
        #expect(gap.value >= c.radicalVerticalGap.at(size).value - 0.005)
        #expect(close(f.ascent, -rule.minY + c.radicalExtraAscender.at(size), "extra ascender"))
        let surd = try #require(glyphs(f, "√").first)
        let surdGlyph = try #require(f.box.elements.compactMap { e -> UInt32? in
            if case .glyphs(let r) = e, r.text == "√" { return r.glyphs[0] } else { return nil }
        }.first)
        #expect(close(surd.0.y - font.bounds(surdGlyph).top.at(size), rule.minY, "surd top at the rule top"))
        // The radicand starts where the surd ends and the rule covers it.
        let xGlyph = try #require(glyphs(f, "𝑥").first)
        #expect(close(rule.minX, xGlyph.0.x, "rule starts at the radicand"))
        #expect(close(rule.width, x.advance + x.italic, "rule as wide as the radicand"))
    }

    /// \left( … \right) around a tall fraction picks a larger variant of the
    /// parenthesis: at least 90.1% of what it must cover around the axis.
    @Test func stretchyDelimiters() throws {
        let plain = try set("(x)", display: true)
        let tall = try set("\\left(\\frac{1}{1+\\frac{1}{x}}\\right)", display: true)
        func parenHeight(_ f: TypesetFormula) -> Points? {
            for e in f.box.elements {
                guard case .glyphs(let r) = e, r.text == "(" else { continue }
                let b = font.bounds(r.glyphs[0])
                return (b.top.at(r.size) - b.bottom.at(r.size)) * Double(r.glyphs.count)
            }
            return nil
        }
        let small = try #require(parenHeight(plain)), big = try #require(parenHeight(tall))
        #expect(big > small * 1.5)
        let axis = c.axisHeight.at(size)
        let cover = max(tall.ascent - axis, tall.descent + axis) * 2
        #expect(big.value >= cover.value * 0.901 - size.value * 0.5)
    }

    /// Display operators take a variant at least displayOperatorMinHeight tall and
    /// their limits above and below.
    @Test func largeOperatorsAndLimits() throws {
        let f = try set("\\sum_{i=1}^n", display: true)
        let op = try #require(f.box.elements.compactMap { e -> (UInt32, Points)? in
            if case .glyphs(let r) = e, r.text == "∑" { return (r.glyphs[0], r.size) } else { return nil }
        }.first)
        let b = font.bounds(op.0)
        #expect(b.top.value - b.bottom.value >= c.displayOperatorMinHeight.value - 0.001)
        let n = try #require(glyphs(f, "𝑛").first), i = try #require(glyphs(f, "𝑖").first)
        let opGlyph = try #require(glyphs(f, "∑").first)
        #expect(n.0.y < opGlyph.0.y - b.top.at(size))  // above the operator's top
        #expect(i.0.y > opGlyph.0.y - b.bottom.at(size))  // below its bottom
        let inline = try set("\\sum_{i=1}^n")
        let inlineN = try #require(glyphs(inline, "𝑛").first)
        #expect(inlineN.0.x > Points(5))  // beside it in text style
    }

    /// An inline formula cut after its relations and operators: pieces side by side
    /// make the whole.
    @Test func piecesAddUpToTheFormula() throws {
        var macros = MathMacros()
        let formula = try MathParser.parse("a + b = c", display: false, macros: &macros).formula.get()
        let whole = try set("a + b = c")
        let pieces = whole.pieces(breakingAfter: formula.list.breakPoints())
        #expect(pieces.count == 3)
        #expect(close(Points(pieces.reduce(0) { $0 + $1.width.value }), whole.width, "widths"))
        let firstPiece = pieces[0].dump.split(separator: "\n").dropFirst().map(String.init)
        #expect(firstPiece.count == 2)  // 𝑎 and +
        #expect(firstPiece[0].hasPrefix("glyph 𝑎 10pt at 0,0"))
    }

    /// A multi-line display formula reports its rows' baselines, 1.2 em apart for
    /// plain rows plus the aligned environments' \jot.
    @Test func rowsOfAnAlignedFormula() throws {
        var macros = MathMacros()
        let f = try MathParser.parse("a &= b \\\\ c &= d", display: true, macros: &macros).formula.get()
        let set = try #require(typesetter.typeset(f, MathSettings(fontFamilies: Self.families, size: size,
                                                                  textFont: FontSpec(families: ["Noto Serif"]), display: true)))
        #expect(set.rowBaselines.count == 2)
        #expect(close(set.rowBaselines[1] - set.rowBaselines[0], size * 1.5, "baseline distance"))
        // The block of rows is centered on the axis.
        #expect(close(set.ascent - (set.ascent + set.descent) / 2, c.axisHeight.at(size), "centered on the axis"))
        #expect(close(set.rowBaselines[0], -set.ascent + size * 0.84, "first row's strut"))
    }
}
