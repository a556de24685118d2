import CFastPrintf
import Glibc
import Testing
import TestSupport

/// The executable's `snprintf` fast path (Sources/CFastPrintf) against glibc's
/// `vsnprintf`, byte for byte: every format it takes must come out as glibc makes it,
/// and every other format must be left to glibc.
@Suite struct FastPrintfTests {
    /// What the fast path writes for `format` (the whole buffer, filled with 0x55
    /// before, so bytes written past the end would show), or nil where it leaves the
    /// format to glibc.
    static func fast(_ format: String, _ arguments: [CVarArg], size: Int = 128) -> (buffer: [CChar], length: Int32)? {
        var buffer = [CChar](repeating: 0x55, count: size + 8)
        let length = withVaList(arguments) { mdpdf_fast_vsnprintf(&buffer, size, format, $0) }
        guard length >= 0 else { return nil }
        return (buffer, length)
    }

    static func glibc(_ format: String, _ arguments: [CVarArg], size: Int = 128) -> (buffer: [CChar], length: Int32) {
        var buffer = [CChar](repeating: 0x55, count: size + 8)
        let length = withVaList(arguments) { vsnprintf(&buffer, size, format, $0) }
        return (buffer, length)
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Compares one call; returns whether the fast path took it.
    @discardableResult
    static func same(_ format: String, _ arguments: [CVarArg], size: Int = 128) -> Bool {
        guard let mine = fast(format, arguments, size: size) else { return false }
        let theirs = glibc(format, arguments, size: size)
        if mine.buffer != theirs.buffer || mine.length != theirs.length {
            Issue.record("\(format) \(arguments) in \(size) bytes: fast \(Self.text(mine.buffer)) (\(mine.length)), glibc \(Self.text(theirs.buffer)) (\(theirs.length))")
        }
        return true
    }

    /// cairo's formats ("%f", "%.*f" with 3 and with 7-17 digits, "%.18f") for doubles
    /// of every magnitude: random bit patterns, decimal-looking values, page
    /// coordinates, and values whose next digit is exactly 5 (ties, rounded to even).
    @Test func doublesComeOutAsGlibcWritesThem() {
        var random = SplitMix(seed: 13)
        var values: [Double] = [0, -0.0, 0.1, -0.1, 0.5, 1.5, 2.5, 0.125, 0.375, 1e-7, 5e-7, 0.0999999999, 595.28, 841.89,
                                Double.leastNonzeroMagnitude, Double.leastNormalMagnitude, 9_223_372_036_854_774_784,
                                -9_223_372_036_854_774_784, 1e18, 123_456_789.123_456_789]
        for _ in 0..<40_000 { values.append(Double(bitPattern: random.next())) }
        for _ in 0..<40_000 {
            let magnitude = Double(Int(random.next() % 40) - 22)
            let unit = Double(random.next() >> 11) / Double(1 << 53)
            values.append((random.next() & 1 == 0 ? 1 : -1) * unit * pow(10, magnitude))
        }
        for _ in 0..<20_000 { values.append(Double(Int(random.next() % 200_000)) / 100 - 1000) }
        // j / 2^(p+1) for odd j has p+1 decimals, the last a 5: a tie at precision p.
        for p in 0...18 {
            for _ in 0..<500 {
                let j = Double((random.next() % (1 << 40)) | 1)
                values.append(j / pow(2, Double(p + 1)))
            }
        }
        var taken = [0, 0, 0, 0]
        for value in values {
            let precision = Int32(Int(random.next() % 21) - 2)
            let calls: [(String, [CVarArg])] = [("%f", [value]), ("%.18f", [value]), ("%.*f", [Int32(3), value]),
                                                ("%.*f", [precision, value])]
            for (i, call) in calls.enumerated() where Self.same(call.0, call.1) { taken[i] += 1 }
        }
        // Every finite value below 2^63 is the fast path's, so most of these were, for
        // each of cairo's formats (a negative precision is no precision, as in glibc).
        #expect(taken.allSatisfy { $0 > values.count / 2 }, "\(taken) of \(values.count)")
        // Those it leaves to glibc: not finite, 2^63 and above.
        let big = values.filter { !$0.isFinite || abs($0) >= 0x1p63 }.count
        #expect(taken[0] == values.count - big)
    }

    /// Values it cannot format exactly, or formats with flags, are left to glibc.
    @Test func otherFormatsAndValuesAreLeftToGlibc() {
        for value in [Double.infinity, -Double.infinity, Double.nan, 1e19, -1e300] {
            #expect(Self.fast("%f", [value]) == nil, "\(value)")
        }
        for format in ["%s", "%%", "%c", "%g", "%e", "%+d", "% d", "%-5d", "%#x", "%5.2f", "x%d", "%d %d", "%.3d", "%lf", "%p",
                       "%", "%0", "%5", "%l", "%.", "%*", "%.19f", "%65d", "%d\n"] {
            #expect(Self.fast(format, [Int32(7), Int32(8)]) == nil, "\(format)")
        }
        #expect(Self.fast("%*d", [Int32(-4), Int32(7)]) == nil)
        #expect(Self.fast("%0*x", [Int32(65), UInt32(7)]) == nil)
    }

    /// cairo's integer formats: object numbers, glyph ids in hex padded to a width given
    /// as an argument, with and without 'l'.
    @Test func integersComeOutAsGlibcWritesThem() {
        var random = SplitMix(seed: 7)
        var ints: [Int32] = [0, 1, -1, 9, 10, Int32.max, Int32.min, 0xFFFF, 0x10000]
        for _ in 0..<20_000 { ints.append(Int32(truncatingIfNeeded: random.next() >> UInt64(random.next() % 60))) }
        for v in ints {
            #expect(Self.same("%d", [v]))
            #expect(Self.same("%i", [v]))
            #expect(Self.same("%.*d", [Int32(-1), v]))
            #expect(Self.same("%64d", [v]))
            #expect(Self.same("%u", [UInt32(bitPattern: v)]))
            #expect(Self.same("%x", [UInt32(bitPattern: v)]))
            #expect(Self.same("%X", [UInt32(bitPattern: v)]))
            #expect(Self.same("%0*x", [Int32(Int(random.next() % 9)), UInt32(bitPattern: v)]))
            #expect(Self.same("%04x", [UInt32(bitPattern: v)]))
            #expect(Self.same("%05d", [v]))
            #expect(Self.same("%7d", [v]))
            #expect(Self.same("%ld", [Int(v) &* Int(random.next() % 1000)]))
            #expect(Self.same("%lu", [UInt(random.next())]))
            #expect(Self.same("%lx", [UInt(random.next())]))
        }
    }

    /// snprintf's contract: the full length is returned, the buffer holds what fits and
    /// is always terminated (a size of 0 writes nothing).
    @Test func shortBuffersAreCutAsGlibcCutsThem() {
        for size in 0...12 {
            #expect(Self.same("%f", [-1234.5678], size: size))
            #expect(Self.same("%08x", [UInt32(0xBEEF)], size: size))
        }
        var untouched = [CChar](repeating: 0x55, count: 4)
        let length = withVaList([3.25]) { mdpdf_fast_vsnprintf(&untouched, 0, "%f", $0) }
        #expect(length == 8 && untouched == [0x55, 0x55, 0x55, 0x55])
    }
}
