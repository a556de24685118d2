/// Reads PDF objects from bytes (ISO 32000-1, 7.2–7.3): values, and indirect objects
/// with the offset of their stream data. A recursive-descent reader over tokens; nesting
/// deeper than `maximumDepth` is refused rather than risking the stack.
public struct PDFParser {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    public var position: Int
    public static let maximumDepth = 256

    public init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// An indirect object's header, value and where its stream data starts (just after
    /// the end of line that follows `stream`), when it has any.
    public struct IndirectObject {
        public var number: Int
        public var generation: Int
        public var value: PDFValue
        public var streamStart: Int?
    }

    /// `N G obj value [stream]` at `position`; nil when the bytes are not one.
    public mutating func indirectObject() -> IndirectObject? {
        guard case .integer(let number)? = token(), case .integer(let generation)? = token(),
              keyword("obj"), let value = value(depth: 0) else { return nil }
        let afterValue = position
        if keyword("stream") {
            // `stream` is followed by CRLF or LF (7.3.8.1); a lone CR is taken too.
            if position < bytes.count, bytes[position] == 0x0D { position += 1 }
            if position < bytes.count, bytes[position] == 0x0A { position += 1 }
            return IndirectObject(number: number, generation: generation, value: value, streamStart: position)
        }
        position = afterValue
        return IndirectObject(number: number, generation: generation, value: value, streamStart: nil)
    }

    /// The number of the object whose header (`N G obj`) is at `position`, with
    /// `position` past it; nil when there is none.
    public mutating func objectHeader() -> Int? {
        guard case .integer(let number)? = token(), case .integer? = token(), keyword("obj") else { return nil }
        return number
    }

    /// The next value, references (`N G R`) included; nil at the end or on bad syntax.
    public mutating func value() -> PDFValue? { value(depth: 0) }

    private mutating func value(depth: Int) -> PDFValue? {
        guard depth < Self.maximumDepth, let first = token(depth: depth) else { return nil }
        guard case .integer(let number) = first else { return first }
        // `N G R`: look ahead for digits and `R` only (never a whole value, which would be
        // read twice), else step back.
        let save = position
        if number >= 0, let generation = unsignedInteger(), keyword("R") {
            return .reference(PDFReference(number, generation))
        }
        position = save
        return .integer(number)
    }

    /// Digits standing alone as a token (after space), read as an integer; nil otherwise.
    mutating func unsignedInteger() -> Int? {
        skipSpace()
        var value = 0, digits = 0
        while position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x39, digits < 10 {
            value = value * 10 + Int(bytes[position] - 0x30)
            digits += 1
            position += 1
        }
        guard digits > 0, position >= bytes.count || Self.isDelimiterOrSpace(bytes[position]) else { return nil }
        return value
    }

    /// Skips white space and comments.
    public mutating func skipSpace() {
        while position < bytes.count {
            let c = bytes[position]
            if Self.isSpace(c) { position += 1; continue }
            if c == UInt8(ascii: "%") {
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                continue
            }
            return
        }
    }

    /// Reads `word` as a whole keyword when it comes next.
    public mutating func keyword(_ word: StaticString) -> Bool {
        skipSpace()
        let n = word.utf8CodeUnitCount
        guard position + n <= bytes.count else { return false }
        for k in 0..<n where bytes[position + k] != word.utf8Start[k] { return false }
        if position + n < bytes.count, !Self.isDelimiterOrSpace(bytes[position + n]) { return false }
        position += n
        return true
    }

    /// One value without the reference look-ahead (an integer stays an integer).
    private mutating func token(depth: Int = 0) -> PDFValue? {
        skipSpace()
        guard position < bytes.count else { return nil }
        let c = bytes[position]
        switch c {
        case UInt8(ascii: "/"):
            position += 1
            let start = position
            skipName()
            return .name(name(start..<position))
        case UInt8(ascii: "("):
            position += 1
            return literalString().map(PDFValue.string)
        case UInt8(ascii: "<"):
            if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                position += 2
                return dictionary(depth: depth + 1)
            }
            position += 1
            return hexString().map(PDFValue.string)
        case UInt8(ascii: "["):
            position += 1
            var items: [PDFValue] = []
            while true {
                skipSpace()
                guard position < bytes.count else { return nil }
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
            }
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return number()
        default:
            if keyword("true") { return .bool(true) }
            if keyword("false") { return .bool(false) }
            if keyword("null") { return .null }
            return nil
        }
    }

    private mutating func dictionary(depth: Int) -> PDFValue? {
        var entries: [(key: PDFName, value: PDFValue)] = []
        // Room for the usual dictionary (a structure element, a page, an annotation, a
        // font: 3 to 8 entries) at once rather than growing 1, 2, 4, 8.
        entries.reserveCapacity(8)
        while true {
            guard let step = dictionaryStep() else { return nil }
            guard case .key(let range) = step else { return .dictionary(PDFDictionary(entries)) }
            let key = name(range)
            guard let value = value(depth: depth) else { return nil }
            // A null value means the key is absent (7.3.7); a repeated key keeps its first value.
            if value != .null, !Self.contains(key, in: entries) { entries.append((key, value)) }
        }
    }

    /// Whether `entries` has `key`, the keys compared in place (`contains(where:)` gives
    /// its closure each entry copied, name and value retained and released, for every
    /// key of every dictionary read).
    private static func contains(_ key: PDFName, in entries: [(key: PDFName, value: PDFValue)]) -> Bool {
        entries.withUnsafeBufferPointer { entries in
            for i in entries.indices where entries[i].key == key { return true }
            return false
        }
    }

    /// One step through a dictionary's entries, after its `<<`: its `>>` (`position`
    /// then past it), or the next key, the bytes after its slash as written (`position`
    /// past them); nil on anything else. The parser and the structure walk's reading
    /// (`structureKids`) take their keys this way.
    enum DictionaryStep {
        case end
        case key(Range<Int>)
    }

    mutating func dictionaryStep() -> DictionaryStep? {
        skipSpace()
        guard position < bytes.count else { return nil }
        if bytes[position] == UInt8(ascii: ">") {
            guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { return nil }
            position += 2
            return .end
        }
        guard bytes[position] == UInt8(ascii: "/") else { return nil }
        position += 1
        let start = position
        skipName()
        return .key(start..<position)
    }

    /// Past a name's bytes (after its slash): up to the next delimiter or space.
    mutating func skipName() {
        while position < bytes.count, !Self.isDelimiterOrSpace(bytes[position]) { position += 1 }
    }

    /// The name whose bytes after the slash are `range`, `#xx` escapes undone.
    private func name(_ range: Range<Int>) -> PDFName {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard raw.contains(UInt8(ascii: "#")) else { return PDFName(parsed: raw) }
        var out: [UInt8] = []
        var i = 0
        while i < raw.count {
            if raw[i] == UInt8(ascii: "#"), i + 2 < raw.count,
               let high = Self.hexDigit(raw[i + 1]), let low = Self.hexDigit(raw[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(raw[i])
                i += 1
            }
        }
        return PDFName(bytes: out)
    }

    /// A literal string after its `(`: balanced parentheses, escapes (7.3.4.2), and any
    /// end of line read as a line feed.
    private mutating func literalString() -> [UInt8]? {
        var out: [UInt8] = []
        var open = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            switch c {
            case UInt8(ascii: "("):
                open += 1
                out.append(c)
            case UInt8(ascii: ")"):
                open -= 1
                if open == 0 { return out }
                out.append(c)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { return nil }
                let e = bytes[position]
                position += 1
                switch e {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var v = Int(e - 0x30)
                    for _ in 0..<2 where position < bytes.count && (0x30...0x37).contains(bytes[position]) {
                        v = v * 8 + Int(bytes[position] - 0x30)
                        position += 1
                    }
                    out.append(UInt8(truncatingIfNeeded: v))
                case 0x0D:
                    if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                case 0x0A: break
                default: out.append(e)
                }
            case 0x0D:
                if position < bytes.count, bytes[position] == 0x0A { position += 1 }
                out.append(0x0A)
            default:
                out.append(c)
            }
        }
        return nil
    }

    /// A hexadecimal string after its `<`; an odd last digit is followed by 0 (7.3.4.3).
    private mutating func hexString() -> [UInt8]? {
        var out: [UInt8] = []
        var high: UInt8?
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: ">") {
                if let h = high { out.append(h << 4) }
                return out
            }
            if Self.isSpace(c) { continue }
            guard let d = Self.hexDigit(c) else { return nil }
            if let h = high { out.append(h << 4 | d); high = nil } else { high = d }
        }
        return nil
    }

    /// An integer or a real. Digits are gathered as an integer and divided once by a
    /// power of ten: both are exact below 2^53 and 10^22, so the one division rounds
    /// correctly (the value `strtod` gives); longer forms go through `Double(String)`.
    mutating func number() -> PDFValue? {
        let start = position
        guard let base = bytes.baseAddress else { return nil }
        let end = bytes.count
        // Through the base pointer, the digits before and after the point in two tight
        // loops, and the power of ten from a table: the pass reads ~300,000 numbers for
        // a link-heavy document (public-apis: rectangles, quad points, ids), and the
        // byte-at-a-time loop with its branches cost ~160 instructions a number.
        var p = position
        var negative = false
        if base[p] == UInt8(ascii: "-") || base[p] == UInt8(ascii: "+") {
            negative = base[p] == UInt8(ascii: "-")
            p += 1
        }
        var mantissa = 0, digits = 0, decimals = 0, seenPoint = false
        while p < end, case let d = base[p] &- 0x30, d < 10 {
            if digits < 18 { mantissa = mantissa &* 10 &+ Int(d) }
            digits += 1
            p += 1
        }
        if p < end, base[p] == UInt8(ascii: ".") {
            seenPoint = true
            p += 1
            while p < end, case let d = base[p] &- 0x30, d < 10 {
                if digits < 18 { mantissa = mantissa &* 10 &+ Int(d) }
                digits += 1
                decimals += 1
                p += 1
            }
        }
        position = p
        guard digits > 0 else { return nil }
        if !seenPoint, digits <= 18 { return .integer(negative ? -mantissa : mantissa) }
        if digits <= 15, decimals <= 22 {
            // 10^0 ... 10^22 are exact doubles: the same quotient as multiplying up.
            let value = Double(mantissa) / Self.powersOfTen[decimals]
            return .real(negative ? -value : value)
        }
        var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if text.hasSuffix(".") { text += "0" }
        if let dot = text.firstIndex(of: "."), dot == text.startIndex || !text[text.index(before: dot)].isNumber {
            text.insert("0", at: dot)
        }
        return Double(text).map(PDFValue.real)
    }

    /// 10^0 ... 10^22, each exact.
    private static let powersOfTen: [Double] = (0...22).map { k in (0..<k).reduce(1.0) { p, _ in p * 10 } }

    static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 || c == 0x0C || c == 0x00
    }

    static func isDelimiterOrSpace(_ c: UInt8) -> Bool {
        switch c {
        case 0x20, 0x0A, 0x0D, 0x09, 0x0C, 0x00: return true
        case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["),
             UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"):
            return true
        default: return false
        }
    }

    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}
