import MDCore
import MDPage
import MDStyle

/// Tables: columns sized to their content as browsers size automatic tables
/// (`TableColumnWidths`), cells wrap, each row one flow box: a row that does not fit
/// moves to the next page whole, and a row taller than a page is split between the lines
/// of its cells (`TableRowParts`). A table too wide for the page is set smaller, then has
/// its longest words broken, then (hundreds of columns) is printed in groups of columns,
/// with a warning: nothing is drawn outside the body or across a cell border.
struct TableLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTable, x: Points, width: Points) {
        let env = builder.env
        guard t.columns > 0, !t.rows.isEmpty else { return }
        let prepared = t.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
        let measures = (0..<t.columns).map { c in ColumnMeasure.of(prepared.compactMap { c < $0.count ? $0[c] : nil }) }
        let size = t.rows[0].first?.baseSize ?? t.minFontSize
        let minScale = size > .zero ? min(1, t.minFontSize / size) : 1
        let parts = TableColumnWidths.parts(measures, padding: t.cellPadding, available: width, minScale: minScale)
        warnIfShrunk(t, parts, size: size)
        for part in parts {
            let cells = part.scale == 1 ? prepared.map { Array($0[part.columns]) }
                : t.rows.map { row in row[part.columns].map { PreparedParagraph($0.scaled(by: part.scale), env: env) } }
            let pad = t.cellPadding * part.scale
            let columns = (0..<part.columns.count).map { c in ColumnMeasure.of(cells.map { $0[c] }) }
            let widths = part.breaksWords
                ? TableColumnWidths.capped(columns, padding: pad, available: width)
                    ?? columns.map { max($0.grapheme, Points(1)) + pad * 2 }
                : TableColumnWidths.distribute(columns, padding: pad, available: width)
            place(t, cells, widths: widths, padding: pad, x: x, scale: part.scale)
            if part != parts.last { builder.space(t.spaceAfter) }
        }
        builder.space(t.spaceAfter)
    }

    /// The rows of one table (or group of columns) as flow boxes, the header row
    /// repeated above rows that start a page.
    private func place(_ t: StyledTable, _ rows: [[PreparedParagraph]], widths: [Points], padding pad: Points, x: Points,
                       scale: Double) {
        let env = builder.env
        let lb = builder.lines
        let border = Stroke(width: t.borderWidth, color: t.borderColor)
        var headerIndex: Int?
        let table = builder.node(.table, source: t.source)
        let head = env.structure.add(.tableHead, under: table)
        let body = rows.count > 1 ? env.structure.add(.tableBody, under: table) : head
        for (r, row) in rows.enumerated() {
            var cells: [[FlowBox]] = []
            var cx = x
            let rowNode = env.structure.add(.tableRow, under: r == 0 ? head : body)
            for (c, cell) in row.enumerated() {
                let cellNode = env.structure.add(r == 0 ? .headerCell : .dataCell, under: rowNode, source: cell.paragraph.source)
                cells.append(cell.length == 0 ? [] : lb.lines(cell, x: cx + pad, width: widths[c] - pad * 2, structure: cellNode))
                cx += widths[c]
            }
            let first = row[0].paragraph
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
    }

    /// One warning per table set other than as written: smaller, with broken words, or
    /// in groups of columns.
    private func warnIfShrunk(_ t: StyledTable, _ parts: [TableColumnWidths.Part], size: Points) {
        guard let smallest = parts.map(\.scale).min(), smallest < 1 else { return }
        func pt(_ p: Points) -> String { String(format: "%.1fpt", p.value) }
        var message = "table is too wide for the page: it is set at \(pt(size * smallest)) instead of \(pt(size))"
        if parts.contains(where: \.breaksWords) { message += ", and its longest words break" }
        if parts.count > 1 {
            let widest = parts.map(\.columns.count).max() ?? 0
            message += ", in \(parts.count) parts of at most \(widest) of its \(t.columns) columns, one after the other"
        }
        builder.env.diagnostics.warning(message, at: t.source.start,
                                        hint: "the theme's table.minFontSize sets how small a table may be set")
    }
}

extension StyledParagraph {
    /// The paragraph set `k` times as large: its text, inline objects, spacing and
    /// indents (decorations are in ems and follow).
    func scaled(by k: Double) -> StyledParagraph {
        var p = self
        for i in p.text.runs.indices {
            p.text.runs[i].layout.size = p.text.runs[i].layout.size * k
            p.text.runs[i].layout.baselineShift = p.text.runs[i].layout.baselineShift * k
            p.text.runs[i].paint.backgroundPadding = p.text.runs[i].paint.backgroundPadding * k
            if let o = p.text.runs[i].layout.object {
                var scaled = o.scaled(toWidth: o.width * k)
                if o.width == .zero { scaled.ascent = o.ascent * k; scaled.descent = o.descent * k }
                p.text.runs[i].layout.object = scaled
            }
        }
        p.baseSize = baseSize * k
        p.spaceBefore = spaceBefore * k
        p.spaceAfter = spaceAfter * k
        p.firstLineIndent = firstLineIndent * k
        return p
    }
}
