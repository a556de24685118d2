import MDCore

/// An affine map of page space, in points: (x, y) ↦ (a·x + c·y + tx, b·x + d·y + ty),
/// as cairo's matrices are written.
public struct Transform: Hashable, Sendable {
    public var a, b, c, d, tx, ty: Double
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Scales by `k` about `origin` (which stays where it is).
    public static func scale(_ k: Double, about origin: Point) -> Transform {
        Transform(a: k, b: 0, c: 0, d: k, tx: origin.x.value * (1 - k), ty: origin.y.value * (1 - k))
    }

    /// `self` applied after `inner`: the map of a group inside a group.
    public func concatenating(_ inner: Transform) -> Transform {
        Transform(a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
                  c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
                  tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }

    public func apply(_ p: Point) -> Point {
        Point(x: Points(a * p.x.value + c * p.y.value + tx), y: Points(b * p.x.value + d * p.y.value + ty))
    }

    /// The bounding box of the mapped rect.
    public func apply(_ r: Rect) -> Rect {
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY),
                       Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)].map(apply)
        let xs = corners.map(\.x.value), ys = corners.map(\.y.value)
        return Rect(x: Points(xs.min()!), y: Points(ys.min()!), width: Points(xs.max()! - xs.min()!),
                    height: Points(ys.max()! - ys.min()!))
    }
}

/// Items drawn through a transform: coordinates inside are the group's own, mapped to
/// the page by `transform` (a line of text too tall for the page, scaled to fit).
public struct Group: Sendable {
    public var transform: Transform
    public var items: [PageItem]
    public init(transform: Transform, items: [PageItem]) { self.transform = transform; self.items = items }
}
