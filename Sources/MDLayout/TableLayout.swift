import MDCore
import MDPage
import MDStyle

/// Tables: columns sized to their content as browsers size automatic tables
/// (`TableColumnWidths`), cells wrap, each row one flow box: a row that does not fit
/// moves to the next page whole, and a row taller than a page is split between the lines
/// of its cells (`TableRowParts`). Rows that cells spanning rows hold together are one
/// box (a band); a band taller than a page is set again row by row, its cells no longer
/// spanning rows. A table too wide for the page is set smaller, then has its longest
/// words broken, then (hundreds of columns) is printed in groups of columns, with a
/// warning: nothing is drawn outside the body or across a cell border.
struct TableLayout {
    let builder: FlowBuilder

    func layout(_ t: StyledTable, x: Points, width: Points) {
        let env = builder.env
        guard t.columns > 0, !t.rows.isEmpty else { return }
        let prepared = t.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
        let measures = ColumnMeasure.columns(prepared, spans: t.spans, padding: t.cellPadding)
        let size = t.rows[0].first?.baseSize ?? t.minFontSize
        let minScale = size > .zero ? min(1, t.minFontSize / size) : 1
        // A group of columns never cuts through a cell spanning columns.
        let crossed = Set(t.spans.flatMap { s in (s.column + 1)..<(s.column + s.columnSpan) })
        let parts = TableColumnWidths.parts(measures, padding: t.cellPadding, available: width, minScale: minScale,
                                            canCut: { !crossed.contains($0) })
        warnIfShrunk(t, parts, size: size)
        for part in parts {
            let whole = part.columns == 0..<t.columns && part.scale == 1
            let table = whole ? t : t.part(columns: part.columns, scale: part.scale)
            let cells = whole ? prepared : table.rows.map { row in row.map { PreparedParagraph($0, env: env) } }
            let columns = ColumnMeasure.columns(cells, spans: table.spans, padding: table.cellPadding)
            let widths = part.breaksWords
                ? TableColumnWidths.capped(columns, padding: table.cellPadding, available: width)
                    ?? columns.map { max($0.grapheme, Points(1)) + table.cellPadding * 2 }
                : TableColumnWidths.distribute(columns, padding: table.cellPadding, available: width)
            place(table, cells, widths: widths, x: x, width: width)
            builder.space(t.spaceAfter)
        }
    }

    /// The rows of one table (or group of columns) as flow boxes, banded where cells span
    /// rows, the header repeated above rows that start a page.
    private func place(_ t: StyledTable, _ prepared: [[PreparedParagraph]], widths: [Points], x: Points, width: Points) {
        let env = builder.env
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
    }

    /// One warning per table set other than as written: smaller, with broken words, or
    /// in groups of columns.
    private func warnIfShrunk(_ t: StyledTable, _ parts: [TableColumnWidths.Part], size: Points) {
        guard let smallest = parts.map(\.scale).min(), smallest < 1 else { return }
        func pt(_ p: Points) -> String { fixedDecimal(p.value, digits: 1) + "pt" }
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

extension StyledTable {
    /// The table of only `columns` (a group of a table too wide for the page), its text
    /// and padding set `scale` times as large; cells spanning columns stay whole (groups
    /// never cut through them).
    func part(columns range: Range<Int>, scale: Double) -> StyledTable {
        var t = self
        t.columns = range.count
        t.alignments = Array(alignments[range])
        t.rows = rows.map { row in row[range].map { $0.scaled(by: scale) } }
        t.spans = spans.filter { range.contains($0.column) }.map {
            CellSpan(row: $0.row, column: $0.column - range.lowerBound, rowSpan: $0.rowSpan,
                     columnSpan: min($0.columnSpan, range.upperBound - $0.column))
        }
        t.cellPadding = cellPadding * scale
        return t
    }
}

extension StyledParagraph {
    /// The paragraph set `k` times as large: its text, inline objects, spacing and
    /// indents (decorations are in ems and follow).
    func scaled(by k: Double) -> StyledParagraph {
        guard k != 1 else { return self }
        var p = self
        for i in p.text.runs.indices {
            p.text.runs[i].layout.size = p.text.runs[i].layout.size * k
            p.text.runs[i].layout.baselineShift = p.text.runs[i].layout.baselineShift * k
            p.text.runs[i].layout.padding = p.text.runs[i].layout.padding * k
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
