import FoundationEssentials
import Glibc
import MDCore
import MDPage

/// The box of a code block (or any container with a background or border) on one page.
enum ContainerShapes {
    static func box(_ rect: Rect, info: ContainerInfo, openTop: Bool, openBottom: Bool) -> [PageItem] {
        let stroke = info.border.map { Stroke(width: info.borderWidth, color: $0) }
        let inset = info.border == nil ? Points.zero : info.borderWidth / 2
        let r = Rect(x: rect.minX + inset, y: rect.minY + (openTop ? .zero : inset), width: rect.width - inset * 2,
                     height: rect.height - (openTop ? .zero : inset) - (openBottom ? .zero : inset))
        guard openTop || openBottom else {
            return [.shape(Shape(.rect(r, cornerRadius: info.cornerRadius), fill: info.background, stroke: stroke))]
        }
        var items: [PageItem] = []
        let outline = path(r, radius: info.cornerRadius, roundTop: !openTop, roundBottom: !openBottom)
        if let bg = info.background { items.append(.shape(Shape(.polyline(outline, closed: true), fill: bg))) }
        if let stroke {
            // The sides and the closed edge; the open edge is not stroked.
            // Clockwise from the top-left: [TL, TR, …bottom] when the top is open (square),
            // […top arcs, BR, BL] when the bottom is; leave that edge out.
            let sides = openTop ? Array(outline.dropFirst()) + [outline[0]] : [outline[outline.count - 1]] + outline.dropLast()
            if openTop && openBottom {
                items.append(.shape(Shape(.line(from: Point(x: r.minX, y: r.minY), to: Point(x: r.minX, y: r.maxY)), stroke: stroke)))
                items.append(.shape(Shape(.line(from: Point(x: r.maxX, y: r.minY), to: Point(x: r.maxX, y: r.maxY)), stroke: stroke)))
            } else {
                items.append(.shape(Shape(.polyline(sides, closed: false), stroke: stroke)))
            }
        }
        return items
    }

    /// The outline of `r` clockwise from the top-left, with rounded corners (arcs of
    /// `radius`, approximated by short segments) only where asked.
    static func path(_ r: Rect, radius: Points, roundTop: Bool, roundBottom: Bool) -> [Point] {
        let rad = min(radius, r.width / 2, r.height / 2)
        func arc(_ cx: Points, _ cy: Points, from a0: Double) -> [Point] {
            (0...6).map { i in
                let a = (a0 + Double(i) * 15) * .pi / 180
                return Point(x: cx + rad * cos(a), y: cy + rad * sin(a))
            }
        }
        var pts: [Point] = []
        if roundTop && rad > .zero {
            pts += arc(r.minX + rad, r.minY + rad, from: 180)
            pts += arc(r.maxX - rad, r.minY + rad, from: 270)
        } else {
            pts += [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY)]
        }
        if roundBottom && rad > .zero {
            pts += arc(r.maxX - rad, r.maxY - rad, from: 0)
            pts += arc(r.minX + rad, r.maxY - rad, from: 90)
        } else {
            pts += [Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        }
        return pts
    }
}
