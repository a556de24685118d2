import MDCore
import MDPage

/// A table row kept as its cells' lines, so pagination can split it between lines:
/// each cell continues on the next page with the lines that did not fit, and each part
/// is drawn as a row of its own (background, column edges, and top and bottom borders
/// closed or open at the break as the theme says).
///
/// Cells are top-aligned. All y values in a part's box are from the part's top edge.
struct TableRowParts {
    /// The lines of each cell (items at their final x, y from the line's top).
    var cells: [[FlowBox]]
    /// Left edge and width of the whole table, in page space.
    var x: Points
    var columnWidths: [Points]
    var padding: Points
    /// Height of a row whose cells are all empty (one body line).
    var emptyHeight: Points
    var background: Color?
    var border: Stroke
    /// Leave out the border at a break (and at the next part's top), so the parts read as one row.
    var openAtPageBreaks: Bool
    var xHeight: Points
    /// Whether this part continues a row begun on an earlier page / goes on after it.
    var continuesFromBefore = false
    var continuesAfter = false

    var width: Points { Points(columnWidths.reduce(0) { $0 + $1.value }) }

    /// The row part as one flow box.
    func box() -> FlowBox {
        var contentHeight = Points.zero
        for lines in cells { contentHeight = max(contentHeight, Self.height(of: lines[...])) }
        if cells.allSatisfy(\.isEmpty) { contentHeight = emptyHeight }
        let height = contentHeight + padding * 2
        var items: [PageItem] = []
        if let bg = background {
            items.append(.shape(Shape(.rect(Rect(x: x, y: .zero, width: width, height: height), cornerRadius: .zero), fill: bg)))
        }
        var box = FlowBox(height: height)
        var firstBaseline: Points?
        for lines in cells {
            var y = padding
            for l in lines {
                items += l.items.map { $0.offsetBy(dy: y) }
                box.anchors += l.anchors.map { Anchor(name: $0.name, x: $0.x, y: $0.y + y, outline: $0.outline) }
                box.footnotes += l.footnotes.filter { !box.footnotes.contains($0) }
                box.fragments += l.fragments.map { $0.offsetBy(dy: y) }
                if firstBaseline == nil, let b = l.firstBaseline { firstBaseline = y + b }
                y += l.height
            }
        }
        items += gridLines(height: height)
        box.items = items
        box.firstBaseline = firstBaseline
        box.firstXHeight = xHeight
        box.rowParts = self
        return box
    }

    /// The row's top and bottom borders (left out at an open break) and its column edges.
    private func gridLines(height: Points) -> [PageItem] {
        var out: [PageItem] = []
        let right = x + width
        if !(continuesFromBefore && openAtPageBreaks) {
            out.append(.shape(Shape(.line(from: Point(x: x, y: .zero), to: Point(x: right, y: .zero)), stroke: border)))
        }
        if !(continuesAfter && openAtPageBreaks) {
            out.append(.shape(Shape(.line(from: Point(x: x, y: height), to: Point(x: right, y: height)), stroke: border)))
        }
        var ex = x
        for c in 0...columnWidths.count {
            out.append(.shape(Shape(.line(from: Point(x: ex, y: .zero), to: Point(x: ex, y: height)), stroke: border)))
            if c < columnWidths.count { ex += columnWidths[c] }
        }
        return out
    }

    /// Splits the row so that the first part is at most `height` tall: each cell keeps
    /// the lines that fit, with at least two lines on each side of the break where the
    /// cell has four or more. `force` (the row starts an empty page) takes whatever
    /// fits, at least one line. nil when no line fits or nothing would be left over.
    func split(fitting height: Points, force: Bool) -> (head: TableRowParts, tail: TableRowParts)? {
        let room = height - padding * 2
        var counts: [Int] = []
        for lines in cells {
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
            counts = cells.map { min($0.count, 1) }
        }
        let moved = zip(cells, counts).contains { $0.count > $1 }
        guard moved, counts.contains(where: { $0 > 0 }) else { return nil }
        var head = self, tail = self
        head.cells = zip(cells, counts).map { Array($0[..<$1]) }
        tail.cells = zip(cells, counts).map { Array($0[$1...]) }
        head.continuesAfter = true
        tail.continuesFromBefore = true
        return (head, tail)
    }

    static func height(of lines: ArraySlice<FlowBox>) -> Points {
        Points(lines.reduce(0) { $0 + $1.height.value })
    }
}
