import MDCore
import MDPage
import MDStyle

/// Tables: columns sized to their content (as browsers size auto tables), cells wrap,
/// each row one flow box so a row that does not fit moves to the next page whole.
struct TableLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTable, x: Points, width: Points) {
        let env = builder.env
        guard t.columns > 0, !t.rows.isEmpty else { return }
        let pad = t.cellPadding
        let prepared = t.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
        let widths = columnWidths(prepared, columns: t.columns, available: width, padding: pad)
        let tableWidth = Points(widths.reduce(0) { $0 + $1.value })
        let lb = builder.lines
        let bw = t.borderWidth
        var headerIndex: Int?

        for (r, row) in prepared.enumerated() {
            var cellBoxes: [[FlowBox]] = []
            var rowHeight = Points.zero
            var cx = x
            for (c, cell) in row.enumerated() {
                let lines = cell.length == 0 ? [] : lb.lines(cell, x: cx + pad, width: widths[c] - pad * 2)
                cellBoxes.append(lines)
                rowHeight = max(rowHeight, Points(lines.reduce(0) { $0 + $1.height.value }))
                cx += widths[c]
            }
            if rowHeight == .zero { rowHeight = t.rows[r][0].baseSize * t.rows[r][0].lineHeight }
            let height = rowHeight + pad * 2
            var items: [PageItem] = []
            let background = r == 0 ? t.headerBackground : (r % 2 == 0 ? t.zebraBackground : nil)
            if let bg = background {
                items.append(.shape(Shape(.rect(Rect(x: x, y: .zero, width: tableWidth, height: height), cornerRadius: .zero), fill: bg)))
            }
            var fragments: [LineFragment] = []
            var firstBaseline: Points?
            var anchors: [Anchor] = []
            var linkSources: [String: SourceLocation] = [:]
            var footnotes: [Int] = []
            for lines in cellBoxes {
                var y = pad
                for l in lines {
                    items += l.items.map { $0.offsetBy(dy: y) }
                    anchors += l.anchors.map { Anchor(name: $0.name, x: $0.x, y: $0.y + y, outline: $0.outline) }
                    linkSources.merge(l.linkSources) { first, _ in first }
                    footnotes += l.footnotes.filter { !footnotes.contains($0) }
                    fragments += l.fragments.map { $0.offsetBy(dy: y) }
                    if firstBaseline == nil, let b = l.firstBaseline { firstBaseline = y + b }
                    y += l.height
                }
            }
            // Grid lines: this row's top and bottom, and the column edges.
            let stroke = Stroke(width: bw, color: t.borderColor)
            items.append(.shape(Shape(.line(from: Point(x: x, y: .zero), to: Point(x: x + tableWidth, y: .zero)), stroke: stroke)))
            items.append(.shape(Shape(.line(from: Point(x: x, y: height), to: Point(x: x + tableWidth, y: height)), stroke: stroke)))
            var ex = x
            for c in 0...t.columns {
                items.append(.shape(Shape(.line(from: Point(x: ex, y: .zero), to: Point(x: ex, y: height)), stroke: stroke)))
                if c < t.columns { ex += widths[c] }
            }
            var box = FlowBox(height: height, items: items, fragments: fragments,
                              breakBefore: r == 1 ? .avoid : .allowed, firstBaseline: firstBaseline)
            box.firstXHeight = env.metrics(t.rows[r][0].baseFont).xHeight.at(t.rows[r][0].baseSize)
            box.anchors = anchors
            box.linkSources = linkSources
            box.footnotes = footnotes
            if r == 0 { headerIndex = builder.boxes.count } else { box.repeatsHeader = headerIndex }
            builder.add(box)
        }
        builder.space(t.spaceAfter)
    }

    /// Each column gets its widest unbreakable piece, then the rest of the width is
    /// shared in proportion to how much more each column would like (up to one line
    /// per cell). When even the minimums do not fit, columns share the width in
    /// proportion to their minimums and long words are cut.
    func columnWidths(_ rows: [[PreparedParagraph]], columns: Int, available: Points, padding: Points) -> [Points] {
        var minW = [Points](repeating: .zero, count: columns), maxW = minW
        for row in rows {
            for (c, cell) in row.enumerated() where c < columns {
                let w = cell.intrinsicWidths()
                minW[c] = max(minW[c], w.min + padding * 2)
                maxW[c] = max(maxW[c], w.max + padding * 2)
            }
        }
        for c in 0..<columns { minW[c] = max(minW[c], padding * 2 + Points(12)); maxW[c] = max(maxW[c], minW[c]) }
        let sumMin = minW.reduce(0.0) { $0 + $1.value }, sumMax = maxW.reduce(0.0) { $0 + $1.value }
        if sumMax <= available.value { return maxW }
        if sumMin >= available.value { return minW.map { Points(available.value * $0.value / sumMin) } }
        let share = (available.value - sumMin) / (sumMax - sumMin)
        return (0..<columns).map { minW[$0] + (maxW[$0] - minW[$0]) * share }
    }
}
