import MDCore
import MDMath
import MDText

extension MathLayouter {
    /// A grid of cells, as LaTeX's array sets it: each row at least as tall as a strut
    /// (0.7 and 0.3 of a 1.2 em baseline skip, so plain rows are 1.2 em apart), columns
    /// as wide as their widest cell and `columnGap` em apart, rules where asked; the
    /// whole grid centered on the math axis. Returns the baselines of the rows from
    /// the box's baseline (y down), for equation numbers beside them.
    func array(_ a: MathArray, _ s: MathStyle) -> (box: MathBox, rowBaselines: [Points]) {
        let cs = a.style.map { MathStyle(level: $0, cramped: false) } ?? s
        let cells = a.rows.map { $0.map { list($0, cs).box } }
        let columns = a.columnCount
        guard columns > 0 else { return (MathBox(), []) }
        let unit = size(s)
        let strutAbove = size(cs) * (0.84 * a.rowStretch), strutBelow = size(cs) * (0.36 * a.rowStretch)

        var widths = [Points](repeating: .zero, count: columns)
        for row in cells { for (j, cell) in row.enumerated() { widths[j] = max(widths[j], cell.width) } }
        let gap = unit * a.columnGap
        func gapBefore(_ j: Int) -> Points {
            guard j > 0 else { return .zero }
            return a.pairsAlternate ? (j % 2 == 0 ? gap : .zero) : gap
        }
        let padLeft = a.paddedEdges || a.verticalRules.contains(0) ? gap / 2 : .zero
        let padRight = a.paddedEdges || a.verticalRules.contains(columns) ? gap / 2 : .zero
        var xs: [Points] = []
        var x = padLeft
        for j in 0..<columns {
            x += gapBefore(j)
            xs.append(x)
            x += widths[j]
        }
        let totalWidth = x + padRight

        var baselines: [Points] = []
        var tops: [Points] = []
        var y = Points.zero
        var previousDescent = Points.zero
        for (r, row) in cells.enumerated() {
            let ascent = max(strutAbove, row.map(\.ascent).max() ?? .zero)
            let descent = max(strutBelow, row.map(\.descent).max() ?? .zero)
            if r > 0 {
                y += previousDescent + unit * a.rowGap + unit * (a.extraRowSpace[r - 1] ?? 0)
            }
            tops.append(y)
            y += ascent
            baselines.append(y)
            previousDescent = descent
        }
        let totalHeight = y + previousDescent
        tops.append(totalHeight)

        var grid = MathBox()
        for (r, row) in cells.enumerated() {
            for (j, cell) in row.enumerated() {
                let cx: Points
                switch a.alignment(of: j) {
                case .left: cx = xs[j]
                case .center: cx = xs[j] + (widths[j] - cell.width) / 2
                case .right: cx = xs[j] + widths[j] - cell.width
                }
                grid.place(cell, x: cx, y: baselines[r])
            }
        }
        let rule = unit * 0.04
        for j in a.verticalRules {
            let rx = j <= 0 ? .zero : j >= columns ? totalWidth - rule : xs[j] - gapBefore(j) / 2 - rule / 2
            grid.elements.append(.rule(Rect(x: rx, y: .zero, width: rule, height: totalHeight), color: nil))
        }
        for r in a.horizontalRules where r >= 0 && r <= cells.count {
            let ry = min(max(tops[r] - rule / 2, .zero), totalHeight - rule)
            grid.elements.append(.rule(Rect(x: .zero, y: ry, width: totalWidth, height: rule), color: nil))
        }
        // Centered on the axis: the top of the grid is `ascent` above the baseline.
        let ascent = totalHeight / 2 + axis(s)
        var box = MathBox(width: totalWidth, ascent: ascent, descent: totalHeight - ascent)
        box.place(grid, x: .zero, y: -ascent)
        return (box, baselines.map { $0 - ascent })
    }
}
