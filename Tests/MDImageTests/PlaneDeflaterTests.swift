import CZlib
import Testing
@testable import MDImage

/// `PlaneDeflater`: the rows given, deflated whole by libdeflate into zlib data that
/// zlib reads back to exactly those bytes.
@Suite struct PlaneDeflaterTests {
    /// zlib's one-call `uncompress`, the reference reader (as a PDF reader's FlateDecode).
    static func inflated(_ zlib: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: size + 1)
        var length = uLong(out.count)
        guard uncompress(&out, &length, zlib, uLong(zlib.count)) == Z_OK else { return nil }
        return Array(out[..<Int(length)])
    }

    @Test(arguments: [1, 6, 12])
    func rowsComeBackFromZlib(level: Int32) throws {
        let width = 1_001, height = 37
        let plane = try #require(PlaneDeflater(size: width * height))
        var expected: [UInt8] = []
        plane.append(repeating: 255, count: 3 * width)
        expected += [UInt8](repeating: 255, count: 3 * width)
        for y in 3..<height {
            let row = (0..<width).map { x in UInt8(truncatingIfNeeded: (x / 5 + y * 3) % 97 + (x % 211 == 0 ? x : 0)) }
            row.withUnsafeBufferPointer { plane.append($0) }
            expected += row
        }
        #expect(plane.count == width * height)
        let zlib = try #require(plane.deflate(level: level))
        #expect(zlib.count < expected.count / 4)
        #expect(Self.inflated(zlib, size: expected.count) == expected)
    }

    /// Bytes past the plane's size are dropped, never written past its pages.
    @Test func bytesPastTheSizeAreDropped() throws {
        let plane = try #require(PlaneDeflater(size: 10))
        [UInt8](repeating: 7, count: 8).withUnsafeBufferPointer { plane.append($0) }
        [UInt8](repeating: 9, count: 8).withUnsafeBufferPointer { plane.append($0) }
        plane.append(repeating: 1, count: 5)
        #expect(plane.count == 10)
        let zlib = try #require(plane.deflate(level: 6))
        #expect(Self.inflated(zlib, size: 10) == [7, 7, 7, 7, 7, 7, 7, 7, 9, 9])
    }

    @Test func anEmptyPlaneIsRefused() {
        #expect(PlaneDeflater(size: 0) == nil)
    }
}
