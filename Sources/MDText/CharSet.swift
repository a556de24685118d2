import CFontconfig

/// The characters a face covers, as fontconfig's charset stores them: pages of 256 code
/// points, each a 256-bit map. A plain Swift copy rather than an `FcCharSet*`, so that a
/// chain outlives the fontconfig configuration it came from and can be written to (and
/// read back from) the font lookup cache byte for byte.
///
/// Invariants: `pages` ascend; `bits` holds `pageBits` words per page, in page order;
/// bit `j` of word `i` of page `p` is code point `p << 8 + i * 32 + j`.
final class CharSet: Sendable {
    /// Words of one page's map (fontconfig's `FC_CHARSET_MAP_SIZE`).
    static let pageBits = 8

    let pages: [UInt16]
    let bits: [UInt32]

    init(pages: [UInt16], bits: [UInt32]) {
        precondition(bits.count == pages.count * Self.pageBits, "a charset needs one map per page")
        self.pages = pages
        self.bits = bits
    }

    /// A copy of fontconfig's charset `handle` (which is not retained).
    convenience init(copying handle: OpaquePointer) {
        var pages: [UInt16] = []
        var bits: [UInt32] = []
        var map = [FcChar32](repeating: 0, count: Self.pageBits)
        var next: FcChar32 = 0
        var base = map.withUnsafeMutableBufferPointer { FcCharSetFirstPage(handle, $0.baseAddress, &next) }
        // `FC_CHARSET_DONE` is a macro Swift does not import: (FcChar32) -1.
        while base != FcChar32.max {
            pages.append(UInt16(base >> 8))
            bits += map
            base = map.withUnsafeMutableBufferPointer { FcCharSetNextPage(handle, $0.baseAddress, &next) }
        }
        self.init(pages: pages, bits: bits)
    }

    /// Whether `scalar` is covered: a binary search for its page, then one bit.
    @inline(__always) func contains(_ scalar: UInt32) -> Bool {
        guard scalar <= 0x10FFFF else { return false }
        let page = UInt16(scalar >> 8)
        var low = 0, high = pages.count
        while low < high {
            let mid = (low + high) >> 1
            if pages[mid] < page { low = mid + 1 } else { high = mid }
        }
        guard low < pages.count, pages[low] == page else { return false }
        let word = bits[low * Self.pageBits + Int((scalar & 0xFF) >> 5)]
        return word & (1 << (scalar & 31)) != 0
    }
}
