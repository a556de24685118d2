import MDCore
import MDMarkdown
import Testing
@testable import MDStyle

/// Table cells placed on the grid as HTML's table algorithm places them.
@Suite struct TableGridTests {
    func cell(_ text: String, _ columns: Int = 1, _ rows: Int = 1) -> TableCell {
        TableCell(content: [.text(text)], range: .unknown, columnSpan: columns, rowSpan: rows)
    }

    func layout(_ grid: TableGrid) -> [String] {
        grid.slots.map { row in
            row.map { c -> String in
                guard let c, case .text(let t)? = c.content.first else { return "." }
                return t
            }.joined(separator: " ")
        }
    }

    /// A cell goes to the first slot of its row that no cell from above holds.
    @Test func spansPushLaterCellsAside() {
        let t = Table(alignments: [], header: [cell("A"), cell("B", 2)],
                      rows: [[cell("1", 1, 2), cell("2"), cell("3")], [cell("4"), cell("5")], [cell("6", 3)]])
        let grid = TableGrid(t)
        #expect(grid.columns == 3 && grid.headerRows == 1)
        #expect(layout(grid) == ["A B .", "1 2 3", ". 4 5", "6 . ."])
        #expect(grid.spans == [CellSpan(row: 0, column: 1, rowSpan: 1, columnSpan: 2), CellSpan(row: 1, column: 0, rowSpan: 2, columnSpan: 1),
                               CellSpan(row: 3, column: 0, rowSpan: 1, columnSpan: 3)])
    }

    /// A row span past the table's end stops at its last row; rows of header cells right
    /// under the header row are header rows too.
    @Test func rowSpansEndWithTheTableAndHeaderRowsJoin() {
        var th = cell("s"); th.isHeader = true
        var th2 = cell("d"); th2.isHeader = true
        let t = Table(alignments: [], header: [cell("L", 1, 2), cell("T", 2)], rows: [[th, th2], [cell("x", 1, 9), cell("y"), cell("z")]])
        let grid = TableGrid(t)
        #expect(grid.headerRows == 2)
        #expect(layout(grid) == ["L T .", ". s d", "x y z"])
        #expect(grid.spans.contains(CellSpan(row: 2, column: 0, rowSpan: 1, columnSpan: 1)) == false)
    }

    /// Spans that would make more than `maxColumns` columns are dropped (each cell one
    /// slot), and placing cells of huge spans costs their column span, not their area.
    @Test func pathologicalSpans() {
        let rows = (0..<300).map { _ in (0..<20).map { _ in cell("x", 100, 60_000) } }
        let grid = TableGrid(Table(alignments: [], header: [], rows: rows))
        #expect(grid.columns == 20 && grid.spans.isEmpty && grid.slots.count == 300)
    }
}
