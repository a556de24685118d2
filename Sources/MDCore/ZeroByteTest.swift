extension UInt64 {
    /// Whether any of the eight bytes is zero, tested on all of them at once (the
    /// classic test: exact for "some byte is zero"; of the lanes it marks, the lowest
    /// is a zero byte). XOR a word with a byte repeated eight times first to look for
    /// that byte (the UTF-8 scans, `PDFObjectStore`'s backward search).
    @inlinable public var hasZeroByte: Bool {
        (self &- 0x0101_0101_0101_0101) & ~self & 0x8080_8080_8080_8080 != 0
    }
}
