/// TeX lengths as formulas write them (`3pt`, `1em`, `-2mu`, `0.5ex`), in em of the
/// formula's size. Absolute units count from a 10 pt design size (1 pt = 0.1 em), so a
/// `\hspace{5pt}` keeps its proportion at any body size, as it would in a 10 pt LaTeX
/// document.
enum MathLength {
    /// `text` in em; nil when it is no length.
    static func em(_ text: String) -> Double? {
        var s = Substring(text.filter { $0 != " " })
        var sign = 1.0
        while s.first == "-" || s.first == "+" {
            if s.first == "-" { sign = -sign }
            s.removeFirst()
        }
        let number = s.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(number.isEmpty ? "1" : String(number)) else { return nil }
        let unit = s.dropFirst(number.count).lowercased()
        let perUnit: Double
        switch unit {
        case "em": perUnit = 1
        case "ex": perUnit = 0.43
        case "mu": perUnit = 1.0 / 18
        case "pt": perUnit = 0.1
        case "bp": perUnit = 0.1 * 72.27 / 72
        case "px": perUnit = 0.075
        case "mm": perUnit = 72.27 / 25.4 / 10
        case "cm": perUnit = 72.27 / 2.54 / 10
        case "in": perUnit = 7.227
        case "pc": perUnit = 1.2
        default: return nil
        }
        return sign * value * perUnit
    }
}
