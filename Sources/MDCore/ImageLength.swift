import FoundationEssentials
import Glibc

/// A width or height the document asks an image to have (HTML's `width="120"`,
/// `width="50%"`, CSS `width: 128px`).
public enum ImageLength: Sendable, Hashable, CustomStringConvertible {
    /// CSS pixels (1 px = 0.75 pt, as browsers print).
    case pixels(Double)
    /// A share of the width of what holds the image (0.5 for 50 %).
    case fraction(Double)

    /// Reads `120`, `120px`, `50%`, `9pt`, `2.5cm`, `1in`, `1.5em` (16 px); nil for
    /// anything else (`auto`, negative or absurd numbers).
    public init?(html: String) {
        let t = html.trimmingSpaces().lowercased()
        let units: [(String, Double)] = [("px", 1), ("pt", 4.0 / 3), ("cm", 96 / 2.54), ("mm", 96 / 25.4),
                                         ("in", 96), ("em", 16), ("rem", 16)]
        if t.hasSuffix("%") {
            guard let v = Double(t.dropLast()), v > 0, v <= 1000 else { return nil }
            self = .fraction(v / 100)
            return
        }
        var number = Substring(t), factor = 1.0
        for (unit, f) in units where t.hasSuffix(unit) {
            number = t.dropLast(unit.count)
            factor = f
            break
        }
        guard let v = Double(number.trimmingSpaces()), v > 0, v * factor <= 100_000 else { return nil }
        self = .pixels(v * factor)
    }

    /// The length in points; a fraction of `whole`.
    public func resolve(in whole: Points) -> Points {
        switch self {
        case .pixels(let px): return Points(px * 0.75)
        case .fraction(let f): return whole * f
        }
    }

    public var description: String {
        switch self {
        case .pixels(let px): return "\(Self.trimmed(px))px"
        case .fraction(let f): return "\(Self.trimmed(f * 100))%"
        }
    }

    private static func trimmed(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : fixedDecimal(v, digits: 2)
    }
}

extension Size {
    /// An image of this natural size at the width and height the document asks for: a
    /// side given alone scales the other in proportion (as browsers do); a fraction of
    /// a width is of `container`. A height given as a fraction has nothing to be a
    /// fraction of on a page and is ignored. Fitting to the page comes after.
    public func requested(width: ImageLength?, height: ImageLength?, container: Points) -> Size {
        var h: ImageLength? = height
        if case .fraction? = height { h = nil }
        switch (width.map { $0.resolve(in: container) }, h.map { $0.resolve(in: container) }) {
        case let (w?, h?): return Size(width: w, height: h)
        case let (w?, nil): return self.width > .zero ? Size(width: w, height: self.height * (w / self.width)) : self
        case let (nil, h?): return self.height > .zero ? Size(width: self.width * (h / self.height), height: h) : self
        case (nil, nil): return self
        }
    }
}
