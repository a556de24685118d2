/// A value kept behind one shared reference and copied only when written while shared.
/// For attribute bundles that are copied far more often than changed — a styled run's
/// layout and paint are copied with every run, line and glyph item, and a highlighted
/// code block has millions of runs — so each copy costs a pointer and one retain, not
/// the bundle's hundreds of bytes and a retain per string and array inside.
public struct CopyOnWrite<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Mutated only while uniquely referenced (`value`'s modify accessor), so no two
    /// threads ever see one box change: that is what makes it Sendable. For the same
    /// reason no access to `value` can overlap a write (the one reference is in the
    /// `CopyOnWrite` being written, which Swift's static checks already cover), so the
    /// runtime's exclusivity check, two thirds of the cost of reading a field (2 million
    /// reads of run attributes in the layout of the Rust book's chapters 1–14), is left
    /// out.
    @usableFromInline
    final class Box: @unchecked Sendable {
        @usableFromInline @exclusivity(unchecked) var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    public init(_ value: Value) { box = Box(value) }

    /// Inlinable, so reads in other modules are specialized for the value's type.
    @inlinable
    public var value: Value {
        // Borrowed, so reading one field copies that field, not the whole value.
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether the two share one copy (equal values need not: see `MDStyle.RunStyles`).
    public func sharesStorage(with other: Self) -> Bool { box === other.box }

    public static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.box.value == b.box.value }
    public func hash(into hasher: inout Hasher) { box.value.hash(into: &hasher) }
}
