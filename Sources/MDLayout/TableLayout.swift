import MDCore
import MDPage
import MDStyle

/// Tables: columns sized to their content (as browsers size auto tables), cells wrap,
/// each row one flow box: a row that does not fit moves to the next page whole, and a
/// row taller than a page is split between the lines of its cells (`TableRowParts`).
struct TableLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTable, x: Points, width: Points) {
        let env = builder.env
        guard t.columns > 0, !t.rows.isEmpty else { return }
        let pad = t.cellPadding
        let prepared = t.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
        let widths = columnWidths(prepared, columns: t.columns, available: width, padding: pad)
        let lb = builder.lines
        let border = Stroke(width: t.borderWidth, color: t.borderColor)
        var headerIndex: Int?

        let table = builder.node(.table, source: t.source)
        let head = env.structure.add(.tableHead, under: table)
        let body = prepared.count > 1 ? env.structure.add(.tableBody, under: table) : head
        for (r, row) in prepared.enumerated() {
            var cells: [[FlowBox]] = []
            var cx = x
            let rowNode = env.structure.add(.tableRow, under: r == 0 ? head : body)
            for (c, cell) in row.enumerated() {
                let cellNode = env.structure.add(r == 0 ? .headerCell : .dataCell, under: rowNode, source: cell.paragraph.source)
                cells.append(cell.length == 0 ? [] : lb.lines(cell, x: cx + pad, width: widths[c] - pad * 2, structure: cellNode))
                cx += widths[c]
            }
            let first = t.rows[r][0]
            let parts = TableRowParts(cells: cells, x: x, columnWidths: widths, padding: pad,
                                      emptyHeight: first.baseSize * first.lineHeight,
                                      background: r == 0 ? t.headerBackground : (r % 2 == 0 ? t.zebraBackground : nil),
                                      border: border, openAtPageBreaks: t.openAtPageBreaks,
                                      xHeight: env.metrics(first.baseFont).xHeight.at(first.baseSize))
            var box = parts.box()
            box.breakBefore = r == 1 ? .avoid : .allowed
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
