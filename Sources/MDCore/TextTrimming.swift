/// Trimming without Foundation's `CharacterSet`, for the sets the code used from it:
/// `.whitespaces` (Unicode's space separators, Zs, U+0009 TAB and, as CoreFoundation
/// counts it, U+200B ZERO WIDTH SPACE), `.newlines` and `.whitespacesAndNewlines`.
extension Unicode.Scalar {
    /// Foundation's `CharacterSet.whitespaces`.
    public var isHorizontalSpace: Bool {
        // ASCII answered without the Unicode property table, whose lookup was most of
        // the time the theme's lengths took to decode.
        if value < 0x80 { return value == 0x20 || value == 0x09 }
        return value == 0x200B || properties.generalCategory == .spaceSeparator
    }

    /// Foundation's `CharacterSet.newlines`: U+000A–U+000D, U+0085, U+2028, U+2029.
    public var isLineBreak: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Foundation's `CharacterSet.whitespacesAndNewlines`.
    public var isSpaceOrNewline: Bool { isHorizontalSpace || isLineBreak }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (`CharacterSet.whitespaces`).
    public func trimmingSpaces() -> String { trimming(\.isHorizontalSpace) }

    /// The text without leading and trailing whitespace and line breaks
    /// (`CharacterSet.whitespacesAndNewlines`).
    public func trimmingSpacesAndNewlines() -> String { trimming(\.isSpaceOrNewline) }

    /// The text without leading and trailing line breaks (`CharacterSet.newlines`).
    public func trimmingLineBreaks() -> String { trimming(\.isLineBreak) }

    /// The text without leading and trailing scalars of `set`.
    public func trimmingScalars(in set: String) -> String { trimming { set.unicodeScalars.contains($0) } }

    private func trimming(_ drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        // Most text has nothing to trim: two scalars looked at, no copy of the scalars.
        guard let head = scalars.first, let tail = scalars.last else { return "" }
        if !drop(head) && !drop(tail) { return String(self) }
        guard let first = scalars.firstIndex(where: { !drop($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !drop($0) })!
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
