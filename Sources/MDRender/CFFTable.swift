/// Just enough of a CFF font program (Adobe Technical Note #5176) to find glyphs and
/// subroutines in it: the top DICT, the CharStrings INDEX, the FDSelect of a CID-keyed
/// font, the global subroutines and the Private DICTs with their local subroutines, read
/// over bytes someone else owns; and the one change `CIDFontSubsets` makes, a new charset.
/// Every read is bounds-checked: a malformed table reads as nil, never out of range.
struct CFFTable {
    let bytes: UnsafeRawBufferPointer

    /// A top DICT operator: one byte, or 12 and a second byte (stored as 1200 + that byte).
    enum Operator: Int {
        case charset = 15, encoding = 16, charStrings = 17, privateDict = 18, subrs = 19
        case registryOrderingSupplement = 1230, fdArray = 1236, fdSelect = 1237
    }

    /// One operand of the top DICT: its value (reals read as 0, none of ours is one), and
    /// where its bytes are, so that a 5-byte integer can be rewritten in place.
    struct Operand {
        var value: Int
        var start: Int
        var length: Int
    }

    /// The operands of each operator of the top DICT (the first font of the FontSet).
    let topDict: [Int: [Operand]]
    /// Where each glyph's charstring is: the CharStrings INDEX.
    private let charStrings: Index
    /// The global subroutines (the INDEX after the String INDEX).
    let globalSubrs: Index

    init?(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        guard bytes.count >= 4, bytes[0] == 1 else { return nil }
        guard let names = Index(bytes, at: Int(bytes[2])),
              let tops = Index(bytes, at: names.end), tops.count >= 1,
              let top = tops.element(0, in: bytes),
              let dict = Self.parseDict(bytes, top),
              let strings = Index(bytes, at: tops.end),
              let globalSubrs = Index(bytes, at: strings.end)
        else { return nil }
        self.globalSubrs = globalSubrs
        topDict = dict
        guard let offset = dict[Operator.charStrings.rawValue]?.last?.value,
              let charStrings = Index(bytes, at: offset) else { return nil }
        self.charStrings = charStrings
    }

    var glyphCount: Int { charStrings.count }

    /// Where the CharStrings INDEX starts, read from the beginning of a `CFF ` table
    /// (`head`: at least its header, Name INDEX and Top DICT INDEX); nil when that does
    /// not parse.
    static func charStringsOffset(head: UnsafeRawBufferPointer) -> Int? {
        guard head.count >= 4, head[0] == 1,
              let names = Index(head, at: Int(head[2])),
              let tops = Index(head, at: names.end), tops.count >= 1,
              let top = tops.element(0, in: head),
              let dict = parseDict(head, top)
        else { return nil }
        return dict[Operator.charStrings.rawValue]?.last?.value
    }

    /// A CID-keyed font's top DICT starts with ROS.
    var isCIDKeyed: Bool { topDict[Operator.registryOrderingSupplement.rawValue] != nil }

    /// A Private DICT: where it is, its operators, and its local subroutines if it has any.
    struct PrivateDict {
        /// The operand of the parent DICT (top DICT or font DICT) that holds its offset.
        var offsetOperand: Operand
        var start: Int
        var size: Int
        var dict: [Int: [Operand]]
        var subrs: Index?
    }

    /// The Private DICTs: the top DICT's, or each font DICT's of a CID-keyed font (in
    /// FDArray order); nil when one cannot be read.
    func privateDicts() -> [PrivateDict]? {
        var parents: [[Int: [Operand]]] = []
        if isCIDKeyed {
            guard let offset = topDict[Operator.fdArray.rawValue]?.last?.value, let fonts = Index(bytes, at: offset) else { return nil }
            for i in 0..<fonts.count {
                guard let element = fonts.element(i, in: bytes), let dict = Self.parseDict(bytes, element) else { return nil }
                parents.append(dict)
            }
        } else {
            parents = [topDict]
        }
        var result: [PrivateDict] = []
        for parent in parents {
            guard let operands = parent[Operator.privateDict.rawValue], operands.count == 2 else { return nil }
            let size = operands[0].value, start = operands[1].value
            guard size >= 0, start >= 0, start + size <= bytes.count,
                  let dict = Self.parseDict(bytes, bytes[start..<(start + size)])
            else { return nil }
            var subrs: Index?
            if let relative = dict[Operator.subrs.rawValue]?.last?.value {
                guard let index = Index(bytes, at: start + relative) else { return nil }
                subrs = index
            }
            result.append(PrivateDict(offsetOperand: operands[1], start: start, size: size, dict: dict, subrs: subrs))
        }
        return result
    }

    /// The charstring of glyph `gid`.
    func charString(_ gid: Int) -> UnsafeRawBufferPointer.SubSequence? {
        charStrings.element(gid, in: bytes)
    }

    /// The font DICT of each glyph, from FDSelect (formats 0 and 3); nil when the font
    /// has none or it cannot be read.
    func fontDict(of gid: Int) -> Int? {
        guard let offset = topDict[Operator.fdSelect.rawValue]?.last?.value, offset < bytes.count, gid < glyphCount else { return nil }
        switch bytes[offset] {
        case 0:
            return offset + 1 + gid < bytes.count ? Int(bytes[offset + 1 + gid]) : nil
        case 3:
            guard let ranges = card16(offset + 1) else { return nil }
            // Ranges: first glyph (card16), font DICT (card8); a sentinel glyph ends them.
            var low = 0, high = ranges - 1
            while low <= high {
                let mid = (low + high) / 2, at = offset + 3 + mid * 3
                guard let first = card16(at), let next = card16(at + 3), at + 2 < bytes.count else { return nil }
                if gid < first { high = mid - 1 } else if gid >= next { low = mid + 1 } else { return Int(bytes[at + 2]) }
            }
            return nil
        default:
            return nil
        }
    }

    /// This table with a format-0 charset that gives glyph i (i ≥ 1) the CID `cids[i - 1]`,
    /// appended at its end, and the top DICT's charset offset pointing at it. Needs that
    /// offset written as a 5-byte integer (as HarfBuzz's subsetter writes every offset).
    func replacingCharset(cids: [Int]) -> [UInt8]? {
        guard cids.count == glyphCount - 1, cids.allSatisfy({ (0...0xFFFF).contains($0) }),
              let operand = topDict[Operator.charset.rawValue]?.last, operand.length == 5,
              bytes.count <= Int(Int32.max) - 2 * cids.count - 1
        else { return nil }
        var out = [UInt8](bytes)
        let at = out.count
        for k in 0..<4 { out[operand.start + 1 + k] = UInt8(truncatingIfNeeded: at >> (24 - 8 * k)) }
        out.append(0)
        for cid in cids { out += [UInt8(cid >> 8), UInt8(cid & 0xFF)] }
        return out
    }

    private func card16(_ at: Int) -> Int? {
        at + 1 < bytes.count ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : nil
    }

    /// A CFF INDEX: a count, an offset size and count + 1 offsets (from 1) into its data.
    struct Index {
        let count: Int
        let offsetSize: Int
        let start: Int
        /// The byte after the INDEX.
        let end: Int

        init?(_ bytes: UnsafeRawBufferPointer, at start: Int) {
            guard start >= 0, start + 2 <= bytes.count else { return nil }
            count = Int(bytes[start]) << 8 | Int(bytes[start + 1])
            self.start = start
            guard count > 0 else { offsetSize = 0; end = start + 2; return }
            guard start + 3 <= bytes.count else { return nil }
            offsetSize = Int(bytes[start + 2])
            guard (1...4).contains(offsetSize), start + 3 + (count + 1) * offsetSize <= bytes.count else { return nil }
            var last = 0
            for k in 0..<offsetSize { last = last << 8 | Int(bytes[start + 3 + count * offsetSize + k]) }
            end = start + 2 + (count + 1) * offsetSize + last
            guard end <= bytes.count else { return nil }
        }

        /// An INDEX of `elements`, with the smallest offset size that holds them.
        static func write(_ elements: [[UInt8]]) -> [UInt8] {
            var out = [UInt8(elements.count >> 8), UInt8(elements.count & 0xFF)]
            guard !elements.isEmpty else { return out }
            let last = elements.reduce(1) { $0 + $1.count }
            let size = last <= 0xFF ? 1 : last <= 0xFFFF ? 2 : last <= 0xFF_FFFF ? 3 : 4
            out.append(UInt8(size))
            var offset = 1
            for element in [[]] + elements {
                offset += element.count
                for k in (0..<size).reversed() { out.append(UInt8(truncatingIfNeeded: offset >> (8 * k))) }
            }
            for element in elements { out += element }
            return out
        }

        func element(_ i: Int, in bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer.SubSequence? {
            guard i >= 0, i < count else { return nil }
            func offset(_ j: Int) -> Int {
                var v = 0
                for k in 0..<offsetSize { v = v << 8 | Int(bytes[start + 3 + j * offsetSize + k]) }
                return v
            }
            let base = start + 2 + (count + 1) * offsetSize
            let from = base + offset(i), to = base + offset(i + 1)
            guard from <= to, from > base, to <= end else { return nil }
            return bytes[from..<to]
        }
    }

    /// The operands of each operator of a DICT.
    private static func parseDict(_ bytes: UnsafeRawBufferPointer, _ dict: UnsafeRawBufferPointer.SubSequence) -> [Int: [Operand]]? {
        var result: [Int: [Operand]] = [:]
        var operands: [Operand] = []
        var p = dict.startIndex
        let end = dict.endIndex
        while p < end {
            let b = Int(bytes[p])
            switch b {
            case 0...21:
                var op = b
                if b == 12 {
                    guard p + 1 < end else { return nil }
                    op = 1200 + Int(bytes[p + 1])
                    p += 1
                }
                result[op] = operands
                operands = []
                p += 1
            case 28, 29:
                let length = b == 28 ? 3 : 5
                guard p + length <= end else { return nil }
                var v = 0
                for k in 1..<length { v = v << 8 | Int(bytes[p + k]) }
                let bits = (length - 1) * 8
                if v >= 1 << (bits - 1) { v -= 1 << bits }
                operands.append(Operand(value: v, start: p, length: length))
                p += length
            case 30:
                // A real: nibbles up to one that is 0xF.
                let start = p
                p += 1
                while p < end, bytes[p] & 0x0F != 0x0F, bytes[p] >> 4 != 0x0F { p += 1 }
                guard p < end else { return nil }
                p += 1
                operands.append(Operand(value: 0, start: start, length: p - start))
            case 32...246:
                operands.append(Operand(value: b - 139, start: p, length: 1))
                p += 1
            case 247...254:
                guard p + 1 < end else { return nil }
                let w = Int(bytes[p + 1])
                operands.append(Operand(value: b < 251 ? (b - 247) * 256 + w + 108 : -(b - 251) * 256 - w - 108, start: p, length: 2))
                p += 2
            default:
                return nil
            }
        }
        return result
    }
}
