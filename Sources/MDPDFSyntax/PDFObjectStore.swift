import MDCore

/// An indirect object: its value and, for a stream, its data as stored (still encoded).
public struct PDFObject: Sendable {
    public var value: PDFValue
    public var stream: PDFStreamData?

    public init(_ value: PDFValue, stream: PDFStreamData? = nil) {
        self.value = value
        self.stream = stream
    }

    public var dictionary: PDFDictionary? { value.dictionary }
}

/// A stream's data as stored: a range of the file read, or bytes given by an edit.
public enum PDFStreamData: Sendable {
    case source(Range<Int>)
    case encoded([UInt8])
}

/// The objects of a PDF written as one body with a classic cross-reference table
/// (cairo's form), read lazily from its bytes, and the edits made to them.
///
/// The objects are found through the cross-reference table, each entry checked against
/// the header at its offset; cairo 1.16 has written entries that point at no object
/// (link numbers it reserved), and what the table does not give is looked for by the
/// `N G obj` headers at line starts (stream data skipped up to its `endstream`). An
/// object is parsed when asked for, and nothing parsed is kept: an edit is a
/// `replace`, which the writer then writes instead of the file's object.
public final class PDFObjectStore {
    /// The file; must stay valid (and unchanged) for the store's life.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The `%PDF-x.y` version of the file's header.
    public let version: (major: Int, minor: Int)
    public private(set) var trailer: PDFDictionary
    /// The offset of each object's header by number; -1 for none.
    private var offsets: [Int]
    private var edited: [Int: PDFObject] = [:]
    /// Entries set by `setEntry`, applied over the object each time it is read.
    private var entryEdits: [Int: [(key: PDFName, value: PDFValue)]] = [:]
    /// A bit per object number, set once the object is replaced or given an entry
    /// edit: most objects never are, and asking both dictionaries about every object
    /// read (hashing its number twice) was ~3 ms of a link-heavy document's pass.
    private var touched: [UInt64] = []
    /// One past the largest object number (grows with `add`).
    public private(set) var size: Int

    /// nil when `bytes` is not a PDF of that shape: no header, no trailer with a `/Size`,
    /// or no object found (neither through the table nor by a scan, which gives up on a
    /// number twice or at or past `/Size`).
    public init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        guard let version = Self.headerVersion(bytes), let (trailer, bodyEnd) = Self.lastTrailer(bytes),
              let size = trailer["Size"]?.integer, size > 0, size < 8_388_608
        else { return nil }
        // The table's entries that point at their object's header; the rest (cairo 1.16's
        // reserved link numbers at a wrong offset, or a table that does not read) are
        // looked for by scanning. The table comes first because a scan can be misled by
        // stream data that holds `endstream` (a JPEG is embedded as it is): it is only
        // asked for what the table does not give.
        let table = Self.tableOffsets(bytes, size: size)
        var offsets = table.offsets
        if !table.complete, let scanned = Self.objectOffsets(UnsafeBufferPointer(rebasing: bytes[0..<bodyEnd]), size: size) {
            for n in offsets.indices where offsets[n] < 0 { offsets[n] = scanned[n] }
        }
        guard offsets.contains(where: { $0 >= 0 }) else { return nil }
        self.version = version
        self.trailer = trailer
        self.offsets = offsets
        self.size = size
    }

    /// The object numbered `number` as edited, or as the file has it; nil when there is
    /// none (or it does not parse).
    public func object(_ number: Int) -> PDFObject? {
        guard var object = storedOrEdited(number) else { return nil }
        if isTouched(number), let edits = entryEdits[number], case .dictionary(var dict) = object.value {
            object.value = .null  // the dictionary's one reference, so editing it copies nothing
            for (key, value) in edits { dict[key] = value }
            object.value = .dictionary(dict)
        }
        return object
    }

    private func storedOrEdited(_ number: Int) -> PDFObject? {
        if isTouched(number), let e = edited[number] { return e }
        guard let offset = fileOffset(number) else { return nil }
        var parser = PDFParser(bytes, at: offset)
        guard let found = parser.indirectObject(), found.number == number else { return nil }
        guard let start = found.streamStart else { return PDFObject(found.value) }
        guard let dict = found.value.dictionary, let end = streamEnd(dict, start: start) else { return nil }
        return PDFObject(found.value, stream: .source(start..<end))
    }

    /// The bytes of object `number`'s value as the file spells them, and the references
    /// in it, when nothing edited it and it is no stream; nil otherwise (then `object`
    /// reads it). For copying an object without building its value (`PDFValueScan`).
    public func storedValue(_ number: Int) -> (value: UnsafeBufferPointer<UInt8>, references: [PDFReference])? {
        guard !isTouched(number) || (edited[number] == nil && entryEdits[number] == nil),
              let offset = fileOffset(number) else { return nil }
        var parser = PDFParser(bytes, at: offset)
        guard parser.objectHeader() == number else { return nil }
        parser.skipSpace()
        let start = parser.position
        guard let references = parser.skipValue() else { return nil }
        let end = parser.position
        guard !parser.keyword("stream") else { return nil }
        return (UnsafeBufferPointer(rebasing: bytes[start..<end]), references)
    }

    /// Object `number`'s structure-element facts as the file has them (see
    /// `PDFParser.structureKids`); nil when it was edited, is not in the file, or does
    /// not read that way (then `object` reads it).
    public func structureKids(_ number: Int) -> (hasS: Bool, kids: [Int])? {
        guard !isTouched(number), let offset = fileOffset(number) else { return nil }
        var parser = PDFParser(bytes, at: offset)
        guard parser.objectHeader() == number, let found = parser.structureKids() else { return nil }
        // A stream's dictionary is no structure element; let the parser say what it is.
        guard !parser.keyword("stream") else { return nil }
        return found
    }

    /// Where the file has object `number`'s header; nil when it has none.
    private func fileOffset(_ number: Int) -> Int? {
        number > 0 && number < offsets.count && offsets[number] >= 0 ? offsets[number] : nil
    }

    /// Sets one entry of dictionary (or stream) object `number` without reading it: the
    /// edit is applied each time the object is read, over the file's object or its
    /// replacement alike (a later `replace` does not undo it). For edits of many objects
    /// that each would otherwise be parsed only to be changed (the writer parses every
    /// object anyway).
    public func setEntry(_ key: PDFName, to value: PDFValue, of number: Int) {
        entryEdits[number, default: []].append((key, value))
        touch(number)
    }

    /// The value a reference points at (one level), or `value` itself; `.null` for a
    /// reference to nothing.
    public func resolve(_ value: PDFValue?) -> PDFValue {
        guard let value else { return .null }
        guard case .reference(let r) = value else { return value }
        return object(r.number)?.value ?? .null
    }

    /// `resolve(value)` as a dictionary (a stream's dictionary included).
    public func dictionary(_ value: PDFValue?) -> PDFDictionary? { resolve(value).dictionary }

    /// The document catalog and its number.
    public var root: (number: Int, dictionary: PDFDictionary)? {
        guard let r = trailer["Root"]?.reference, let d = object(r.number)?.dictionary else { return nil }
        return (r.number, d)
    }

    /// Writes `object` in place of object `number` (also one made by `add`).
    public func replace(_ number: Int, with object: PDFObject) {
        edited[number] = object
        touch(number)
        size = max(size, number + 1)
    }

    /// Whether object `number` may have been replaced or edited (`touched`; a number
    /// below zero is always looked up).
    private func isTouched(_ number: Int) -> Bool {
        let word = number >> 6
        return number < 0 || (word < touched.count && touched[word] & (1 << UInt64(number & 63)) != 0)
    }

    private func touch(_ number: Int) {
        guard number >= 0 else { return }
        let word = number >> 6
        if word >= touched.count { touched += repeatElement(0, count: word + 1 - touched.count) }
        touched[word] |= 1 << UInt64(number & 63)
    }

    /// Writes `dictionary` as the value of object `number`, keeping its stream data.
    public func replace(_ number: Int, dictionary: PDFDictionary) {
        var o = object(number) ?? PDFObject(.null)
        o.value = .dictionary(dictionary)
        replace(number, with: o)
    }

    /// A new indirect object, numbered after every other.
    public func add(_ object: PDFObject) -> PDFReference {
        let number = size
        replace(number, with: object)
        return PDFReference(number)
    }

    public func setTrailer(_ key: PDFName, _ value: PDFValue?) { trailer[key] = value }

    /// A stream's data as stored.
    public func withStoredData<T>(_ object: PDFObject, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        switch object.stream {
        case nil: return nil
        case .source(let range): return body(UnsafeBufferPointer(rebasing: bytes[range]))
        case .encoded(let data): return data.withUnsafeBufferPointer(body)
        }
    }

    /// Where the data of a stream starting at `start` ends: `/Length` bytes later when
    /// `endstream` follows there (after an optional end of line), else at the first
    /// `endstream` (less an end of line before it).
    private func streamEnd(_ dict: PDFDictionary, start: Int) -> Int? {
        var length: Int?
        switch dict["Length"] {
        case .integer(let n)?: length = n
        case .reference(let r)?: length = object(r.number)?.value.integer
        default: break
        }
        if let length, length >= 0, start + length <= bytes.count {
            var p = PDFParser(bytes, at: start + length)
            if p.keyword("endstream") { return start + length }
        }
        guard let found = Self.find("endstream", in: bytes, from: start) else { return nil }
        var end = found
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// `%PDF-x.y` at the start.
    private static func headerVersion(_ b: UnsafeBufferPointer<UInt8>) -> (Int, Int)? {
        guard b.count >= 8, Array(b[0..<5]) == Array("%PDF-".utf8),
              (0x30...0x39).contains(b[5]), b[6] == UInt8(ascii: "."), (0x30...0x39).contains(b[7])
        else { return nil }
        return (Int(b[5] - 0x30), Int(b[7] - 0x30))
    }

    /// The dictionary after the last `trailer` keyword, and where the body ends (the
    /// `xref` before it, else the keyword).
    private static func lastTrailer(_ b: UnsafeBufferPointer<UInt8>) -> (PDFDictionary, Int)? {
        var at: Int?
        var i = max(0, b.count - 4096)
        while let found = find("trailer", in: b, from: i) { at = found; i = found + 1 }
        guard let at else { return nil }
        var parser = PDFParser(b, at: at + 7)
        guard let trailer = parser.value()?.dictionary else { return nil }
        return (trailer, findLast("xref", in: b, before: at) ?? at)
    }

    /// Whether object `number` is in the file (it may still fail to parse).
    public func exists(_ number: Int) -> Bool {
        (isTouched(number) && edited[number] != nil) || fileOffset(number) != nil
    }

    /// The offsets the classic cross-reference table at `startxref` gives, each checked
    /// to be its object's `N G obj` header (-1 for a free entry or one that is not);
    /// `complete` when the table reads to its end and every entry in use checked out.
    private static func tableOffsets(_ b: UnsafeBufferPointer<UInt8>, size: Int) -> (offsets: [Int], complete: Bool) {
        var offsets = [Int](repeating: -1, count: size)
        guard let at = findLast("startxref", in: b, before: b.count), case .integer(let start)? = {
            var p = PDFParser(b, at: at + 9)
            return p.value()
        }(), start >= 0, start < b.count else { return (offsets, false) }
        var p = PDFParser(b, at: start)
        guard p.keyword("xref") else { return (offsets, false) }
        var complete = true
        while !p.keyword("trailer") {
            guard case .integer(let first)? = p.value(), case .integer(let count)? = p.value(),
                  first >= 0, count >= 0, first + count <= size else { return (offsets, false) }
            for n in first..<(first + count) {
                guard case .integer(let offset)? = p.value(), case .integer = p.value() else { return (offsets, false) }
                if p.keyword("f") { continue }
                guard p.keyword("n") else { return (offsets, false) }
                if offset > 0, offset < b.count, hasHeader(n, in: b, at: offset) {
                    offsets[n] = offset
                } else {
                    complete = false
                }
            }
        }
        return (offsets, complete)
    }

    /// Whether `N G obj` for object `number` starts at `offset`.
    private static func hasHeader(_ number: Int, in b: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard let (n, end) = integer(in: b, at: offset), n == number, end < b.count, b[end] == 0x20,
              let (_, afterGeneration) = integer(in: b, at: end) else { return false }
        return hasPrefix(" obj", in: b, at: afterGeneration)
    }

    /// The offset of each `N G obj` header at a line start, by number (-1: none); nil
    /// when a number is at or past `size` or appears twice.
    private static func objectOffsets(_ body: UnsafeBufferPointer<UInt8>, size: Int) -> [Int]? {
        var offsets = [Int](repeating: -1, count: size)
        var i = 0
        while i < body.count {
            let c = body[i]
            let atLineStart = i == 0 || body[i - 1] == 0x0A || body[i - 1] == 0x0D
            if atLineStart, c >= 0x30, c <= 0x39, let (number, end) = integer(in: body, at: i),
               let (_, afterGeneration) = integer(in: body, at: end), end < body.count, body[end] == 0x20,
               hasPrefix(" obj", in: body, at: afterGeneration) {
                guard number < size, offsets[number] < 0 else { return nil }
                offsets[number] = i
                i = afterGeneration + 4
                continue
            }
            if c == UInt8(ascii: "s"), atLineStart || body[i - 1] == UInt8(ascii: ">") || body[i - 1] == 0x20,
               hasPrefix("stream", in: body, at: i) {
                let afterKeyword = i + 6
                if afterKeyword < body.count, body[afterKeyword] == 0x0A || body[afterKeyword] == 0x0D {
                    guard let end = find("endstream", in: body, from: afterKeyword) else { return nil }
                    i = end + 9
                    continue
                }
            }
            i += 1
        }
        return offsets
    }

    /// Decimal digits at `index` (after optional spaces), and the index after them.
    private static func integer(in b: UnsafeBufferPointer<UInt8>, at index: Int) -> (value: Int, end: Int)? {
        var i = index
        while i < b.count, b[i] == 0x20 { i += 1 }
        var value = 0, digits = 0
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39, digits < 12 {
            value = value * 10 + Int(b[i] - 0x30); digits += 1; i += 1
        }
        return digits > 0 ? (value, i) : nil
    }

    static func hasPrefix(_ text: StaticString, in b: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        let n = text.utf8CodeUnitCount
        guard index >= 0, index + n <= b.count else { return false }
        for k in 0..<n where b[index + k] != text.utf8Start[k] { return false }
        return true
    }

    static func find(_ text: StaticString, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let first = text.utf8Start[0]
        var i = max(0, start)
        while i < b.count {
            if b[i] == first, hasPrefix(text, in: b, at: i) { return i }
            i += 1
        }
        return nil
    }

    /// The last `text` that starts at or before `end` less its length. Eight bytes at a
    /// time are passed over while none is its first byte: the `xref` before cairo's
    /// trailer lies behind the whole cross-reference table (20 bytes an object, none of
    /// them an `x`), which a byte at a time took 9 M instructions to cross for a
    /// link-heavy document.
    private static func findLast(_ text: StaticString, in b: UnsafeBufferPointer<UInt8>, before end: Int) -> Int? {
        guard let base = b.baseAddress else { return nil }
        let first = text.utf8Start[0]
        let pattern = UInt64(first) &* 0x0101_0101_0101_0101
        var i = min(end - text.utf8CodeUnitCount, b.count - 1)
        while i >= 0 {
            if i >= 7 {
                // The zero-byte test on the word XOR the first byte: no zero, no match.
                let word = UnsafeRawPointer(base + i - 7).loadUnaligned(as: UInt64.self) ^ pattern
                if !word.hasZeroByte {
                    i -= 8
                    continue
                }
            }
            if base[i] == first, hasPrefix(text, in: b, at: i) { return i }
            i -= 1
        }
        return nil
    }
}
