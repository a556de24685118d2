import Foundation
import MDCore

/// A theme length as written: a number and a unit ("11pt", "1.2em", "18mm", "0.5in",
/// "12px", "2cm"). `em` is relative to the font size of the element it applies to.
public struct Length: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum Unit: String, Sendable, CaseIterable { case pt, em, mm, cm, `in`, px }
    public var value: Double
    public var unit: Unit

    public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }

    /// Parses "10.5pt" etc.; nil when the text is not a number followed by a known unit.
    public init?(parsing text: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard let unit = Unit.allCases.first(where: { t.hasSuffix($0.rawValue) }),
              let v = Double(t.dropLast(unit.rawValue.count).trimmingCharacters(in: .whitespaces)),
              v.isFinite else { return nil }
        self.init(v, unit)
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let n = try? c.decode(Double.self), n == 0 { self.init(0, .pt); return }
        guard let s = try? c.decode(String.self) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "expected a length: write a number with a unit, e.g. \"11pt\", \"1.2em\", \"18mm\", \"0.5in\", \"2cm\" or \"12px\"")
        }
        guard let l = Length(parsing: s) else {
            throw DecodingError.dataCorruptedError(in: c, debugDescription:
                "'\(s)' is not a length: write a number with a unit, e.g. \"11pt\", \"1.2em\", \"18mm\", \"0.5in\", \"2cm\" or \"12px\"")
        }
        self = l
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(description)
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
