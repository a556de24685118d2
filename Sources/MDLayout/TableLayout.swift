import MDCore
import MDPage
import MDStyle

/// Tables: columns sized to their content (as browsers size auto tables), cells wrap,
/// each row one flow box: a row that does not fit moves to the next page whole, and a
/// row taller than a page is split between the lines of its cells (`TableRowParts`).
/// Rows that cells spanning rows hold together are one box (a band); a band taller
/// than a page is set again row by row, its cells no longer spanning rows.
struct TableLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTable, x: Points, width: Points) {
        let env = builder.env
        guard t.columns > 0, !t.rows.isEmpty else { return }
        let pad = t.cellPadding
        let prepared = t.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
        let widths = columnWidths(prepared, columns: t.columns, available: width, padding: pad, spans: t.spans)
        let tableWidth = Points(widths.reduce(0) { $0 + $1.value })
        var left = x
        switch t.alignment {
        case .center: left = x + max(.zero, width - tableWidth) / 2
        case .right: left = x + max(.zero, width - tableWidth)
        case .left, .justify: break
        }
        let layout = Band(table: t, prepared: prepared, widths: widths, x: left, builder: builder)
        var headerIndex: Int?

        let table = builder.node(.table, source: t.source)
        let head = t.headerRows > 0 ? env.structure.add(.tableHead, under: table) : table
        let body = prepared.count > t.headerRows ? env.structure.add(.tableBody, under: table) : head
        var r = 0
        while r < prepared.count {
            let end = layout.bandEnd(from: r)
            var boxes = [layout.box(rows: r..<end, spanning: true, under: r < t.headerRows ? head : body)]
            let room = env.pageBodyHeight - (headerIndex.map { builder.boxes[$0].height } ?? .zero)
            if end - r > 1, boxes[0].height > room {
                env.diagnostics.warnOnce(key: "table-band:\(t.source.start)",
                                         "rows joined by cells spanning rows are taller than a page; they are set row by row",
                                         at: t.rows[r].first?.source.start ?? t.source.start,
                                         hint: "the cells spanning rows print in their first row")
                boxes = (r..<end).map { layout.box(rows: $0..<($0 + 1), spanning: false, under: $0 < t.headerRows ? head : body) }
            }
            for (k, var box) in boxes.enumerated() {
                let row = r + k
                box.breakBefore = row == t.headerRows && row > 0 ? .avoid : .allowed
                if row < t.headerRows {
                    if row == 0 { headerIndex = builder.boxes.count }
                } else {
                    box.repeatsHeader = headerIndex
                }
                builder.add(box)
            }
            r = end
        }
        builder.space(t.spaceAfter)
    }

    /// Each column gets its widest unbreakable piece, then the rest of the width is
    /// shared in proportion to how much more each column would like (up to one line
    /// per cell). When even the minimums do not fit, columns share the width in
    /// proportion to their minimums and long words are cut. A cell spanning columns
    /// counts after the others: what it needs beyond its columns' widths is shared
    /// among them equally.
    func columnWidths(_ rows: [[PreparedParagraph]], columns: Int, available: Points, padding: Points,
                      spans: [CellSpan] = []) -> [Points] {
        let wide = Dictionary(spans.filter { $0.columnSpan > 1 }.map { ("\($0.row),\($0.column)", $0) }, uniquingKeysWith: { a, _ in a })
        var minW = [Points](repeating: .zero, count: columns), maxW = minW
        var spanning: [(CellSpan, (min: Points, max: Points))] = []
        for (r, row) in rows.enumerated() {
            for (c, cell) in row.enumerated() where c < columns {
                let w = cell.intrinsicWidths()
                if let s = wide["\(r),\(c)"] {
                    spanning.append((s, w))
                    continue
                }
                minW[c] = max(minW[c], w.min + padding * 2)
                maxW[c] = max(maxW[c], w.max + padding * 2)
            }
        }
        for c in 0..<columns { minW[c] = max(minW[c], padding * 2 + Points(12)); maxW[c] = max(maxW[c], minW[c]) }
        for (s, w) in spanning {
            let cols = s.column..<min(s.column + s.columnSpan, columns)
            let haveMin = cols.reduce(Points.zero) { $0 + minW[$1] }, haveMax = cols.reduce(Points.zero) { $0 + maxW[$1] }
            let n = Double(cols.count)
            if w.min + padding * 2 > haveMin { for c in cols { minW[c] += (w.min + padding * 2 - haveMin) / n } }
            if w.max + padding * 2 > haveMax { for c in cols { maxW[c] += (w.max + padding * 2 - haveMax) / n } }
            for c in cols { maxW[c] = max(maxW[c], minW[c]) }
        }
        let sumMin = minW.reduce(0.0) { $0 + $1.value }, sumMax = maxW.reduce(0.0) { $0 + $1.value }
        if sumMax <= available.value { return maxW }
        if sumMin >= available.value { return minW.map { Points(available.value * $0.value / sumMin) } }
        let share = (available.value - sumMin) / (sumMax - sumMin)
        return (0..<columns).map { minW[$0] + (maxW[$0] - minW[$0]) * share }
    }
}

/// Builds the boxes of a table's bands.
private struct Band {
    let table: StyledTable
    let prepared: [[PreparedParagraph]]
    let widths: [Points]
    let x: Points
    let builder: FlowBuilder
    /// Spans by their first slot; slots covered by a span other than its first, and
    /// those of them in the span's first row.
    let spanAt: [Int: CellSpan]
    let covered: Set<Int>
    let coveredInFirstRow: Set<Int>

    init(table: StyledTable, prepared: [[PreparedParagraph]], widths: [Points], x: Points, builder: FlowBuilder) {
        self.table = table; self.prepared = prepared; self.widths = widths; self.x = x; self.builder = builder
        var at: [Int: CellSpan] = [:], covered = Set<Int>(), firstRow = Set<Int>()
        for s in table.spans {
            at[s.row * table.columns + s.column] = s
            for r in s.row..<(s.row + s.rowSpan) {
                for c in s.column..<min(s.column + s.columnSpan, table.columns) where r != s.row || c != s.column {
                    covered.insert(r * table.columns + c)
                    if r == s.row { firstRow.insert(r * table.columns + c) }
                }
            }
        }
        spanAt = at
        self.covered = covered
        coveredInFirstRow = firstRow
    }

    /// The row after the band that starts at `start`: rows are joined while a cell
    /// spans from one into the next; the header's rows are one band (repeated whole).
    func bandEnd(from start: Int) -> Int {
        var end = start < table.headerRows ? table.headerRows : start + 1
        var r = start
        while r < end {
            for s in table.spans where s.row == r { end = max(end, min(s.row + s.rowSpan, prepared.count)) }
            r += 1
        }
        return end
    }

    /// The band of `rows` as a flow box; `spanning: false` sets each cell in one row.
    func box(rows: Range<Int>, spanning: Bool, under parent: StructureID) -> FlowBox {
        let env = builder.env
        let pad = table.cellPadding
        var cells: [TableRowParts.Cell] = []
        for r in rows {
            let rowNode = env.structure.add(.tableRow, under: parent)
            var cx = x
            for c in 0..<table.columns {
                defer { cx += widths[c] }
                let slot = r * table.columns + c
                // A slot another cell covers has nothing of its own (set row by row, only
                // the cells spanning columns cover slots).
                if coveredInFirstRow.contains(slot) || (spanning && covered.contains(slot)) { continue }
                let span = spanAt[slot]
                let columnSpan = span.map { min($0.columnSpan, table.columns - c) } ?? 1
                let rowSpan = spanning ? span.map { min($0.rowSpan, rows.upperBound - r) } ?? 1 : 1
                let cellWidth = Points(widths[c..<(c + columnSpan)].reduce(0) { $0 + $1.value })
                let cell = prepared[r][c]
                let node = env.structure.add(r < table.headerRows ? .headerCell : .dataCell, under: rowNode, source: cell.paragraph.source)
                let lines = cell.length == 0 ? [] : builder.lines.lines(cell, x: cx + pad, width: cellWidth - pad * 2, structure: node)
                cells.append(TableRowParts.Cell(lines: lines, column: c, columnSpan: columnSpan, row: r - rows.lowerBound, rowSpan: rowSpan))
            }
        }
        let first = table.rows[rows.lowerBound][0]
        let backgrounds: [Color?] = rows.map { r in
            r < table.headerRows ? table.headerBackground : ((r - table.headerRows) % 2 == 1 ? table.zebraBackground : nil)
        }
        let parts = TableRowParts(cells: cells, rowCount: rows.count, x: x, columnWidths: widths, padding: pad,
                                  emptyHeight: first.baseSize * first.lineHeight, backgrounds: backgrounds,
                                  border: Stroke(width: table.borderWidth, color: table.borderColor),
                                  openAtPageBreaks: table.openAtPageBreaks,
                                  xHeight: env.metrics(first.baseFont).xHeight.at(first.baseSize))
        return parts.box()
    }
}
