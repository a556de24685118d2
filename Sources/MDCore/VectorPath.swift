/// A filled outline made of straight and cubic Bézier segments (SVG's path model without
/// arcs): drawn icons such as the alerts' Octicons. Coordinates are in the path's own
/// space, y down; a `Group` transform places and scales it on the page. Subpaths fill
/// by the nonzero winding rule (SVG's and cairo's default), so a hole is a subpath
/// running the other way round.
public struct VectorPath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        /// A cubic Bézier from the current point through two control points to the end.
        case curve(Point, Point, to: Point)
        case close
    }
    public var elements: [Element]
    public init(_ elements: [Element]) { self.elements = elements }

    /// Decodes commands written as numbers: `0 x y` moves, `1 x y` draws a line, `2 x1
    /// y1 x2 y2 x y` a cubic curve, `3` closes the subpath (the form generated tables use:
    /// a flat number list compiles fast). A truncated or unknown command ends the path.
    public init(encoded numbers: [Double]) {
        var out: [Element] = []
        var i = 0
        func point(_ k: Int) -> Point { Point(x: Points(numbers[i + k]), y: Points(numbers[i + k + 1])) }
        while i < numbers.count {
            let code = numbers[i]
            let operands = code == 0 || code == 1 ? 2 : code == 2 ? 6 : code == 3 ? 0 : -1
            guard operands >= 0, i + operands < numbers.count else { break }
            switch code {
            case 0: out.append(.move(point(1)))
            case 1: out.append(.line(point(1)))
            case 2: out.append(.curve(point(1), point(3), to: point(5)))
            default: out.append(.close)
            }
            i += 1 + operands
        }
        elements = out
    }

    /// Every point moved by `dy` (paths in page space follow the flow box they sit in).
    public func offsetBy(dy: Points) -> VectorPath {
        func moved(_ p: Point) -> Point { Point(x: p.x, y: p.y + dy) }
        return VectorPath(elements.map { e in
            switch e {
            case .move(let p): return .move(moved(p))
            case .line(let p): return .line(moved(p))
            case .curve(let a, let b, let c): return .curve(moved(a), moved(b), to: moved(c))
            case .close: return .close
            }
        })
    }

    /// `m2 l3 c5 z2`: how many elements of each kind, for dumps (the points are in the
    /// generated tables, not worth repeating in every page dump).
    public var summary: String {
        var m = 0, l = 0, c = 0, z = 0
        for e in elements {
            switch e {
            case .move: m += 1
            case .line: l += 1
            case .curve: c += 1
            case .close: z += 1
            }
        }
        return "m\(m) l\(l) c\(c) z\(z)"
    }
}
