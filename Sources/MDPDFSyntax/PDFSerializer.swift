/// Writes PDF values in the file's syntax (the inverse of `PDFParser`): names with `#xx`
/// for bytes outside the regular characters, strings literal when printable and
/// hexadecimal otherwise, reals in their shortest exact decimal form (never exponent
/// notation, which PDF does not have).
public enum PDFSerializer {
    public static func append(_ value: PDFValue, to out: inout [UInt8]) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .integer(let i): appendInteger(i, to: &out)
        case .real(let r): appendReal(r, to: &out)
        case .name(let n): appendName(n, to: &out)
        case .string(let s): appendString(s, to: &out)
        case .reference(let r):
            appendInteger(r.number, to: &out)
            out.append(0x20)
            appendInteger(r.generation, to: &out)
            out += " R".utf8
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x20) }
                append(item, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let d):
            out += "<<".utf8
            for (key, value) in d.entries {
                appendName(key, to: &out)
                if needsSpace(before: value) { out.append(0x20) }
                append(value, to: &out)
            }
            out += ">>".utf8
        }
    }

    public static func bytes(_ value: PDFValue) -> [UInt8] {
        var out: [UInt8] = []
        append(value, to: &out)
        return out
    }

    /// Whether a value needs a space after a name to stay a separate token (a value that
    /// starts with a delimiter does not).
    private static func needsSpace(before value: PDFValue) -> Bool {
        switch value {
        case .name, .string, .array, .dictionary: return false
        default: return true
        }
    }

    static func appendName(_ name: PDFName, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "/"))
        // Names are ASCII but for rare bytes above 0x7F (two UTF-8 bytes each in `latin1`):
        // their UTF-8 bytes are their bytes, read without decoding scalars.
        let start = out.count
        let ascii = name.latin1.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for c in bytes {
                guard c < 0x80 else { return false }
                appendNameByte(c, to: &out)
            }
            return true
        }
        guard ascii != true else { return }
        out.removeSubrange(start...)
        for scalar in name.latin1.unicodeScalars { appendNameByte(UInt8(truncatingIfNeeded: scalar.value), to: &out) }
    }

    @inline(__always)
    private static func appendNameByte(_ c: UInt8, to out: inout [UInt8]) {
        if c > 0x20, c < 0x7F, c != UInt8(ascii: "#"), !PDFParser.isDelimiterOrSpace(c) {
            out.append(c)
        } else {
            out.append(UInt8(ascii: "#"))
            out.append(hexDigits[Int(c >> 4)])
            out.append(hexDigits[Int(c & 0xF)])
        }
    }

    /// `i` in decimal, written without making a `String` (object numbers, lengths and
    /// coordinates are most of what the pass writes).
    static func appendInteger(_ i: Int, to out: inout [UInt8]) {
        if i >= 0 && i < 10 {
            out.append(0x30 &+ UInt8(truncatingIfNeeded: i))
            return
        }
        if i < 0 { out.append(UInt8(ascii: "-")) }
        var v = i.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var k = 20
            repeat {
                k -= 1
                digits[k] = 0x30 &+ UInt8(truncatingIfNeeded: v % 10)
                v /= 10
            } while v > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[k...]))
        }
    }

    static func appendString(_ s: [UInt8], to out: inout [UInt8]) {
        let printable = s.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
        guard printable else {
            out.append(UInt8(ascii: "<"))
            for c in s {
                out.append(hexDigits[Int(c >> 4)])
                out.append(hexDigits[Int(c & 0xF)])
            }
            out.append(UInt8(ascii: ">"))
            return
        }
        out.append(UInt8(ascii: "("))
        for c in s {
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), c]
            case 0x0A: out += "\\n".utf8
            case 0x0D: out += "\\r".utf8
            case 0x09: out += "\\t".utf8
            default: out.append(c)
            }
        }
        out.append(UInt8(ascii: ")"))
    }

    /// The shortest decimal that reads back as `r` (Swift's own description), written out
    /// without an exponent; integral values without a point. Not finite: 0.
    static func appendReal(_ r: Double, to out: inout [UInt8]) {
        guard r.isFinite else { out.append(UInt8(ascii: "0")); return }
        if r == r.rounded(), abs(r) < 1e15 {
            appendInteger(Int(r), to: &out)
            return
        }
        let text = r.description
        // Most reals have no exponent: their description is the answer (looked for in its
        // bytes, not its characters).
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            out += text.utf8
            return
        }
        // d.ddd e±x → plain digits with the point moved.
        let negative = text.hasPrefix("-")
        let mantissa = text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<e]
        guard let exponent = Int(text[text.index(after: e)...]) else { out.append(UInt8(ascii: "0")); return }
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        let intPart = String(parts[0]), fraction = parts.count > 1 ? String(parts[1]) : ""
        var digits = intPart + fraction
        var point = intPart.count + exponent
        if point <= 0 {
            digits = String(repeating: "0", count: 1 - point) + digits
            point = 1
        } else if point > digits.count {
            digits += String(repeating: "0", count: point - digits.count)
        }
        var plain = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        while plain.hasSuffix("0") { plain.removeLast() }
        if plain.hasSuffix(".") { plain.removeLast() }
        out += ((negative ? "-" : "") + plain).utf8
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
