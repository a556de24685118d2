import MDMarkdown

/// A table's cells placed on a grid of slots, as HTML's table algorithm places them:
/// each cell goes to the first free slot of its row and covers its column and row span;
/// slots no cell covers stay empty. GFM tables (no spans) come out as written.
struct TableGrid {
    /// Every row has `columns` slots; a cell sits in its first slot only.
    var slots: [[TableCell?]]
    var columns: Int
    /// The rows at the top set and repeated as the header.
    var headerRows: Int
    var spans: [CellSpan]

    /// The most columns spans may make: past it, a table's spans are dropped (each cell
    /// one slot), so a pathological `colspan` cannot make a grid of millions of slots.
    static let maxColumns = 1_000

    init(_ t: Table) {
        let rows = (t.header.isEmpty ? [] : [t.header]) + t.rows
        // Rows of header cells only right under the header row (an HTML `<thead>` of two
        // rows) belong to the header.
        headerRows = t.header.isEmpty ? 0 : 1 + t.rows.prefix { !$0.isEmpty && $0.allSatisfy(\.isHeader) }.count
        (slots, columns, spans) = Self.place(rows, minColumns: t.alignments.count, spanning: true)
        if columns > Self.maxColumns, !spans.isEmpty {
            (slots, columns, spans) = Self.place(rows, minColumns: t.alignments.count, spanning: false)
        }
    }

    /// Places each row's cells at the first columns no cell spanning rows from above
    /// holds (HTML's rule), tracking per column the first row it is free again: the
    /// cost is each cell's column span, however many rows it spans.
    private static func place(_ rows: [[TableCell]], minColumns: Int, spanning: Bool) -> ([[TableCell?]], Int, [CellSpan]) {
        var freeFrom: [Int] = []  // by column: the first row not held by a cell from above
        var placed: [(row: Int, column: Int, cell: TableCell)] = []
        var spans: [CellSpan] = []
        var columns = minColumns
        func held(_ c: Int, _ r: Int) -> Bool { c < freeFrom.count && freeFrom[c] > r }
        for (r, row) in rows.enumerated() {
            var c = 0
            for cell in row {
                while held(c, r) { c += 1 }
                let columnSpan = spanning ? cell.columnSpan : 1
                let rowSpan = spanning ? min(cell.rowSpan, rows.count - r) : 1
                if freeFrom.count < c + columnSpan { freeFrom += [Int](repeating: 0, count: c + columnSpan - freeFrom.count) }
                for k in c..<(c + columnSpan) { freeFrom[k] = max(freeFrom[k], r + rowSpan) }
                placed.append((r, c, cell))
                if columnSpan > 1 || rowSpan > 1 { spans.append(CellSpan(row: r, column: c, rowSpan: rowSpan, columnSpan: columnSpan)) }
                c += columnSpan
                columns = max(columns, c)
            }
            // A cell spanning rows from above may reach past this row's own cells.
            columns = max(columns, freeFrom.lastIndex { $0 > r }.map { $0 + 1 } ?? 0)
            if spanning, columns > maxColumns { return ([], columns, spans) }
        }
        var slots = [[TableCell?]](repeating: [TableCell?](repeating: nil, count: columns), count: rows.count)
        for p in placed { slots[p.row][p.column] = p.cell }
        return (slots, columns, spans)
    }
}
