import FoundationEssentials
import Glibc
import MDCore

/// A theme length as written: a number and a unit ("11pt", "1.2em", "18mm", "0.5in",
/// "12px", "2cm"). `em` is relative to the font size of the element it applies to.
public struct Length: Hashable, Sendable, ThemeReadable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable { case pt, em, mm, cm, `in`, px }
    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }

    /// Parses "10.5pt" etc.; nil when the text is not a number followed by a known unit.
    public init?(parsing text: String) {
        let t = text.trimmingSpaces()
        guard let unit = Unit.allCases.first(where: { t.hasSuffix($0.rawValue) }),
              let v = Double(t.dropLast(unit.rawValue.count).trimmingSpaces()),
              v.isFinite else { return nil }
        self.init(v, unit)
    }

    /// A number with a unit as a string, or 0. Errors say what a length is.
    init(theme value: ThemeValue) throws(ThemeReadError) {
        if case .number(let text) = value.node.value, let n = Double(text), n == 0 {
            self.init(0, .pt)
            if let problem = rangeProblem(key: value.key) { throw ThemeReadError(.invalid("0 \(problem)")) }
            return
        }
        guard case .string(let s) = value.node.value else {
            throw ThemeReadError(.invalid(
                "expected a length: write a number with a unit, e.g. \"11pt\", \"1.2em\", \"18mm\", \"0.5in\", \"2cm\" or \"12px\""))
        }
        guard let l = Length(parsing: s) else {
            throw ThemeReadError(.invalid(
                "'\(s)' is not a length: write a number with a unit, e.g. \"11pt\", \"1.2em\", \"18mm\", \"0.5in\", \"2cm\" or \"12px\""))
        }
        if let problem = l.rangeProblem(key: value.key) { throw ThemeReadError(.invalid("'\(s)' \(problem)")) }
        self = l
    }

    /// The largest length a theme may give: 200in, the largest PDF page (14,400 units).
    public static let maxPoints = 14_400.0
    /// The largest font size: 10,000pt, or 100em of the size it is relative to (their
    /// products, as em sizes nest, are checked by `FontSizeCheck`).
    public static let maxFontPoints = 10_000.0, maxFontEm = 100.0

    /// Why this length cannot be the value of `key`, or nil. Only an underline or strike
    /// `offset` may be negative; a `fontSize` must be more than 0 (a zero or negative
    /// size draws nothing, silently losing the text); em font sizes are at most
    /// `maxFontEm`, the rest at most `maxPoints` (200in) or, for font sizes, `maxFontPoints`.
    func rangeProblem(key: String?) -> String? {
        let isFont = key == "fontSize"
        if value < 0 && key != "offset" { return "is negative; write 0 or more" }
        if isFont && value <= 0 { return "is not a font size: write more than 0, e.g. \"11pt\"" }
        let magnitude = abs(value)
        if unit == .em {
            // Other em lengths: 1440em is 200in at 10pt, as far as an em can sensibly go.
            let limit = isFont ? Self.maxFontEm : Self.maxPoints / 10
            return magnitude > limit ? "is too large: at most \(formatDump(limit))em" : nil
        }
        let points = abs(resolve(em: Points(1)).value)
        let limit = isFont ? Self.maxFontPoints : Self.maxPoints
        guard points > limit else { return nil }
        return isFont ? "is too large for a font size: at most \(formatDump(limit))pt"
            : "is too large: at most \(formatDump(limit))pt (200in, the largest PDF page)"
    }

    /// This length in points; `em` resolves against `fontSize`. 1px = 0.75pt (CSS).
    public func resolve(em fontSize: Points) -> Points {
        switch unit {
        case .pt: return Points(value)
        case .em: return Points(value * fontSize.value)
        case .mm: return .mm(value)
        case .cm: return .mm(value * 10)
        case .in: return .inches(value)
        case .px: return Points(value * 0.75)
        }
    }

    public var description: String { formatDump(value) + unit.rawValue }
}
