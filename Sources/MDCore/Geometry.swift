/// Geometry in points, in page space: origin at the top-left corner, y grows downwards
/// (the same orientation as cairo's user space).

public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Points
    public var y: Points
    @inlinable public init(x: Points, y: Points) { self.x = x; self.y = y }
    public static let zero = Point(x: .zero, y: .zero)
    public var description: String { "(\(x), \(y))" }
}

public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Points
    public var height: Points
    @inlinable public init(width: Points, height: Points) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}

public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size
    @inlinable public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    @inlinable public init(x: Points, y: Points, width: Points, height: Points) {
        self.origin = Point(x: x, y: y); self.size = Size(width: width, height: height)
    }
    @inlinable public var minX: Points { origin.x }
    @inlinable public var minY: Points { origin.y }
    @inlinable public var maxX: Points { origin.x + size.width }
    @inlinable public var maxY: Points { origin.y + size.height }
    @inlinable public var width: Points { size.width }
    @inlinable public var height: Points { size.height }
    /// The smallest rectangle holding both.
    public func union(_ o: Rect) -> Rect {
        let x0 = min(minX, o.minX), y0 = min(minY, o.minY)
        return Rect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }
    /// This rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Points, dy: Points) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public var description: String { "[\(minX) \(minY) \(width) \(height)]" }
}

/// Box insets (padding, margins) in points.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Points, right: Points, bottom: Points, left: Points
    public init(top: Points, right: Points, bottom: Points, left: Points) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }
    public init(all v: Points) { self.init(top: v, right: v, bottom: v, left: v) }
    public static let zero = EdgeInsets(all: .zero)
}
