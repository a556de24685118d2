import FoundationEssentials
import Glibc

/// Typed lengths. PDF user space is measured in points (1/72 in); font-relative
/// sizes are in em. No bare `Double` crosses a stage boundary as a length.

/// A length in PostScript points (1/72 inch).
public struct Points: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double
    @inlinable public init(_ value: Double) { self.value = value }
    public static let zero = Points(0)
    @inlinable public static func mm(_ v: Double) -> Points { Points(v * 72.0 / 25.4) }
    @inlinable public static func inches(_ v: Double) -> Points { Points(v * 72.0) }
    @inlinable public static func < (a: Points, b: Points) -> Bool { a.value < b.value }
    @inlinable public static func + (a: Points, b: Points) -> Points { Points(a.value + b.value) }
    @inlinable public static func - (a: Points, b: Points) -> Points { Points(a.value - b.value) }
    @inlinable public static prefix func - (a: Points) -> Points { Points(-a.value) }
    @inlinable public static func * (a: Points, k: Double) -> Points { Points(a.value * k) }
    @inlinable public static func * (k: Double, a: Points) -> Points { Points(a.value * k) }
    @inlinable public static func / (a: Points, k: Double) -> Points { Points(a.value / k) }
    @inlinable public static func / (a: Points, b: Points) -> Double { a.value / b.value }
    @inlinable public static func += (a: inout Points, b: Points) { a.value += b.value }
    @inlinable public static func -= (a: inout Points, b: Points) { a.value -= b.value }
    /// Rounded to 2 decimals, the precision of every text dump.
    public var description: String { formatDump(value) }
}

/// A length relative to the current font size.
public struct Em: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double
    @inlinable public init(_ value: Double) { self.value = value }
    public static let zero = Em(0)
    @inlinable public static func < (a: Em, b: Em) -> Bool { a.value < b.value }
    @inlinable public static func + (a: Em, b: Em) -> Em { Em(a.value + b.value) }
    @inlinable public static func * (a: Em, k: Double) -> Em { Em(a.value * k) }
    /// The length this many em measure at `size`.
    @inlinable public func at(_ size: Points) -> Points { Points(value * size.value) }
    public var description: String { formatDump(value) + "em" }
}

/// Formats a number rounded to 2 decimals with no trailing zeros ("12.5", "3", "-0.25").
public func formatDump(_ v: Double) -> String {
    var r = (v * 100).rounded() / 100
    if r == 0 { r = 0 }  // no "-0"
    if r == r.rounded() && abs(r) < 1e15 { return String(Int(r)) }
    var s = fixedDecimal(r, digits: 2)
    while s.hasSuffix("0") { s.removeLast() }
    return s
}
