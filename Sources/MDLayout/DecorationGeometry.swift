import FoundationEssentials
import Glibc
import MDCore
import MDPage
import MDStyle

/// Lines drawn along a segment, laid out evenly: the number of dots, dashes or waves is
/// computed from the segment's length and the pattern is centered, so both ends look
/// the same whether the segment covers three letters or a whole line.
enum DecorationGeometry {
    /// A horizontal decoration line from `x0` to `x1` with its centre at `y`.
    static func line(_ style: TextDecoration.Style, x0: Points, x1: Points, y: Points,
                     thickness t: Points, color: Color) -> [Shape] {
        let length = x1 - x0
        guard length > .zero, t > .zero else { return [] }
        switch style {
        case .single:
            return [solid(x0, x1, y, t, color)]
        case .thick:
            return [solid(x0, x1, y + t / 2, t * 2, color)]
        case .double:
            return [solid(x0, x1, y, t, color), solid(x0, x1, y + t * 2, t, color)]
        case .dotted:
            // Round dots a little heavier than the line, 2.5 dot widths apart.
            let w = t * 1.3
            return dotted(x0: x0, x1: x1, y: y, dot: w, spacing: w * 2.5, color: color).map { [$0] } ?? []
        case .dashed:
            return dashed(x0: x0, x1: x1, y: y, width: t, dash: t * 4, gap: t * 2.5, color: color).map { [$0] } ?? []
        case .wavy:
            return [wave(x0: x0, x1: x1, y: y + t, thickness: t, color: color)]
        }
    }

    static func solid(_ x0: Points, _ x1: Points, _ y: Points, _ t: Points, _ color: Color) -> Shape {
        Shape(.line(from: Point(x: x0, y: y), to: Point(x: x1, y: y)), stroke: Stroke(width: t, color: color))
    }

    /// Dot centres from the first to the last, `spacing` apart (adjusted down so a whole
    /// number fits), centered in `x0…x1` with half a dot's width kept inside each end.
    static func dotCenters(x0: Points, x1: Points, dot: Points, spacing: Points) -> (first: Points, step: Points, count: Int) {
        let usable = x1 - x0 - dot
        guard usable > .zero else { return ((x0 + x1) / 2, spacing, 1) }
        let gaps = max(1, Int((usable / spacing).rounded(.down)))
        let used = spacing * Double(gaps)
        let first = x0 + dot / 2 + (usable - used) / 2
        return (first, spacing, gaps + 1)
    }

    static func dotted(x0: Points, x1: Points, y: Points, dot: Points, spacing: Points, color: Color) -> Shape? {
        let c = dotCenters(x0: x0, x1: x1, dot: dot, spacing: spacing)
        let last = c.first + c.step * Double(c.count - 1)
        return Shape(.line(from: Point(x: c.first, y: y), to: Point(x: last, y: y)),
                     stroke: Stroke(width: dot, color: color, dash: .dotted(spacing: c.step, phase: .zero)))
    }

    /// Whole dashes only, the pattern centered so both ends have the same margin.
    static func dashed(x0: Points, x1: Points, y: Points, width: Points, dash: Points, gap: Points, color: Color) -> Shape? {
        let length = x1 - x0
        let n = max(1, Int(((length + gap) / (dash + gap)).rounded(.down)))
        let d = n == 1 ? min(dash, length) : dash
        let used = d * Double(n) + gap * Double(n - 1)
        let start = x0 + (length - used) / 2
        return Shape(.line(from: Point(x: start, y: y), to: Point(x: start + used, y: y)),
                     stroke: Stroke(width: width, color: color, dash: .dashed(length: d, gap: gap, phase: .zero)))
    }

    /// A sine wave with a whole number of half periods across the segment.
    static func wave(x0: Points, x1: Points, y: Points, thickness t: Points, color: Color) -> Shape {
        let length = x1 - x0
        let halfWave = max(t * 3, Points(1.5))
        let halves = max(2, Int((length / halfWave).rounded()))
        let step = length / Double(halves)
        let amplitude = t * 1.1
        var pts: [Point] = []
        let samples = 6
        for h in 0..<halves {
            for k in 0..<samples where !(h > 0 && k == 0) {
                let f = Double(k) / Double(samples)
                let x = x0 + step * (Double(h) + f)
                let s = (h % 2 == 0 ? -1.0 : 1.0) * sin(f * .pi)
                pts.append(Point(x: x, y: y + amplitude * s))
            }
        }
        pts.append(Point(x: x1, y: y))
        return Shape(.polyline(pts, closed: false), stroke: Stroke(width: t, color: color))
    }
}
