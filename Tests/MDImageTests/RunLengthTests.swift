import Testing
@testable import MDImage

/// `RunLength`: PDF's RunLengthDecode records, read back by the decoder here and by a
/// reading of the records written out in the test (the format of ISO 32000-1 § 7.4.5).
@Suite struct RunLengthTests {
    static func encoded(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0xEE, count: RunLength.bound(bytes.count))
        let n = bytes.withUnsafeBufferPointer { input in out.withUnsafeMutableBufferPointer { RunLength.encode(input, into: $0.baseAddress!) } }
        #expect(n <= RunLength.bound(bytes.count))
        return Array(out[..<n])
    }

    /// The records as the specification reads them: a length byte 0–127 and that many
    /// plus one bytes, or 129–255 and one byte repeated 257 minus it times; 128 ends.
    static func specificationRead(_ records: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = [], i = 0
        while i < records.count {
            let code = Int(records[i])
            i += 1
            if code == 128 { break }
            if code < 128 {
                guard i + code + 1 <= records.count else { return nil }
                out += records[i..<(i + code + 1)]
                i += code + 1
            } else {
                guard i < records.count else { return nil }
                out += [UInt8](repeating: records[i], count: 257 - code)
                i += 1
            }
        }
        return out
    }

    static func decoded(_ records: [UInt8], capacity: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(capacity, 1))
        let n = records.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { RunLength.decode(input, into: $0.baseAddress!, capacity: capacity) }
        }
        return n.map { Array(out[..<$0]) }
    }

    /// Runs of every length around the 8-byte steps and the 128-byte record limit, next
    /// to literals of every length around it, come back byte for byte.
    @Test func runsAndLiteralsOfEveryLengthComeBack() {
        var generator = SplitMix(seed: 7)
        for length in [0, 1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 126, 127, 128, 129, 130, 255, 256, 257, 1_000] {
            for shape in 0..<4 {
                var bytes: [UInt8] = []
                switch shape {
                case 0: bytes = [UInt8](repeating: 0xAB, count: length)
                case 1: bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 1) }
                case 2: bytes = [1, 2] + [UInt8](repeating: 9, count: length) + [3] + (0..<length).map { UInt8(truncatingIfNeeded: $0) }
                default: bytes = (0..<length).map { _ in UInt8(generator.next() % 3) }
                }
                let records = Self.encoded(bytes)
                #expect(Self.specificationRead(records) == bytes, "shape \(shape), length \(length)")
                #expect(Self.decoded(records + [RunLength.end], capacity: bytes.count) == bytes)
            }
        }
    }

    /// Long runs take two bytes for every 128; bytes without runs one more for every 128.
    @Test func sizes() {
        #expect(Self.encoded([UInt8](repeating: 0, count: 128 * 100)).count == 200)
        #expect(Self.encoded((0..<1_280).map { UInt8(truncatingIfNeeded: $0 * 31) }).count == 1_290)
    }

    @Test(arguments: [0, 1, 2, 127, 128, 129, 300])
    func repeatedValues(count: Int) {
        var out = [UInt8](repeating: 0xEE, count: 2 * ((count + 127) / 128))
        let n = out.withUnsafeMutableBufferPointer { RunLength.encode(repeating: 255, count: count, into: $0.baseAddress!) }
        #expect(n == out.count)
        #expect(Self.specificationRead(out) == [UInt8](repeating: 255, count: count))
    }

    /// Records cut short, or holding more than there is room for, are refused.
    @Test func damagedRecordsAreRefused() {
        #expect(Self.decoded([5, 1, 2], capacity: 100) == nil)
        #expect(Self.decoded([200], capacity: 100) == nil)
        #expect(Self.decoded([129, 7], capacity: 128) == [UInt8](repeating: 7, count: 128))
        #expect(Self.decoded([129, 7], capacity: 127) == nil)
        #expect(Self.decoded([1, 4, 5, 128, 0, 9], capacity: 100) == [4, 5], "nothing after the end byte")
        #expect(Self.decoded([3, 1, 2, 3, 4], capacity: 2) == nil, "a literal longer than the room")
        #expect(Self.decoded([3, 1, 2, 3, 4], capacity: 4) == [1, 2, 3, 4], "no end byte: the data's end")
    }
}

/// A small deterministic generator for test data.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
