import CZlib
import Testing
@testable import MDImage

/// `PNGCheck`'s piecewise path (rows over `wholeInflateLimit`, or data libdeflate does
/// not settle): what it says of a gray 2000 × 1100 image (2.2 MB of rows) when its data
/// is whole, cut, ends early, or has a bad row filter before a bad checksum.
@Suite struct PNGCheckTests {
    static let width = 2000, height = 1100

    /// The rows, filter byte 0 each, with `filter` at the start of row `row`.
    static func rows(filter: UInt8 = 0, at row: Int = -1, count: Int = height) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count * (width + 1))
        for r in 0..<count {
            bytes.append(r == row ? filter : 0)
            bytes += (0..<width).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ r) }
        }
        return bytes
    }

    static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        var size = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        #expect(compress2(&out, &size, bytes, uLong(bytes.count), 6) == Z_OK)
        return Array(out[..<Int(size)])
    }

    /// A whole PNG file around `data` (one IDAT chunk), every checksum right.
    static func png(_ data: [UInt8]) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc = UInt32(typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) })
            return be32(body.count) + typed + be32(Int(crc))
        }
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let header = be32(width) + be32(height) + [8, 0, 0, 0, 0]
        return [137, 80, 78, 71, 13, 10, 26, 10] + chunk("IHDR", header) + chunk("IDAT", data) + chunk("IEND", [])
    }

    static func problem(_ data: [UInt8]) throws -> String? {
        let file = png(data)
        let header = try PNGCheck.header(file).get()
        return PNGCheck.problem(file, header)
    }

    @Test func wholeDataIsNoProblem() throws {
        #expect(Self.rows().count > PNGCheck.wholeInflateLimit)
        #expect(try Self.problem(Self.zlib(Self.rows())) == nil)
    }

    /// Data cut in the middle is invalid data (zlib has nothing more to read), as the
    /// z_stream loop before `ZlibInflater` said.
    @Test func cutDataIsNotValidData() throws {
        let data = Self.zlib(Self.rows())
        #expect(try Self.problem(Array(data[..<(data.count / 2)])) == "its image data is not valid compressed data")
    }

    /// A complete stream of fewer rows than the header promises is cut short.
    @Test func aStreamOfTooFewRowsIsCutShort() throws {
        let expected = Self.height * (Self.width + 1), made = 1000 * (Self.width + 1)
        #expect(try Self.problem(Self.zlib(Self.rows(count: 1000))) == "its image data is cut short (\(made) of \(expected) bytes)")
    }

    /// The rows that come out before the data turns out invalid are checked first: a bad
    /// filter byte in the last row, then a wrong checksum, is a bad filter.
    @Test func aBadFilterIsFoundBeforeABadChecksum() throws {
        var data = Self.zlib(Self.rows(filter: 9, at: Self.height - 1))
        data[data.count - 1] ^= 0x01
        #expect(try Self.problem(data) == "a row has an invalid filter type")
        #expect(try Self.problem(Self.zlib(Self.rows(filter: 5, at: 3))) == "a row has an invalid filter type")
        var checksum = Self.zlib(Self.rows())
        checksum[checksum.count - 2] ^= 0x01
        #expect(try Self.problem(checksum) == "its image data is not valid compressed data")
    }
}
