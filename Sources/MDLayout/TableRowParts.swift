import MDCore
import MDPage

/// A table row — or a band of rows that cells spanning rows hold together — kept as its
/// cells' lines, so pagination can split a one-row band between lines: each cell
/// continues on the next page with the lines that did not fit, and each part is drawn
/// as a row of its own (backgrounds, column edges, and top and bottom borders closed or
/// open at the break as the theme says).
///
/// Cells are top-aligned. A cell spanning rows makes the last of its rows taller when
/// it needs more room than they have. Borders are drawn between slots except inside a
/// cell. All y values in a part's box are from the part's top edge.
struct TableRowParts {
    struct Cell {
        /// The cell's lines (items at their final x, y from the line's top).
        var lines: [FlowBox]
        var column: Int
        var columnSpan = 1
        /// The row in this band it starts in.
        var row = 0
        var rowSpan = 1
    }
    var cells: [Cell]
    /// Rows in this band.
    var rowCount = 1
    /// Left edge of the whole table, in page space.
    var x: Points
    var columnWidths: [Points]
    var padding: Points
    /// Height of a row whose cells are all empty (one body line).
    var emptyHeight: Points
    /// Each row's background (header, zebra).
    var backgrounds: [Color?]
    var border: Stroke
    /// Leave out the border at a break (and at the next part's top), so the parts read as one row.
    var openAtPageBreaks: Bool
    var xHeight: Points
    /// Whether this part continues a row begun on an earlier page / goes on after it.
    var continuesFromBefore = false
    var continuesAfter = false

    var width: Points { Points(columnWidths.reduce(0) { $0 + $1.value }) }

    /// The band as one flow box; one that a page can split (`rowParts`) when it is a
    /// single row.
    func box() -> FlowBox {
        let heights = rowHeights()
        var tops = [Points.zero]
        for h in heights { tops.append(tops[tops.count - 1] + h) }
        let height = tops[tops.count - 1]
        var items = backgroundItems(tops)
        var box = FlowBox(height: height)
        var firstBaseline: Points?
        for cell in cells {
            var y = tops[cell.row] + padding
            for l in cell.lines {
                items += l.items.map { $0.offsetBy(dy: y) }
                box.anchors += l.anchors.map { Anchor(name: $0.name, x: $0.x, y: $0.y + y, outline: $0.outline) }
                box.footnotes += l.footnotes.filter { !box.footnotes.contains($0) }
                box.fragments += l.fragments.map { $0.offsetBy(dy: y) }
                if firstBaseline == nil, let b = l.firstBaseline { firstBaseline = y + b }
                y += l.height
            }
        }
        items += gridLines(tops)
        box.items = items
        box.firstBaseline = firstBaseline
        box.firstXHeight = xHeight
        box.rowParts = rowCount == 1 ? self : nil
        return box
    }

    /// Each row's height: its tallest one-row cell, or one empty line; then a cell
    /// spanning rows adds what it lacks to its last row.
    private func rowHeights() -> [Points] {
        var heights = [Points](repeating: .zero, count: rowCount)
        var hasContent = [Bool](repeating: false, count: rowCount)
        for cell in cells where cell.rowSpan == 1 {
            heights[cell.row] = max(heights[cell.row], Self.height(of: cell.lines[...]) + padding * 2)
            if !cell.lines.isEmpty { hasContent[cell.row] = true }
        }
        for r in 0..<rowCount where !hasContent[r] { heights[r] = max(heights[r], emptyHeight + padding * 2) }
        for cell in cells where cell.rowSpan > 1 {
            let last = min(cell.row + cell.rowSpan, rowCount) - 1
            let have = heights[cell.row...last].reduce(Points.zero, +)
            let need = Self.height(of: cell.lines[...]) + padding * 2
            if need > have { heights[last] += need - have }
        }
        return heights
    }

    /// Row backgrounds: one rectangle per row; with cells spanning rows, one per cell in
    /// its first row's color.
    private func backgroundItems(_ tops: [Points]) -> [PageItem] {
        guard backgrounds.contains(where: { $0 != nil }) else { return [] }
        func rect(_ c0: Int, _ c1: Int, _ r0: Int, _ r1: Int, _ color: Color) -> PageItem {
            let left = x + Points(columnWidths[..<c0].reduce(0) { $0 + $1.value })
            let w = Points(columnWidths[c0..<c1].reduce(0) { $0 + $1.value })
            return .shape(Shape(.rect(Rect(x: left, y: tops[r0], width: w, height: tops[r1] - tops[r0]), cornerRadius: .zero), fill: color))
        }
        if rowCount == 1 || cells.allSatisfy({ $0.rowSpan == 1 }) {
            return (0..<rowCount).compactMap { r in backgrounds[r].map { rect(0, columnWidths.count, r, r + 1, $0) } }
        }
        return cells.compactMap { c in
            backgrounds[c.row].map { rect(c.column, min(c.column + c.columnSpan, columnWidths.count), c.row, min(c.row + c.rowSpan, rowCount), $0) }
        }
    }

    /// The band's top and bottom borders (left out at an open break), the borders between
    /// its rows and its column edges, except inside cells.
    private func gridLines(_ tops: [Points]) -> [PageItem] {
        var edges = [x]
        for w in columnWidths { edges.append(edges[edges.count - 1] + w) }
        let right = x + width
        var out: [PageItem] = []
        func line(_ x0: Points, _ y0: Points, _ x1: Points, _ y1: Points) {
            out.append(.shape(Shape(.line(from: Point(x: x0, y: y0), to: Point(x: x1, y: y1)), stroke: border)))
        }
        if !(continuesFromBefore && openAtPageBreaks) { line(x, .zero, right, .zero) }
        if !(continuesAfter && openAtPageBreaks) { line(x, tops[rowCount], right, tops[rowCount]) }
        // Between rows: every slot's top edge except where a cell spans across it.
        for r in 1..<max(rowCount, 1) {
            var c = 0
            while c < columnWidths.count {
                if let span = cells.first(where: { $0.row < r && $0.row + $0.rowSpan > r && $0.column <= c && c < $0.column + $0.columnSpan }) {
                    c = span.column + span.columnSpan
                    continue
                }
                var end = c + 1
                while end < columnWidths.count,
                      !cells.contains(where: { $0.row < r && $0.row + $0.rowSpan > r && $0.column <= end && end < $0.column + $0.columnSpan }) {
                    end += 1
                }
                line(edges[c], tops[r], edges[end], tops[r])
                c = end
            }
        }
        // Column edges, per row, except inside a cell spanning columns.
        let spansColumns = cells.contains { $0.columnSpan > 1 }
        for c in 0...columnWidths.count {
            if !spansColumns || c == 0 || c == columnWidths.count {
                line(edges[c], .zero, edges[c], tops[rowCount])
                continue
            }
            for r in 0..<rowCount where !cells.contains(where: {
                $0.row <= r && r < $0.row + $0.rowSpan && $0.column < c && c < $0.column + $0.columnSpan
            }) {
                line(edges[c], tops[r], edges[c], tops[r + 1])
            }
        }
        return out
    }

    /// Splits a one-row band so that the first part is at most `height` tall: each cell
    /// keeps the lines that fit, with at least two lines on each side of the break where
    /// the cell has four or more. `force` (the row starts an empty page) takes whatever
    /// fits, at least one line. nil when no line fits or nothing would be left over.
    func split(fitting height: Points, force: Bool) -> (head: TableRowParts, tail: TableRowParts)? {
        guard rowCount == 1 else { return nil }
        let room = height - padding * 2
        var counts: [Int] = []
        for cell in cells {
            let lines = cell.lines
            var k = 0, used = Points.zero
            while k < lines.count, used + lines[k].height <= room + Points(0.01) {
                used += lines[k].height
                k += 1
            }
            if !force, k < lines.count {
                if lines.count - k == 1, k >= 3 { k -= 1 }  // no widow line on the next page
                if k == 1, lines.count >= 3 { k = 0 }       // no orphan line on this page
            }
            counts.append(k)
        }
        if force, counts.allSatisfy({ $0 == 0 }) {
            // Not even one line fits an empty page: take the first line of each cell anyway
            // (it can only be a line taller than the body), so the row always advances.
            counts = cells.map { min($0.lines.count, 1) }
        }
        let moved = zip(cells, counts).contains { $0.lines.count > $1 }
        guard moved, counts.contains(where: { $0 > 0 }) else { return nil }
        var head = self, tail = self
        for (i, k) in counts.enumerated() {
            head.cells[i].lines = Array(cells[i].lines[..<k])
            tail.cells[i].lines = Array(cells[i].lines[k...])
        }
        head.continuesAfter = true
        tail.continuesFromBefore = true
        return (head, tail)
    }

    static func height(of lines: ArraySlice<FlowBox>) -> Points {
        Points(lines.reduce(0) { $0 + $1.height.value })
    }
}
