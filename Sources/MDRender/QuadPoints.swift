#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The bounds of a link's `/QuadPoints`, computed from qpdf's unparsed text of the array
/// (`[ x1 y1 x2 y2 … ]`, numbers only) so the whole array costs one qpdf call. Parsed as
/// bytes: `String.split` and `Double(Substring)` per number cost more than the qpdf
/// calls this replaces.
enum QuadPoints {
    /// `[ minX minY maxX maxY ]` with 3 decimals, or nil unless `text` is a flat array of
    /// 8·n numbers.
    static func boundsText(unparsed text: UnsafeBufferPointer<UInt8>) -> String? {
        guard text.first == UInt8(ascii: "["), text.last == UInt8(ascii: "]") else { return nil }
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var count = 0
        var i = 1
        let end = text.count - 1
        while i < end {
            let c = text[i]
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 { i += 1; continue }
            var j = i
            while j < end, !(text[j] == 0x20 || text[j] == 0x0A || text[j] == 0x0D || text[j] == 0x09) { j += 1 }
            guard let v = number(UnsafeBufferPointer(rebasing: text[i..<j])) else { return nil }
            if count % 2 == 0 { minX = min(minX, v); maxX = max(maxX, v) } else { minY = min(minY, v); maxY = max(maxY, v) }
            count += 1
            i = j
        }
        guard count >= 8, count % 2 == 0 else { return nil }
        return "[ " + [minX, minY, maxX, maxY].map(decimal).joined(separator: " ") + " ]"
    }

    /// A PDF real or integer (`-12.5`, `.5`, `7`). Digits are gathered as an integer and
    /// divided once by a power of ten: both are exact below 2^53 and 10^22, so the one
    /// division rounds correctly, the same value `strtod` gives. Longer forms fall back
    /// to `Double(String)`.
    static func number(_ token: UnsafeBufferPointer<UInt8>) -> Double? {
        var i = 0, negative = false
        if let first = token.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-"); i = 1
        }
        var mantissa: Int64 = 0, digits = 0, decimals = 0, seenPoint = false
        while i < token.count {
            let c = token[i]
            if c == UInt8(ascii: ".") && !seenPoint { seenPoint = true }
            else if c >= 0x30 && c <= 0x39 {
                mantissa = mantissa * 10 + Int64(c - 0x30); digits += 1
                if seenPoint { decimals += 1 }
            } else { return nil }
            i += 1
        }
        guard digits > 0 else { return nil }
        guard digits <= 15, decimals <= 22 else { return Double(String(decoding: token, as: UTF8.self)) }
        var power = 1.0
        for _ in 0..<decimals { power *= 10 }
        let value = Double(mantissa) / power
        return negative ? -value : value
    }

    /// `value` as `qpdf_oh_new_real_from_double(_, 3)` writes it, so output bytes did not
    /// change: `%.3f` (qpdf's `std::fixed` stream, which rounds the exact binary value),
    /// then trailing zeros and a bare point trimmed (`12.5`, `3`, `-0`). `vsnprintf` costs
    /// about 10,000 instructions, so it only settles near-ties, where `(v * 1000).rounded()`
    /// could round the other way; elsewhere that product is within 1e-6 of exact.
    static func decimal(_ value: Double) -> String {
        let scaled = value * 1000
        let rounded = scaled.rounded()
        guard abs(scaled) < 1e12, abs(abs(scaled - rounded) - 0.5) > 1e-3 else { return printed(value) }
        let magnitude = Int64(abs(rounded))
        var text = value.sign == .minus ? "-" : ""
        text += String(magnitude / 1000)
        var fraction = Int(magnitude % 1000), places = 3
        while places > 0, fraction % 10 == 0 { fraction /= 10; places -= 1 }
        if places > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: places - digits.count) + digits
        }
        return text
    }

    private static func printed(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, "%.3f", $0) }
        var text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        while text.count > 1, text.hasSuffix("0") { text.removeLast() }
        if text.count > 1, text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
