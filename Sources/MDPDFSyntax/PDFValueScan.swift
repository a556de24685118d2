import Glibc

/// Reading past a value without building it: where it ends and which references it
/// holds. The writer copies an object nothing edited as the file spells it, and needs
/// only that (`PDFObjectStore.storedValue`); building the value and serializing it
/// again was most of the post-processing pass's writing.
///
/// It accepts what `PDFParser.value()` accepts (the same tokens, a dictionary's keys
/// names, nesting up to `PDFParser.maximumDepth`) and finds the same references (`N G R`
/// with N a non-negative integer and G an unsigned one); on anything else, and on a
/// dictionary whose copy would not read as its parse does (a key written twice, which
/// the parser keeps once), it answers nil and the caller parses.
extension PDFParser {
    /// The references in the value at `position`, in order, with `position` moved past
    /// it; nil (position anywhere) when the bytes are not one value.
    public mutating func skipValue() -> [PDFReference]? {
        /// What the open arrays and dictionaries take next.
        enum Expected { case item, key, value }
        // Room reserved for the usual object (a structure element, an annotation, a
        // marked-content reference) at once: grown one append at a time, these arrays
        // were a third of the scan's instructions.
        var references: [PDFReference] = []
        references.reserveCapacity(8)
        var open: [Expected] = []
        open.reserveCapacity(8)
        /// The keys of the open dictionaries (byte ranges), one array for all of them:
        /// those of the innermost start at `keyStarts.last`. A key written twice (cairo
        /// repeats one in some resource dictionaries) is one entry once parsed, so such
        /// a dictionary is left to the parser.
        var keys: [Range<Int>] = []
        keys.reserveCapacity(16)
        var keyStarts: [Int] = []
        keyStarts.reserveCapacity(8)
        repeat {
            skipSpace()
            guard position < bytes.count else { return nil }
            let c = bytes[position]
            if open.last == .key {
                if c == UInt8(ascii: ">") {
                    guard position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") else { return nil }
                    position += 2
                    open.removeLast()
                    keys.removeSubrange(keyStarts.removeLast()...)
                } else {
                    guard c == UInt8(ascii: "/") else { return nil }
                    position += 1
                    let start = position
                    skipName()
                    let key = start..<position
                    // `#` escapes could spell one key two ways.
                    guard !bytes[key].contains(UInt8(ascii: "#")),
                          !isRepeated(key, among: keys[keyStarts[keyStarts.count - 1]...]) else { return nil }
                    keys.append(key)
                    open[open.count - 1] = .value
                    continue
                }
            } else {
                switch c {
                case UInt8(ascii: "/"):
                    position += 1
                    skipName()
                case UInt8(ascii: "("):
                    position += 1
                    guard skipLiteralString() else { return nil }
                case UInt8(ascii: "<"):
                    if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                        guard open.count + 1 < Self.maximumDepth else { return nil }
                        position += 2
                        open.append(.key)
                        keyStarts.append(keys.count)
                        continue
                    }
                    position += 1
                    guard skipHexString() else { return nil }
                case UInt8(ascii: "["):
                    guard open.count + 1 < Self.maximumDepth else { return nil }
                    position += 1
                    open.append(.item)
                    continue
                case UInt8(ascii: "]"):
                    guard open.last == .item else { return nil }
                    position += 1
                    open.removeLast()
                case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    guard let read = number() else { return nil }
                    if case .integer(let number) = read, number >= 0 {
                        // `N G R`, looked ahead for as `value()` does.
                        let save = position
                        if let generation = unsignedInteger(), keyword("R") {
                            references.append(PDFReference(number, generation))
                        } else {
                            position = save
                        }
                    }
                default:
                    guard keyword("true") || keyword("false") || keyword("null") else { return nil }
                }
            }
            // A value ended (a token, or a container just closed): a dictionary takes a key next.
            if open.last == .value { open[open.count - 1] = .key }
        } while !open.isEmpty
        return references
    }

    /// Whether the bytes of `key` equal those of one of `keys` (compared with memcmp
    /// when the lengths agree).
    private func isRepeated(_ key: Range<Int>, among keys: ArraySlice<Range<Int>>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        for other in keys where other.count == key.count {
            if memcmp(base + other.lowerBound, base + key.lowerBound, key.count) == 0 { return true }
        }
        return false
    }

    /// Past a literal string's closing parenthesis (balanced ones and escapes inside).
    private mutating func skipLiteralString() -> Bool {
        var depth = 1
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: "\\") {
                position += 1
            } else if c == UInt8(ascii: "(") {
                depth += 1
            } else if c == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { return true }
            }
        }
        return false
    }

    private mutating func skipHexString() -> Bool {
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            if c == UInt8(ascii: ">") { return true }
            guard Self.isSpace(c) || Self.hexDigit(c) != nil else { return false }
        }
        return false
    }
}

extension PDFParser {
    /// What the structure repair's walk needs of a structure element, read without
    /// building it: whether the dictionary at `position` has an `/S` (not null), and the
    /// object numbers of the references directly in its `/K` (the value itself, or the
    /// items of an array: marked-content ids and references inside dictionaries are not
    /// kids), in order. Nil when the bytes are not a dictionary read this way, or when
    /// `/S` or `/K` is written twice or a key has `#` escapes (the parser's reading then
    /// decides): the walk parses the element instead. Parsing every element was a third
    /// of the pass for a link-heavy document (public-apis: 5,600 elements).
    public mutating func structureKids() -> (hasS: Bool, kids: [Int])? {
        skipSpace()
        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "<"), bytes[position + 1] == UInt8(ascii: "<")
        else { return nil }
        position += 2
        var hasS = false, seenS = false, seenK = false
        var kids: [Int] = []
        while true {
            guard let step = dictionaryStep() else { return nil }
            guard case .key(let range) = step else { return (hasS, kids) }
            let key = bytes[range]
            guard !key.contains(UInt8(ascii: "#")) else { return nil }
            if key.elementsEqual("S".utf8) {
                guard !seenS else { return nil }
                seenS = true
                skipSpace()
                if keyword("null") { continue }
                guard skipItem() else { return nil }
                hasS = true
            } else if key.elementsEqual("K".utf8) {
                guard !seenK else { return nil }
                seenK = true
                guard readKids(into: &kids) else { return nil }
            } else {
                guard skipItem() else { return nil }
            }
        }
    }

    /// Reads a `/K` value: a reference is a kid; in an array, each reference item is.
    private mutating func readKids(into kids: inout [Int]) -> Bool {
        skipSpace()
        guard position < bytes.count else { return false }
        guard bytes[position] == UInt8(ascii: "[") else {
            if let kid = referenceItem() { kids.append(kid); return true }
            return skipItem()
        }
        position += 1
        while true {
            skipSpace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return true }
            if let kid = referenceItem() { kids.append(kid); continue }
            guard skipItem() else { return false }
        }
    }

    /// Past one value: a name, number (or `N G R`), keyword or string in place; an array
    /// or dictionary through `skipValue` (whose bookkeeping is allocated per call, too
    /// much for every entry of every element).
    private mutating func skipItem() -> Bool {
        skipSpace()
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "/"):
            position += 1
            skipName()
            return true
        case UInt8(ascii: "("):
            position += 1
            return skipLiteralString()
        case UInt8(ascii: "<") where position + 1 < bytes.count && bytes[position + 1] != UInt8(ascii: "<"):
            position += 1
            return skipHexString()
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard let read = number() else { return false }
            if case .integer(let n) = read, n >= 0 {
                // `N G R`, looked ahead for as `value()` does.
                let save = position
                if unsignedInteger() == nil || !keyword("R") { position = save }
            }
            return true
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            return keyword("true") || keyword("false") || keyword("null")
        default:
            return skipValue() != nil
        }
    }

    /// The object number of an `N G R` at `position` (with `position` past it), as
    /// `value()` reads one (N not negative, G unsigned); nil, `position` unmoved, for
    /// anything else.
    private mutating func referenceItem() -> Int? {
        let save = position
        skipSpace()
        guard position < bytes.count, (0x30...0x39).contains(bytes[position]),
              case .integer(let number)? = number(), number >= 0,
              unsignedInteger() != nil, keyword("R") else {
            position = save
            return nil
        }
        return number
    }
}
