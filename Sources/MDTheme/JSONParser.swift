import MDCore

/// A failure to read JSON text, with the line and column where it was noticed.
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var location: SourceLocation
}

/// A small strict JSON parser (RFC 8259) that records each value's line and column and
/// rejects duplicate keys — Foundation's `JSONSerialization` does neither, and theme
/// errors must point at the line to fix. Columns count Unicode scalars from 1.
/// Nesting is capped at `maxDepth` so that hostile input cannot overflow the stack.
public struct JSONParser {
    static let maxDepth = 256
    private let bytes: [UInt8]
    private let file: String
    private var i = 0
    private var line = 1
    private var lineStart = 0
    /// The column of byte `columnAt` of the current line, counted so far: values are
    /// asked for their place left to right, so each count goes on from the last rather
    /// than from the line's start (the default theme writes a dozen values a line).
    private var columnAt = 0
    private var column = 1

    /// Parses a whole document (one value, whitespace around it).
    public static func parse(_ text: String, file: String) throws(JSONSyntaxError) -> JSONNode {
        var p = JSONParser(bytes: Array(text.utf8), file: file)
        if p.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3; p.lineStart = 3 }
        p.skipSpace()
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.error("unexpected text after the JSON value") }
        return v
    }

    private init(bytes: [UInt8], file: String) { self.bytes = bytes; self.file = file }

    /// Where the parser is: the column counts the line's UTF-8 lead bytes before it.
    private var location: SourceLocation {
        var col = 1
        for k in lineStart..<min(i, bytes.count) where bytes[k] & 0xC0 != 0x80 { col += 1 }
        return SourceLocation(line: line, column: col)
    }

    /// `location`, counted on from the last place asked for on the same line.
    private mutating func here() -> SourceLocation {
        if columnAt < lineStart || columnAt > i { columnAt = lineStart; column = 1 }
        let end = min(i, bytes.count)
        while columnAt < end {
            if bytes[columnAt] & 0xC0 != 0x80 { column += 1 }
            columnAt += 1
        }
        return SourceLocation(line: line, column: column)
    }

    private func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, location: location) }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0D: i += 1
            case 0x0A: i += 1; line += 1; lineStart = i
            default: return
            }
        }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        guard depth < Self.maxDepth else { throw error("JSON nests deeper than \(Self.maxDepth) levels") }
        let origin = ValueOrigin(file: file, location: here())
        guard i < bytes.count else { throw error("unexpected end of the file: a value is missing") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(.object(try object(depth: depth)), origin: origin)
        case UInt8(ascii: "["): return JSONNode(.array(try array(depth: depth)), origin: origin)
        case UInt8(ascii: "\""): return JSONNode(.string(try string()), origin: origin)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(.bool(true), origin: origin)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(.bool(false), origin: origin)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(.null, origin: origin)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try number()), origin: origin)
        case UInt8(ascii: "'"): throw error("strings take double quotes (\"…\") in JSON")
        default: throw error("expected a value (a string, number, object, array, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard bytes[i...].starts(with: w) else { throw error("expected a value (a string, number, object, array, true, false or null)") }
        i += w.count
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> [JSONNode.Member] {
        i += 1
        var members: [JSONNode.Member] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return members }
        while true {
            skipSpace()
            let keyOrigin = ValueOrigin(file: file, location: here())
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw error(i < bytes.count && bytes[i] == UInt8(ascii: "}") ? "a trailing comma is not allowed in JSON" : "expected a key in double quotes")
            }
            let key = try string()
            if let d = members.index(ofKey: key) {
                let first = members[d]
                throw JSONSyntaxError(message: "duplicate key '\(key)' (first written at \(first.keyOrigin.location.map { "\($0)" } ?? "?"))",
                                      location: keyOrigin.location!)
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error("expected ':' after the key '\(key)'") }
            i += 1
            skipSpace()
            members.append(JSONNode.Member(key: key, keyOrigin: keyOrigin, value: try value(depth: depth + 1)))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the file: '}' is missing") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return members }
            throw error("expected ',' or '}' after a value")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        i += 1
        var items: [JSONNode] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return items }
        while true {
            skipSpace()
            if i < bytes.count, bytes[i] == UInt8(ascii: "]") { throw error("a trailing comma is not allowed in JSON") }
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard i < bytes.count else { throw error("unexpected end of the file: ']' is missing") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return items }
            throw error("expected ',' or ']' after a value")
        }
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        i += 1
        // Most strings have no escape: their bytes are the text.
        var end = i
        while end < bytes.count, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            defer { i = end + 1 }
            return String(decoding: bytes[i..<end], as: UTF8.self)
        }
        var out: [UInt8] = Array(bytes[i..<end])
        i = end
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar), bytes[i...].starts(with: [0x5C, UInt8(ascii: "u")]) {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape (a lone surrogate)") }
                    out += Array(String(Character(u)).utf8)
                default:
                    i -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string")
                }
            case 0x0A:
                throw error("a string cannot span lines (write \\n)")
            case 0..<0x20:
                throw error("control characters must be escaped in a string")
            default:
                out.append(b)
                i += 1
            }
        }
        throw error("unexpected end of the file inside a string")
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + 4)], as: UTF8.self), radix: 16) else {
            throw error("\\u must be followed by four hex digits")
        }
        i += 4
        return v
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = i
        func digits() -> Int { let s = i; while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }; return i - s }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let intStart = i
        let n = digits()
        guard n > 0 else { throw error("invalid number") }
        if n > 1, bytes[intStart] == UInt8(ascii: "0") { i = intStart; throw error("numbers cannot start with 0") }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw error("invalid number: digits must follow the '.'") }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw error("invalid number: digits must follow the exponent") }
        }
        if i < bytes.count, (0x41...0x5A).contains(bytes[i] & 0xDF) {
            throw error("a length takes quotes: write \"\(String(decoding: bytes[start..<i], as: UTF8.self))\(unitGuess())\"")
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// The letters right after a number (`12pt` written without quotes), for the hint.
    private func unitGuess() -> String {
        var j = i
        while j < bytes.count, (0x41...0x5A).contains(bytes[j] & 0xDF) { j += 1 }
        return String(decoding: bytes[i..<j], as: UTF8.self)
    }
}
