import MDCore
import MDPage
import MDStyle
import MDText

/// The table of contents: each entry's title wraps in its column, its last line ends in
/// a leader up to the page number, right-aligned at the body's right edge. Leader dots
/// sit on one grid anchored at the number column, so they line up from entry to entry.
/// The whole row of every line is a link to the heading.
struct TableOfContentsLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTOC, x: Points, width: Points) {
        let env = builder.env
        let size = t.numberLayout.size
        let widest = String(repeating: "8", count: env.pageNumberDigits)
        let numberColumn = ShortText(numberText(widest, t), env: env).width
        let gap = size * 0.6
        let right = x + width
        let toc = builder.node(.toc)
        for (k, entry) in t.entries.enumerated() {
            let item = env.structure.add(.tocItem, under: toc)
            if k > 0 { builder.space(entry.level == 1 ? t.topLevelSpace : size * 0.2) }
            let indent = t.indent * Double(entry.level - 1)
            let base = entry.text.runs.first?.layout ?? t.numberLayout
            let para = StyledParagraph(text: entry.text, alignment: .left, lineHeight: t.lineHeight, spaceBefore: .zero,
                                       spaceAfter: .zero, baseFont: base.font, baseSize: base.size, source: .unknown)
            var lines = builder.lines.lines(PreparedParagraph(para, env: env), x: x + indent,
                                            width: width - indent - numberColumn - gap * 2, structure: item)
            guard !lines.isEmpty else { continue }
            for i in lines.indices {
                if i > 0 { lines[i].breakBefore = .avoid }
                let row = Rect(x: x + indent, y: .zero, width: width - indent, height: lines[i].height)
                lines[i].items.append(.link(rect: row, target: .internalDestination(entry.anchor),
                                            structure: env.structure.add(.link, under: item)))
            }
            let last = lines.count - 1
            if let baseline = lines[last].firstBaseline {
                // The number itself is drawn after pagination, when the page is known, with
                // the leader; its column is as wide as the widest number, so nothing else moves.
                let textEnd = lines[last].fragments.first?.usedRect.maxX ?? (x + indent)
                let leader = t.leader.map {
                    PageNumberSlot.Leader(style: $0, from: textEnd + gap, columnStart: right - numberColumn, gap: gap,
                                          size: size, color: t.leaderColor)
                }
                lines[last].pageNumberSlots.append(PageNumberSlot(destination: entry.anchor, right: right, baseline: baseline,
                                                                  style: numberText("", t).runs[0], structure: item,
                                                                  leader: leader))
            }
            for l in lines { builder.add(l) }
        }
        builder.space(t.spaceAfter)
    }

    /// Dots on a grid anchored at `to` (so they align across entries), or a solid or
    /// dashed line, from `from` to `to` on the baseline.
    static func leaderShapes(_ style: StyledRule.Style, from: Points, to: Points, baseline: Points, size: Points, color: Color) -> [Shape] {
        guard to > from else { return [] }
        let dot = size * 0.1
        let y = baseline - dot / 2
        switch style {
        case .dotted:
            let spacing = size * 0.45
            let steps = Int(((to - from) / spacing).rounded(.down))
            guard steps >= 1 else { return [] }
            let first = to - spacing * Double(steps)
            return [Shape(.line(from: Point(x: first, y: y), to: Point(x: to, y: y)),
                          stroke: Stroke(width: dot * 1.2, color: color, dash: .dotted(spacing: spacing, phase: .zero)))]
        case .dashed:
            return DecorationGeometry.dashed(x0: from, x1: to, y: y, width: dot * 0.6, dash: size * 0.4, gap: size * 0.25, color: color)
                .map { [$0] } ?? []
        default:
            return [DecorationGeometry.solid(from, to, y, dot * 0.6, color)]
        }
    }

    private func numberText(_ s: String, _ t: StyledTOC) -> AttributedText {
        AttributedText(string: s, runs: [StyledRun(range: 0..<s.utf8.count, layout: t.numberLayout, paint: RunPaint(color: t.numberColor))])
    }

    /// The leader and the glyphs of a page number for a slot, with the slot's box placed
    /// at `top`. The leader stops a gap before the number column, or before the number
    /// itself when it is wider than the column (a contents page handed out after the
    /// last page found the document longer than its column was set for).
    static func numberItems(_ slot: PageNumberSlot, page: Int, top: Points, lines: LineBuilder) -> [PageItem] {
        let number = String(page)
        var style = slot.style
        style.range = 0..<number.utf8.count
        let line = ShortText(AttributedText(string: number, runs: [style]), env: lines.env)
        let start = slot.right - line.width
        let baseline = top + slot.baseline
        var items: [PageItem] = []
        if let l = slot.leader {
            items += leaderShapes(l.style, from: l.from, to: min(l.columnStart, start) - l.gap, baseline: baseline,
                                  size: l.size, color: l.color).map { .shape($0) }
        }
        return items + line.items(lines, originX: start, baseline: baseline, structure: slot.structure)
    }
}
