/// The math alphabets of `\mathbf`, `\mathbb`, `\mathcal`… as Unicode's Mathematical
/// Alphanumeric Symbols (U+1D400–U+1D7FF, with the holes filled from Letterlike
/// Symbols), the characters OpenType math fonts draw them with. Choosing the alphabet
/// in the parser keeps the layout free of font-style logic, and the PDF's text says
/// which letter it is (𝐱, ℝ) as the formula shows it.
public enum MathAlphabet: Hashable, Sendable {
    /// TeX's default: Latin letters and lowercase Greek italic, digits and uppercase
    /// Greek upright.
    case normal
    case roman, italic, bold, boldItalic
    case sans, sansBold, sansItalic, sansBoldItalic
    case monospace, doubleStruck, script, boldScript, fraktur, boldFraktur

    /// `c` in this alphabet; characters the alphabet has no form of are kept.
    func apply(_ c: UInt32) -> UInt32 {
        guard let base = MathLetter(c) else { return c }
        switch base {
        case .latin(let upper, let i): return latin(upper: upper, i)
        case .digit(let d): return digit(d)
        case .greek(let upper, let i): return greek(upper: upper, i)
        }
    }

    private func latin(upper: Bool, _ i: UInt32) -> UInt32 {
        let ascii = (upper ? 0x41 : 0x61) + i
        let start: UInt32
        switch self {
        case .roman: return ascii
        case .normal, .italic: start = 0x1D434
        case .bold: start = 0x1D400
        case .boldItalic: start = 0x1D468
        case .script: start = 0x1D49C
        case .boldScript: start = 0x1D4D0
        case .fraktur: start = 0x1D504
        case .doubleStruck: start = 0x1D538
        case .boldFraktur: start = 0x1D56C
        case .sans: start = 0x1D5A0
        case .sansBold: start = 0x1D5D4
        case .sansItalic: start = 0x1D608
        case .sansBoldItalic: start = 0x1D63C
        case .monospace: start = 0x1D670
        }
        let c = start + (upper ? 0 : 26) + i
        return Self.holes[c] ?? c
    }

    private func digit(_ d: UInt32) -> UInt32 {
        switch self {
        case .bold, .boldItalic: return 0x1D7CE + d
        case .doubleStruck: return 0x1D7D8 + d
        case .sans, .sansItalic: return 0x1D7E2 + d
        case .sansBold, .sansBoldItalic: return 0x1D7EC + d
        case .monospace: return 0x1D7F6 + d
        default: return 0x30 + d
        }
    }

    /// `i` is the index in the math alphanumeric Greek order (Α…Ω with ϴ at 17, then
    /// ∇ for capitals; α…ω with ς at 17, then ∂ ϵ ϑ ϰ ϕ ϱ ϖ for small letters).
    private func greek(upper: Bool, _ i: UInt32) -> UInt32 {
        let block: UInt32?
        switch self {
        case .normal: block = upper ? nil : 0x1D6E2
        case .italic: block = 0x1D6E2
        case .bold: block = 0x1D6A8
        case .boldItalic: block = upper ? 0x1D6A8 : 0x1D71C
        case .sansBold: block = 0x1D756
        case .sansBoldItalic: block = 0x1D790
        default: block = nil
        }
        guard let start = block else { return MathLetter.plainGreek(upper: upper, i) }
        return start + (upper ? 0 : 26) + i
    }

    /// Reserved code points of the alphanumeric block and where Unicode put them.
    private static let holes: [UInt32: UInt32] = [
        0x1D455: 0x210E,
        0x1D49D: 0x212C, 0x1D4A0: 0x2130, 0x1D4A1: 0x2131, 0x1D4A3: 0x210B, 0x1D4A4: 0x2110, 0x1D4A7: 0x2112,
        0x1D4A8: 0x2133, 0x1D4AD: 0x211B, 0x1D4BA: 0x212F, 0x1D4BC: 0x210A, 0x1D4C4: 0x2134,
        0x1D506: 0x212D, 0x1D50B: 0x210C, 0x1D50C: 0x2111, 0x1D515: 0x211C, 0x1D51D: 0x2128,
        0x1D53A: 0x2102, 0x1D53F: 0x210D, 0x1D545: 0x2115, 0x1D547: 0x2119, 0x1D548: 0x211A, 0x1D549: 0x211D,
        0x1D551: 0x2124,
    ]
}

/// A letter or digit, whatever alphabet it was written in.
enum MathLetter {
    case latin(upper: Bool, UInt32)
    case digit(UInt32)
    case greek(upper: Bool, UInt32)

    /// Small Greek after ω in the math blocks (index 25…31).
    private static let greekSymbols: [UInt32] = [0x2202, 0x3F5, 0x3D1, 0x3F0, 0x3D5, 0x3F1, 0x3D6]

    init?(_ c: UInt32) {
        switch c {
        case 0x41...0x5A: self = .latin(upper: true, c - 0x41)
        case 0x61...0x7A: self = .latin(upper: false, c - 0x61)
        case 0x30...0x39: self = .digit(c - 0x30)
        case 0x391...0x3A9: self = .greek(upper: true, c - 0x391)
        case 0x3B1...0x3C9: self = .greek(upper: false, c - 0x3B1)
        case 0x210E: self = .latin(upper: false, 7)
        case 0x1D434...0x1D467:  // math italic Latin
            let i = c - 0x1D434
            self = .latin(upper: i < 26, i % 26)
        case 0x1D6E2...0x1D714:  // math italic Greek
            let i = c - 0x1D6E2
            self = .greek(upper: i < 26, i % 26)
        case 0x1D715...0x1D71B:
            self = .greek(upper: false, 25 + c - 0x1D715)
        default:
            if let k = Self.greekSymbols.firstIndex(of: c) { self = .greek(upper: false, 25 + UInt32(k)) } else { return nil }
        }
    }

    /// The Greek letter of index `i` in the basic Greek block (upright).
    static func plainGreek(upper: Bool, _ i: UInt32) -> UInt32 {
        if upper { return i == 17 ? 0x3F4 : (i == 25 ? 0x2207 : 0x391 + i) }
        return i >= 25 ? greekSymbols[Int(i - 25)] : 0x3B1 + i
    }
}
