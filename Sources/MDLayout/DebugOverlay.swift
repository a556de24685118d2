import MDCore
import MDPage

/// Thin colored lines over the normal output that make the layout visible
/// (`--debug-layout`): each line fragment's rect (blue) and used rect (red), its
/// baseline (green), and each list's marker column (magenta).
enum DebugOverlay {
    static let hairline = Points(0.3)
    static let fragmentColor = Color(red: 0.2, green: 0.4, blue: 1, alpha: 0.8)
    static let usedColor = Color(red: 1, green: 0.2, blue: 0.2, alpha: 0.8)
    static let baselineColor = Color(red: 0, green: 0.65, blue: 0.2, alpha: 0.9)
    static let markerColor = Color(red: 0.85, green: 0.1, blue: 0.85, alpha: 0.8)

    static func items(for fragments: [LineFragment]) -> [PageItem] {
        var out: [PageItem] = []
        for f in fragments {
            out.append(.shape(Shape(.rect(f.rect, cornerRadius: .zero), stroke: Stroke(width: hairline, color: fragmentColor))))
            out.append(.shape(Shape(.rect(f.usedRect, cornerRadius: .zero), stroke: Stroke(width: hairline, color: usedColor))))
            out.append(.shape(Shape(.line(from: Point(x: f.rect.minX, y: f.baseline), to: Point(x: f.rect.maxX, y: f.baseline)),
                                    stroke: Stroke(width: hairline, color: baselineColor))))
        }
        return out
    }

    /// The marker column of a list item, beside its first line (y relative to its box).
    static func markerColumn(left: Points, right: Points, top: Points, bottom: Points) -> [PageItem] {
        let dash = Stroke.Dash.dashed(length: Points(1.5), gap: Points(1), phase: .zero)
        return [left, right].map { x in
            .shape(Shape(.line(from: Point(x: x, y: top), to: Point(x: x, y: bottom)),
                         stroke: Stroke(width: hairline, color: markerColor, dash: dash)))
        }
    }
}
