/// An sRGB color with alpha, each component in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: Double, green: Double, blue: Double, alpha: Double
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)

    /// Parses `#rgb`, `#rrggbb` or `#rrggbbaa`; nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        if let c = Color(asciiHex: hex.utf8.dropFirst()) { self = c; return }
        var digits = Array(hex.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var comps: [Double] = []
        var i = 0
        while i < digits.count {
            guard let v = UInt8(String(digits[i...i + 1]), radix: 16) else { return nil }
            comps.append(Double(v) / 255)
            i += 2
        }
        self.init(red: comps[0], green: comps[1], blue: comps[2], alpha: comps.count == 4 ? comps[3] : 1)
    }

    /// The common case of `init(hex:)`, 3, 6 or 8 ASCII hex digits, read without building
    /// strings (themes hold about 160 colors, parsed at every start); nil for anything
    /// else, which `init(hex:)` then reads as before.
    private init?(asciiHex digits: Substring.UTF8View) {
        func value(_ c: UInt8) -> Int? {
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
            default: return nil
            }
        }
        var nibbles: [Int] = []
        for c in digits {
            guard let v = value(c), nibbles.count < 8 else { return nil }
            nibbles.append(v)
        }
        if nibbles.count == 3 { nibbles = nibbles.flatMap { [$0, $0] } }
        guard nibbles.count == 6 || nibbles.count == 8 else { return nil }
        let comps = stride(from: 0, to: nibbles.count, by: 2).map { Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255 }
        self.init(red: comps[0], green: comps[1], blue: comps[2], alpha: comps.count == 4 ? comps[3] : 1)
    }

    /// `#rrggbb` (or `#rrggbbaa` when not opaque).
    public var hex: String {
        func h(_ c: Double) -> String {
            let v = Int((c * 255).rounded())
            return String(v, radix: 16).count == 1 ? "0" + String(v, radix: 16) : String(v, radix: 16)
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }
    public var description: String { hex }
}
