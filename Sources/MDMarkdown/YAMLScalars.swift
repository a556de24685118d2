/// The values of resolved YAML scalars, read as Yams' constructors read them (YAML 1.1:
/// underscores are digit separators, a leading 0 is octal, 1:30 is sexagesimal), except
/// that a whole number too large for an Int is text instead of a crash.
extension FrontMatterValue {
    /// yes/true/on and no/false/off, in any case.
    static func yamlBool(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    static func yamlInt(_ text: String) -> Int? {
        let digits = text.replacingScalar("_", with: "")
        if digits == "0" { return 0 }
        let negative = digits.hasPrefix("-")
        let body = digits.dropFirst(negative || digits.hasPrefix("+") ? 1 : 0)
        for (prefix, radix) in [("0x", 16), ("0b", 2), ("0o", 8), ("0", 8)] where body.hasPrefix(prefix) {
            return Int((negative ? "-" : "") + body.dropFirst(prefix.count), radix: radix)
        }
        if body.contains(":") {
            return sexagesimal(body, negative: negative, { Int($0).map(Double.init) }).flatMap { Int(exactly: $0) }
        }
        return Int(digits)
    }

    static func yamlFloat(_ text: String) -> Double? {
        switch text {
        case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF": return .infinity
        case "-.inf", "-.Inf", "-.INF": return -.infinity
        case ".nan", ".NaN", ".NAN": return .nan
        default:
            let digits = text.replacingScalar("_", with: "")
            guard digits.contains(":") else { return Double(digits) }
            let negative = digits.hasPrefix("-")
            return sexagesimal(digits.dropFirst(negative || digits.hasPrefix("+") ? 1 : 0), negative: negative, { Double($0) })
        }
    }

    /// Base-60 "1:30:05" from its parts (each read by `part`; unreadable ones are
    /// skipped, as Yams skipped them).
    private static func sexagesimal(_ body: Substring, negative: Bool, _ part: (Substring) -> Double?) -> Double? {
        var value = 0.0
        for piece in body.split(separator: ":", omittingEmptySubsequences: false) {
            guard let n = part(piece) else { continue }
            value = value * 60 + n
        }
        return negative ? -value : value
    }

    /// A mapping key as text: a scalar's own text, a collection in flow style.
    static func keyText(_ key: YAMLNode) -> String {
        switch key {
        case let .scalar(text, _, _): return text
        case .sequence(let items): return "[" + items.map(keyText).joined(separator: ", ") + "]"
        case .mapping(let pairs): return "{" + pairs.map { keyText($0.key) + ": " + keyText($0.value) }.joined(separator: ", ") + "}"
        }
    }
}
