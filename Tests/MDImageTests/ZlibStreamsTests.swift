import CZlib
import Testing
@testable import MDImage

/// `ZlibInflater` and `ZlibDeflater`: a piece at a time, the same bytes as all at once.
@Suite struct ZlibStreamsTests {
    /// Bytes that compress somewhat: text-like runs with some noise.
    static let sample: [UInt8] = (0..<300_000).map { i in UInt8(truncatingIfNeeded: (i / 7) % 61 + (i % 1013 == 0 ? i : 0)) }

    /// zlib's one-call `compress2`, the reference.
    static func compressedAtOnce(_ bytes: [UInt8], level: Int32) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&out, &size, bytes, uLong(bytes.count), level)
        #expect(status == Z_OK)
        return Array(out[..<Int(size)])
    }

    /// However the input is cut (one byte, a row of 12,001, pieces bigger than the output
    /// buffer), the stream is the one `compress2` makes of all of it: what makes
    /// deflating a PNG's planes row by row give the PDF the same bytes as before.
    @Test(arguments: [1, 997, 12_001, 200_000])
    func piecesGiveTheSameStream(pieceSize: Int) throws {
        let deflater = try #require(ZlibDeflater(level: 6))
        var i = 0
        while i < Self.sample.count {
            let end = min(i + pieceSize, Self.sample.count)
            Self.sample[i..<end].withUnsafeBufferPointer { deflater.append($0) }
            i = end
        }
        let made = try deflater.finish().get()
        #expect(made == Self.compressedAtOnce(Self.sample, level: 6))
    }

    /// The inflater fills each buffer it is given, ends short at the stream's end, and
    /// says nil for what is not zlib data.
    @Test func inflaterFillsBuffersInTurn() throws {
        let zlib = Self.compressedAtOnce(Self.sample, level: 6)
        let inflater = try #require(ZlibInflater(zlib))
        var out: [UInt8] = []
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4099)
        defer { buffer.deallocate() }
        while true {
            let n = try #require(inflater.read(into: buffer))
            out += buffer[..<n]
            if n < buffer.count { break }
        }
        #expect(out == Self.sample)
        let garbage = try #require(ZlibInflater([0x78, 0x9C, 0xFF, 0xFF, 0xFF, 0xFF]))
        #expect(garbage.read(into: buffer) == nil)
    }

    /// Reads the whole stream through buffers of 4,099 bytes: the bytes, or nil if a read
    /// said the data is invalid; `complete` is false when the data ran out before the end.
    static func inflateAll(_ zlib: [UInt8]) -> (bytes: [UInt8], complete: Bool)? {
        guard let inflater = ZlibInflater(zlib) else { return nil }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4099)
        defer { buffer.deallocate() }
        var out: [UInt8] = []
        while true {
            guard let n = inflater.read(into: buffer) else { return nil }
            out += buffer[..<n]
            if n < buffer.count { break }
        }
        // zlib's own one-call inflate says whether the stream is complete.
        var size = uLong(out.count + 1)
        var check = [UInt8](repeating: 0, count: Int(size))
        let status = uncompress(&check, &size, zlib, uLong(zlib.count))
        return (out, status == Z_OK)
    }

    /// The inflater reads the zlib wrapper itself (zlib inflates the data raw, the
    /// checksum is libdeflate's): it accepts and refuses what zlib does. A changed
    /// checksum, a header zlib refuses (wrong method, window over 32 KB, bad check bits,
    /// a preset dictionary) are invalid; a stream cut inside its checksum gives every
    /// byte but is not ended.
    @Test func wrapperIsCheckedAsZlibChecksIt() throws {
        let zlib = Self.compressedAtOnce(Self.sample, level: 6)
        let whole = try #require(Self.inflateAll(zlib))
        #expect(whole.bytes == Self.sample && whole.complete)
        for i in 1...4 {
            var wrong = zlib
            wrong[wrong.count - i] ^= 0x10
            #expect(Self.inflateAll(wrong) == nil, "checksum byte \(i) from the end changed")
        }
        let cut = try #require(Self.inflateAll(Array(zlib.dropLast(2))))
        #expect(cut.bytes == Self.sample && !cut.complete)
        // Every header zlib refuses is refused here, and every one it takes is taken.
        for cmf in 0...255 {
            for flg in 0...255 {
                var stream = zlib
                stream[0] = UInt8(cmf); stream[1] = UInt8(flg)
                var size = uLong(Self.sample.count)
                var out = [UInt8](repeating: 0, count: Int(size))
                let zlibSays = uncompress(&out, &size, stream, uLong(stream.count))
                let headerRefused = zlibSays == Z_DATA_ERROR || zlibSays == Z_NEED_DICT
                if headerRefused != !ZlibInflater.acceptsHeader(UInt8(cmf), UInt8(flg)) {
                    Issue.record("header \(cmf) \(flg): zlib says \(zlibSays)")
                }
            }
        }
    }
}
