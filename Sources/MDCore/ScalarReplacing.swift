extension StringProtocol {
    /// The text with every `target` scalar replaced by `replacement`. Matches scalars,
    /// as Foundation's `replacingOccurrences(of:with:)` matched UTF-16 units (a "\n"
    /// inside a "\r\n" pair is replaced too), unlike the standard library's
    /// `replacing(_:with:)`, which matches whole characters.
    public func replacingScalar(_ target: Unicode.Scalar, with replacement: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
