import MDCore
import MDMath
import MDMathLayout
import MDPage
import MDStyle
import MDText

extension FlowBuilder {
    /// A display formula as one flow box: centered in the measure (or indented from
    /// the left), its equation numbers at the right margin (on the row they belong to,
    /// or vertically centered for the whole formula), no page break before it (TeX's
    /// \predisplaypenalty) and none after it when its paragraph goes on. A formula
    /// wider than the measure is scaled down to fit, with a warning.
    func displayMath(_ m: StyledMath, x: Points, width: Points) {
        let settings = MathSettings(fontFamilies: m.fontFamilies, size: m.size, textFont: m.textFont, display: true,
                                    textScale: m.textScale)
        guard let set = env.math.typeset(m.formula, settings) else {
            InlineMath.warnNoFont(m.fontFamilies, env: env)
            return
        }
        space(m.spaceBefore)
        let element = node(.formula, alt: m.source, source: m.range)
        let numbers = m.numbers.map { n -> (EquationNumber, ShortText) in
            let text = AttributedText(string: n.text, runs: [StyledRun(range: 0..<n.text.utf8.count, layout: m.numberStyle,
                                                                      paint: RunPaint(color: m.color))])
            return (n, ShortText(text, env: env))
        }
        let numberWidth = numbers.map(\.1.width).max() ?? .zero
        let gap = numbers.isEmpty ? .zero : m.size
        let indent = m.alignment == .left ? min(m.indent, width / 4) : .zero
        let room = width - indent - (numbers.isEmpty ? .zero : numberWidth + gap)
        var scale = 1.0
        if set.width > room, set.width > .zero {
            scale = max(room, width / 10) / set.width
            env.diagnostics.warning("display formula is \(set.width) wide, wider than the text (\(room)); it is scaled down to fit",
                                    at: m.range.start, hint: "break it into lines with \\\\ inside \\begin{aligned} … \\end{aligned}")
        }
        let w = set.width * scale, ascent = set.ascent * scale, descent = set.descent * scale
        var left: Points
        switch m.alignment {
        case .center:
            left = x + (width - w) / 2
            // Centered unless that runs into the numbers; then as far left as needed.
            if !numbers.isEmpty { left = min(left, x + width - numberWidth - gap - w) }
            left = max(left, x)
        case .left:
            left = x + indent
        }
        var top = ascent, bottom = descent
        var placedNumbers: [(EquationNumber, ShortText, Points)] = []
        for (n, t) in numbers {
            let a = t.text.runs.first.map { env.metrics($0.layout.font).ascender.at($0.layout.size) } ?? .zero
            let d = t.text.runs.first.map { env.metrics($0.layout.font).descender.at($0.layout.size) } ?? .zero
            let baseline: Points
            if let row = n.row, row < set.rowBaselines.count {
                baseline = set.rowBaselines[row] * scale
            } else if set.rowBaselines.count > 1 {
                baseline = (descent - ascent) / 2 + (a - d) / 2
            } else {
                baseline = .zero
            }
            top = max(top, a - baseline)
            bottom = max(bottom, d + baseline)
            placedNumbers.append((n, t, baseline))
        }
        let baseline = top
        let origin = Point(x: left, y: baseline)
        var items = set.items(at: origin, color: m.color, structure: element, text: env.text)
        if scale != 1 { items = [.group(Group(transform: .scale(scale, about: origin), items: items))] }
        var anchors: [Anchor] = []
        for (n, t, b) in placedNumbers {
            // Beside the Formula, not inside it: cairo 1.16 marks the content of leaf
            // elements only, so a child would leave the formula's own glyphs untagged.
            let label = node(.label, source: m.range)
            items += t.items(lines, originX: x + width - t.width, baseline: baseline + b, structure: label)
            if let a = n.anchor { anchors.append(Anchor(name: a, x: x, y: .zero, outline: nil)) }
        }
        let height = top + bottom
        let fragment = LineFragment(rect: Rect(x: x, y: .zero, width: width, height: height),
                                    usedRect: Rect(x: left, y: baseline - ascent, width: w, height: ascent + descent),
                                    baseline: baseline, range: 0..<0, text: "[math] " + m.source, source: m.range)
        var box = FlowBox(height: height, items: items, fragments: [fragment], breakBefore: .avoid, firstBaseline: baseline)
        box.anchors = anchors
        box.firstXHeight = env.metrics(m.numberStyle.font).xHeight.at(m.numberStyle.size)
        add(box)
        keepNext = m.keepWithNext
        space(m.spaceAfter)
    }
}
