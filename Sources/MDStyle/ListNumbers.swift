import MDTheme

/// Labels of ordered list items: 1, 2, 3 / a, b, … z, aa / i, ii, iii, iv.
enum ListNumbers {
    static func label(_ n: Int, _ style: ListNumbering) -> String {
        switch style {
        case .decimal: return String(n)
        case .lowerAlpha: return alpha(n)
        case .upperAlpha: return alpha(n).uppercased()
        case .lowerRoman: return roman(n)
        case .upperRoman: return roman(n).uppercased()
        }
    }

    /// Bijective base 26: 1 → a, 26 → z, 27 → aa. Zero and negatives print as decimal.
    static func alpha(_ n: Int) -> String {
        guard n > 0 else { return String(n) }
        var n = n, out: [Character] = []
        while n > 0 {
            n -= 1
            out.append(Character(Unicode.Scalar(UInt8(97 + n % 26))))
            n /= 26
        }
        return String(out.reversed())
    }

    /// Roman numerals for 1…3999; other numbers print as decimal.
    static func roman(_ n: Int) -> String {
        guard (1...3999).contains(n) else { return String(n) }
        let table: [(Int, String)] = [(1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                                      (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")]
        var n = n, out = ""
        for (v, s) in table { while n >= v { out += s; n -= v } }
        return out
    }
}
