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

    private static func place(_ rows: [[TableCell]], minColumns: Int, spanning: Bool) -> ([[TableCell?]], Int, [CellSpan]) {
        var taken: [Set<Int>] = Array(repeating: [], count: rows.count)
        var placed: [(row: Int, column: Int, cell: TableCell)] = []
        var spans: [CellSpan] = []
        var columns = minColumns
        for (r, row) in rows.enumerated() {
            var c = 0
            for cell in row {
                while taken[r].contains(c) { c += 1 }
                let columnSpan = spanning ? cell.columnSpan : 1
                let rowSpan = spanning ? min(cell.rowSpan, rows.count - r) : 1
                for dr in 0..<rowSpan { for dc in 0..<columnSpan { taken[r + dr].insert(c + dc) } }
                placed.append((r, c, cell))
                if columnSpan > 1 || rowSpan > 1 { spans.append(CellSpan(row: r, column: c, rowSpan: rowSpan, columnSpan: columnSpan)) }
                c += columnSpan
                columns = max(columns, c)
            }
            columns = max(columns, (taken[r].max() ?? -1) + 1)
        }
        var slots = [[TableCell?]](repeating: [TableCell?](repeating: nil, count: columns), count: rows.count)
        for p in placed { slots[p.row][p.column] = p.cell }
        return (slots, columns, spans)
    }
}
