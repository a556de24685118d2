/// PDF's run-length encoding (`RunLengthDecode`, ISO 32000-1 § 7.4.5): a length byte
/// 0–127 is followed by that many plus one bytes taken as they are; 129–255 by one byte
/// repeated 257 minus it times (2–128); 128 ends the data.
///
/// Image planes go through it before deflate (`PlaneDeflater`): deflate's window is
/// 32 KB and its matcher looks at every byte, so a screenshot's runs of one color, one
/// byte after another, cost it as much time as detail does, and it sees only three or
/// four rows back. Run-length encoded first, the Rust book's four 3000 × 1500
/// screenshots are 1.5 MB instead of 53 MB for deflate to read: 13 ms instead of 65 ms
/// at libdeflate's level 6, and 290 KB instead of 551 KB.
public enum RunLength {
    /// The end-of-data byte.
    public static let end: UInt8 = 128

    /// The most bytes `encode` writes for `count` bytes (a length byte for every 128).
    public static func bound(_ count: Int) -> Int { count + (count + 127) / 128 }

    /// Encodes `input` into `output` (at least `bound(input.count)` bytes), with no end
    /// byte; returns how many bytes it wrote. A run of three or more equal bytes is
    /// written as a run, anything else as it is.
    public static func encode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        guard let base = input.baseAddress else { return 0 }
        let n = input.count
        var i = 0, o = 0
        while i < n {
            let run = runLength(base + i, available: n - i)
            if run >= 3 {
                output[o] = UInt8(257 - run)
                output[o + 1] = base[i]
                o += 2
                i += run
                continue
            }
            // Bytes as they are, up to the next run of three or 128 of them.
            let start = i
            var length = 0
            while i < n && length < 128 {
                if i + 2 < n && base[i] == base[i + 1] && base[i] == base[i + 2] { break }
                i += 1
                length += 1
            }
            output[o] = UInt8(length - 1)
            (output + o + 1).update(from: base + start, count: length)
            o += 1 + length
        }
        return o
    }

    /// The bytes `encode(repeating:count:into:)` writes for `count` bytes (two for
    /// every 128).
    public static func repeatedBound(_ count: Int) -> Int { 2 * ((count + 127) / 128) }

    /// Writes `count` bytes of `value` as runs into `output` (at least
    /// `repeatedBound(count)` bytes); returns how many bytes it wrote.
    public static func encode(repeating value: UInt8, count: Int, into output: UnsafeMutablePointer<UInt8>) -> Int {
        var left = count, o = 0
        while left > 0 {
            let run = min(left, 128)
            // A single byte is a literal of one.
            output[o] = run >= 2 ? UInt8(257 - run) : 0
            output[o + 1] = value
            o += 2
            left -= run
        }
        return o
    }

    /// Decodes `input` (up to its end byte, or all of it) into `output`, at most
    /// `capacity` bytes; returns how many bytes it wrote, or nil when the data is cut
    /// short in a record or holds more than `capacity` bytes.
    public static func decode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int? {
        guard let base = input.baseAddress else { return 0 }
        var i = 0, o = 0
        while i < input.count {
            let code = Int(base[i])
            i += 1
            if code == Int(end) { break }
            if code < 128 {
                let length = code + 1
                guard i + length <= input.count, o + length <= capacity else { return nil }
                (output + o).update(from: base + i, count: length)
                i += length
                o += length
            } else {
                let length = 257 - code
                guard i < input.count, o + length <= capacity else { return nil }
                (output + o).update(repeating: base[i], count: length)
                i += 1
                o += length
            }
        }
        return o
    }

    /// How many bytes from `p` on equal `p[0]`, at most 128 and `available`; eight at a
    /// time while they can be.
    @inline(__always)
    static func runLength(_ p: UnsafePointer<UInt8>, available: Int) -> Int {
        let limit = min(available, 128)
        let pattern = UInt64(p[0]) &* 0x0101_0101_0101_0101
        var r = 1
        while r + 8 <= limit {
            let differs = UInt64(littleEndian: UnsafeRawPointer(p + r).loadUnaligned(as: UInt64.self)) ^ pattern
            if differs != 0 { return r + differs.trailingZeroBitCount / 8 }
            r += 8
        }
        while r < limit && p[r] == p[0] { r += 1 }
        return r
    }
}
