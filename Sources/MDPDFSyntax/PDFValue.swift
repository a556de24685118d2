/// A PDF name, without its slash, as the bytes it stands for (`#xx` escapes undone).
///
/// Held as a string of one scalar per byte (U+0000–U+00FF, so any bytes round-trip):
/// the names of a PDF are short ASCII words, which Swift keeps inline (up to 15 bytes)
/// with no allocation, where an array of bytes would be one allocation per name.
public struct PDFName: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The bytes as scalars U+0000–U+00FF.
    public let latin1: String

    public init(bytes: some Collection<UInt8>) {
        if bytes.allSatisfy({ $0 < 0x80 }) {
            latin1 = String(decoding: bytes, as: UTF8.self)
        } else {
            latin1 = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
        }
    }

    /// The name the parser reads: its bytes in place. ASCII (all but a few names) is
    /// copied straight into the string (inline up to 15 bytes), which took half the
    /// instructions of the generic path; the post-processing pass reads ~100,000 names.
    init(parsed bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.contains(where: { $0 >= 0x80 }) else {
            self.init(bytes: bytes)
            return
        }
        self.init(latin1: String(unsafeUninitializedCapacity: bytes.count) { out in
            out.baseAddress!.update(from: base, count: bytes.count)
            return bytes.count
        })
    }

    private init(latin1: String) { self.latin1 = latin1 }

    /// A name of `text`'s UTF-8 bytes. ASCII text is the name's string as it is (no
    /// copy through an array: the pass names keys by literal thousands of times).
    public init(_ text: String) {
        var text = text
        if text.withUTF8({ $0.allSatisfy { $0 < 0x80 } }) {
            self.init(latin1: text)
        } else {
            self.init(bytes: Array(text.utf8))
        }
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var bytes: [UInt8] { latin1.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    public var description: String { "/" + String(decoding: bytes, as: UTF8.self) }
}

/// An indirect reference (`12 0 R`).
public struct PDFReference: Hashable, Sendable {
    public var number: Int
    public var generation: Int

    public init(_ number: Int, _ generation: Int = 0) {
        self.number = number
        self.generation = generation
    }
}

/// One PDF object as the file spells it (ISO 32000-1, 7.3), without stream data.
public enum PDFValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case name(PDFName)
    /// A string's bytes, escapes undone (literal or hexadecimal alike).
    case string([UInt8])
    case array([PDFValue])
    case dictionary(PDFDictionary)
    case reference(PDFReference)

    public var dictionary: PDFDictionary? {
        if case .dictionary(let d) = self { return d }
        return nil
    }

    public var array: [PDFValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var reference: PDFReference? {
        if case .reference(let r) = self { return r }
        return nil
    }

    public var integer: Int? {
        if case .integer(let i) = self { return i }
        return nil
    }

    /// An integer or a real, as a Double.
    public var number: Double? {
        switch self {
        case .integer(let i): return Double(i)
        case .real(let r): return r
        default: return nil
        }
    }

    public var name: PDFName? {
        if case .name(let n) = self { return n }
        return nil
    }

    public var string: [UInt8]? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value `text` spells (PDF syntax, such as `[/Indexed /DeviceRGB 1 <00FF00>]`);
    /// nil unless it is exactly one value.
    public static func parsing(_ text: String) -> PDFValue? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { b in
            var parser = PDFParser(UnsafeBufferPointer(b))
            guard let value = parser.value() else { return nil }
            parser.skipSpace()
            return parser.position == b.count ? value : nil
        }
    }

    /// A text string (7.9.2.2): UTF-16BE with a byte-order mark unless every scalar is
    /// ASCII, in which case the bytes as they are (PDFDocEncoding agrees with ASCII there).
    public static func text(_ text: String) -> PDFValue {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return .string(Array(text.utf8)) }
        var bytes: [UInt8] = [0xFE, 0xFF]
        for unit in text.utf16 { bytes += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        return .string(bytes)
    }

    /// A string's bytes as text: UTF-16BE after its byte-order mark, UTF-8 after its mark,
    /// else the bytes read as ASCII and Latin-1 (close to PDFDocEncoding); nil for other values.
    public var text: String? {
        guard let b = string else { return nil }
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF {
            var units: [UInt16] = []
            var i = 2
            while i + 1 < b.count { units.append(UInt16(b[i]) << 8 | UInt16(b[i + 1])); i += 2 }
            return String(decoding: units, as: UTF16.self)
        }
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return String(decoding: b.dropFirst(3), as: UTF8.self) }
        return String(b.map { Character(Unicode.Scalar($0)) })
    }
}

/// A dictionary that keeps its keys in the order they were written or added, so the
/// same edits to the same file give the same bytes.
public struct PDFDictionary: Equatable, Sendable {
    public private(set) var entries: [(key: PDFName, value: PDFValue)]

    public init(_ entries: [(key: PDFName, value: PDFValue)] = []) { self.entries = entries }

    /// The value of `key`; nil when absent. Setting nil (or `.null`, which means the same)
    /// removes the key; setting a key present keeps its place.
    public subscript(key: PDFName) -> PDFValue? {
        get { index(of: key).map { entries[$0].value } }
        set {
            let index = index(of: key)
            switch (index, newValue) {
            case (let i?, let value?) where value != .null: entries[i].value = value
            case (let i?, _): entries.remove(at: i)
            case (nil, let value?) where value != .null: entries.append((key, value))
            default: break
            }
        }
    }

    public var isEmpty: Bool { entries.isEmpty }

    /// Where `key` is among the entries. The keys are compared in place: a
    /// `first(where:)` closure is given each entry copied, its name and value retained
    /// and released.
    private func index(of key: PDFName) -> Int? {
        entries.withUnsafeBufferPointer { entries in
            for i in entries.indices where entries[i].key == key { return i }
            return nil
        }
    }

    public static func == (a: PDFDictionary, b: PDFDictionary) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }
}
