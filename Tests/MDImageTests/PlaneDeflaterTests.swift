import CZlib
import Testing
@testable import MDImage

/// `PlaneDeflater`: the rows given, deflated whole by libdeflate into zlib data that
/// zlib (and the run-length records' reading, when the plane was run-length encoded)
/// reads back to exactly those bytes.
@Suite struct PlaneDeflaterTests {
    /// zlib's one-call `uncompress`, the reference reader (as a PDF reader's FlateDecode).
    static func inflated(_ zlib: [UInt8], size: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: size + 1)
        var length = uLong(out.count)
        guard uncompress(&out, &length, zlib, uLong(zlib.count)) == Z_OK else { return nil }
        return Array(out[..<Int(length)])
    }

    /// The values of a deflated plane as a PDF reader reads them through its filters.
    static func values(_ plane: PlaneDeflater.Deflated, size: Int) -> [UInt8]? {
        guard plane.runLength else { return inflated(plane.zlib, size: size) }
        guard let records = inflated(plane.zlib, size: RunLength.bound(size) + 1), records.last == RunLength.end else { return nil }
        return RunLengthTests.specificationRead(records)
    }

    /// A screenshot's rows (long runs of one value) are held and deflated as runs, in a
    /// fraction of the plane's size; a photograph's (noise) as they are, since runs would
    /// not halve them; a plane that turns to noise after a plain eighth is held as values
    /// from there on, the plain rows decoded back. Every one reads back exactly.
    @Test(arguments: [("screenshot", true), ("photograph", false), ("plain, then noise", false), ("noise, then plain", false),
                      ("plain with a little noise", true)])
    func runsWhileTheyPay(kind: String, runLength: Bool) throws {
        let width = 900, height = 120
        var random = SplitMix(seed: 11)
        let plane = try #require(PlaneDeflater(size: width * height))
        var expected: [UInt8] = []
        for y in 0..<height {
            let noisy: Bool
            switch kind {
            case "screenshot": noisy = false
            case "photograph": noisy = true
            case "plain, then noise": noisy = y >= height / 4
            case "noise, then plain": noisy = y < height / 4
            default: noisy = y % 9 == 0
            }
            let row: [UInt8] = noisy ? (0..<width).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                                     : (0..<width).map { x in x < 300 ? 0xF0 : (x < 310 ? UInt8(y) : 0x20) }
            row.withUnsafeBufferPointer { plane.append($0) }
            expected += row
        }
        let deflated = try #require(plane.deflate(level: 6))
        #expect(deflated.runLength == runLength, "\(kind)")
        #expect(Self.values(deflated, size: expected.count) == expected, "\(kind)")
        if runLength {
            // Smaller than the values deflated as they are (by zlib, at the same level).
            var plain = [UInt8](repeating: 0, count: Int(compressBound(uLong(expected.count))))
            var length = uLong(plain.count)
            try #require(compress2(&plain, &length, expected, uLong(expected.count), 6) == Z_OK)
            #expect(deflated.zlib.count < Int(length), "\(kind): \(deflated.zlib.count) against \(length)")
        }
    }

    /// A row whose runs would pay but do not fit the room left for them (it is encoded
    /// at its worst case first) goes in as values, the runs before it decoded back.
    @Test func aRowTooLongForTheRunsRoom() throws {
        let plane = try #require(PlaneDeflater(size: 4_000))
        let first = [UInt8](repeating: 3, count: 100)
        let long = [UInt8](repeating: 9, count: 3_900)
        first.withUnsafeBufferPointer { plane.append($0) }
        long.withUnsafeBufferPointer { plane.append($0) }
        let deflated = try #require(plane.deflate(level: 6))
        #expect(!deflated.runLength, "3,900 bytes at their worst exceed the room for runs")
        #expect(Self.values(deflated, size: 4_000) == first + long)
    }

    /// Repeated values go in as runs (an image's opaque alpha rows above its first
    /// transparent pixel), down to a last record of one byte; noise after them (once the
    /// runs pass half of what they encode) ends the runs, and everything comes back.
    @Test(arguments: [false, true])
    func repeatedValuesThenNoise(noise: Bool) throws {
        let width = 900, plain = 40 * width + 1
        let size = plain + (noise ? 60 * width : 0)
        let plane = try #require(PlaneDeflater(size: size))
        plane.append(repeating: 255, count: plain)
        var expected = [UInt8](repeating: 255, count: plain)
        var random = SplitMix(seed: 5)
        if noise {
            for _ in 0..<60 {
                let row = (0..<width).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                row.withUnsafeBufferPointer { plane.append($0) }
                expected += row
            }
        }
        let deflated = try #require(plane.deflate(level: 6))
        #expect(deflated.runLength == !noise)
        #expect(Self.values(deflated, size: size) == expected)
    }

    /// Bytes past the plane's size are dropped while it holds runs, too.
    @Test func bytesPastTheSizeAreDroppedFromRuns() throws {
        let plane = try #require(PlaneDeflater(size: 5_000))
        for value: UInt8 in [7, 9] {
            for _ in 0..<40 { [UInt8](repeating: value, count: 100).withUnsafeBufferPointer { plane.append($0) } }
        }
        plane.append(repeating: 1, count: 50)
        #expect(plane.count == 5_000)
        let deflated = try #require(plane.deflate(level: 6))
        #expect(deflated.runLength)
        #expect(Self.values(deflated, size: 5_000) == [UInt8](repeating: 7, count: 4_000) + [UInt8](repeating: 9, count: 1_000))
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
        let deflated = try #require(plane.deflate(level: level))
        #expect(deflated.zlib.count < expected.count / 4)
        #expect(Self.values(deflated, size: expected.count) == expected)
    }

    /// Bytes past the plane's size are dropped, never written past its pages.
    @Test func bytesPastTheSizeAreDropped() throws {
        let plane = try #require(PlaneDeflater(size: 10))
        [UInt8](repeating: 7, count: 8).withUnsafeBufferPointer { plane.append($0) }
        [UInt8](repeating: 9, count: 8).withUnsafeBufferPointer { plane.append($0) }
        plane.append(repeating: 1, count: 5)
        #expect(plane.count == 10)
        let deflated = try #require(plane.deflate(level: 6))
        #expect(Self.values(deflated, size: 10) == [7, 7, 7, 7, 7, 7, 7, 7, 9, 9])
    }

    @Test func anEmptyPlaneIsRefused() {
        #expect(PlaneDeflater(size: 0) == nil)
    }
}
