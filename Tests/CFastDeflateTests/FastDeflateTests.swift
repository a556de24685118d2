import CFastDeflate
import CLibDeflate
import CZlib
import Foundation
import Testing
import TestSupport

/// The executable's `deflateInit_`, `deflate` and `deflateEnd` (Sources/CFastDeflate):
/// streams begun by `deflateInit_` are deflated whole by libdeflate and handed out as
/// zlib would; long streams and unusual flushes go to zlib's streaming; streams zlib
/// began itself are passed through. Every output is inflated back by zlib's `inflate`,
/// which is not redefined.
@Suite struct FastDeflateTests {
    /// Text that deflates like a content stream: numbers and operators, some repetition.
    static func contentLike(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        var out: [UInt8] = []
        out.reserveCapacity(count + 64)
        while out.count < count {
            let x = Double(random.next() % 60000) / 100, y = Double(random.next() % 80000) / 100
            out += Array("\(x) \(y) Td <00\(random.next() % 90 + 10)00\(random.next() % 90 + 10)> Tj\n".utf8)
        }
        return Array(out.prefix(count))
    }

    /// Bytes that do not compress.
    static func noise(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }

    static func inflated(_ data: [UInt8], expected: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: max(expected, 1))
        var length = uLongf(out.count)
        let status = data.withUnsafeBufferPointer { uncompress(&out, &length, $0.baseAddress, uLong(data.count)) }
        guard status == Z_OK else { return nil }
        return Array(out.prefix(Int(length)))
    }

    /// Whether `data` inflates to `input` exactly (a Bool, so that a failure does not
    /// print megabytes).
    static func roundTrips(_ data: [UInt8], _ input: [UInt8]) -> Bool {
        inflated(data, expected: input.count) == input
    }

    /// Deflates `input` the way cairo does: `deflateInit_`, the input in `piece`-byte
    /// pieces with Z_NO_FLUSH (a `flushAt` piece with `middleFlush`), then Z_FINISH, the
    /// output taken `room` bytes at a time. The zlib data, the statuses seen and whether
    /// the stream was mdpdf's.
    static func deflated(_ input: [UInt8], piece: Int, room: Int, level: Int32 = Z_DEFAULT_COMPRESSION,
                         middleFlush: Int32? = nil, flushAt: Int = 1)
        -> (data: [UInt8], statuses: [Int32], ours: Bool, stream: z_stream) {
        var stream = z_stream()
        #expect(deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        let ours = mdpdf_deflate_is_ours(&stream) != 0
        var output: [UInt8] = [], statuses: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: room)
        func call(_ flush: Int32) -> Int32 {
            buffer.withUnsafeMutableBufferPointer { b in
                stream.next_out = b.baseAddress
                stream.avail_out = uInt(room)
                let status = deflate(&stream, flush)
                output += b.prefix(room - Int(stream.avail_out))
                statuses.append(status)
                return status
            }
        }
        input.withUnsafeBufferPointer { all in
            var at = 0, pieceIndex = 0
            while at < all.count {
                let n = min(piece, all.count - at)
                stream.next_in = UnsafeMutablePointer(mutating: all.baseAddress! + at)
                stream.avail_in = uInt(n)
                let flush = pieceIndex == flushAt ? middleFlush ?? Z_NO_FLUSH : Z_NO_FLUSH
                repeat { _ = call(flush) } while stream.avail_in > 0 || (flush != Z_NO_FLUSH && stream.avail_out == 0)
                at += n
                pieceIndex += 1
            }
            stream.next_in = nil
            stream.avail_in = 0
            var status = Z_OK
            repeat { status = call(Z_FINISH) } while status == Z_OK
            #expect(status == Z_STREAM_END)
        }
        let end = stream
        #expect(deflateEnd(&stream) == Z_OK)
        return (output, statuses, ours, end)
    }

    /// One call of `deflate` with all of `input` and the whole of `out` as room.
    static func once(_ stream: inout z_stream, _ input: [UInt8], into out: inout [UInt8], flush: Int32) -> Int32 {
        input.withUnsafeBufferPointer { i in
            out.withUnsafeMutableBufferPointer { o in
                stream.next_in = UnsafeMutablePointer(mutating: i.baseAddress)
                stream.avail_in = uInt(i.count)
                stream.next_out = o.baseAddress
                stream.avail_out = uInt(o.count)
                return deflate(&stream, flush)
            }
        }
    }

    @Test func cairosStreamsAreDeflatedByLibdeflateAndHandedOutAsZlibWould() throws {
        for (size, seed) in [(0, 1), (1, 2), (900, 3), (15_000, 4), (300_000, 5)] as [(Int, UInt64)] {
            let input = Self.contentLike(size, seed: seed)
            // cairo's pieces are 16 KB; output rooms from tiny to larger than the result.
            for (piece, room) in [(16_384, 16_384), (1_000, 7), (100_000, 1 << 20)] {
                let r = Self.deflated(input, piece: piece, room: room)
                #expect(r.ours, "a stream begun by deflateInit_ is mdpdf's")
                #expect(Self.roundTrips(r.data, input), "\(size) bytes in \(piece)/\(room)")
                #expect(r.stream.total_in == uLong(size) && r.stream.total_out == uLong(r.data.count))
                #expect(r.stream.adler == input.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt(size)) })
                // The data is libdeflate's at zlib's default level (6), not zlib's own.
                let compressor = try #require(libdeflate_alloc_compressor(6))
                defer { libdeflate_free_compressor(compressor) }
                var expected = [UInt8](repeating: 0, count: libdeflate_zlib_compress_bound(compressor, size))
                let n = input.withUnsafeBufferPointer { libdeflate_zlib_compress(compressor, $0.baseAddress, size, &expected, expected.count) }
                #expect(r.data == Array(expected.prefix(n)))
                // Z_OK while output is pending, Z_STREAM_END once at the end.
                #expect(r.statuses.last == Z_STREAM_END && r.statuses.dropLast().allSatisfy { $0 == Z_OK })
            }
        }
    }

    @Test func levelsAreKept() {
        let input = Self.contentLike(50_000, seed: 9)
        let stored = Self.deflated(input, piece: 16_384, room: 4096, level: 0)
        let best = Self.deflated(input, piece: 16_384, room: 4096, level: 9)
        #expect(Self.roundTrips(stored.data, input))
        #expect(Self.roundTrips(best.data, input))
        #expect(stored.data.count > input.count && best.data.count < input.count / 2)
    }

    @Test func longStreamsGoToZlibsStreaming() {
        // More than the 1 MB collected for libdeflate: zlib takes over, with what was
        // collected first; noise too, whose output is larger than its input.
        for input in [Self.contentLike(3_000_000, seed: 11), Self.noise(1_500_000, seed: 12)] {
            for (piece, room) in [(65_536, 16_384), (1_000_003, 333)] {
                let r = Self.deflated(input, piece: piece, room: room)
                #expect(r.ours)
                #expect(Self.roundTrips(r.data, input), "\(input.count) in \(piece)/\(room)")
                #expect(r.stream.total_in == uLong(input.count) && r.stream.total_out == uLong(r.data.count))
                #expect(r.stream.adler == input.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt(input.count)) })
            }
        }
    }

    @Test func otherFlushesGoToZlibsStreaming() {
        let input = Self.contentLike(200_000, seed: 13)
        for flush in [Z_SYNC_FLUSH, Z_FULL_FLUSH, Z_PARTIAL_FLUSH, Z_BLOCK] {
            let r = Self.deflated(input, piece: 16_384, room: 1000, middleFlush: flush, flushAt: 3)
            #expect(Self.roundTrips(r.data, input), "flush \(flush)")
        }
        // A sync flush puts everything given so far into the output at once, as zlib's does.
        var stream = z_stream()
        #expect(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var out = [UInt8](repeating: 0, count: 100_000)
        let head = Array(input.prefix(5000))
        #expect(Self.once(&stream, head, into: &out, flush: Z_SYNC_FLUSH) == Z_OK)
        let flushed = Array(out.prefix(Int(stream.total_out)))
        #expect(Array(flushed.suffix(4)) == [0, 0, 0xFF, 0xFF], "a sync flush ends in an empty stored block")
        var inflater = z_stream()
        #expect(inflateInit_(&inflater, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        var back = [UInt8](repeating: 0, count: 10_000)
        flushed.withUnsafeBufferPointer { f in
            back.withUnsafeMutableBufferPointer { b in
                inflater.next_in = UnsafeMutablePointer(mutating: f.baseAddress)
                inflater.avail_in = uInt(f.count)
                inflater.next_out = b.baseAddress
                inflater.avail_out = uInt(b.count)
                _ = inflate(&inflater, Z_SYNC_FLUSH)
            }
        }
        #expect(Array(back.prefix(Int(inflater.total_out))) == head)
        inflateEnd(&inflater)
        deflateEnd(&stream)
    }

    @Test func zlibsOwnStreamsArePassedThrough() {
        // deflateInit2_ is zlib's (libpng, GIO and libxml2 begin their streams with it),
        // here a gzip stream: `deflate` and `deflateEnd` hand it to zlib untouched.
        let input = Self.contentLike(40_000, seed: 14)
        var stream = z_stream()
        #expect(deflateInit2_(&stream, 6, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                              Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        #expect(mdpdf_deflate_is_ours(&stream) == 0)
        var out = [UInt8](repeating: 0, count: 100_000)
        #expect(Self.once(&stream, input, into: &out, flush: Z_FINISH) == Z_STREAM_END)
        let gz = Array(out.prefix(Int(stream.total_out)))
        #expect(deflateEnd(&stream) == Z_OK)
        #expect(gz.prefix(2) == [0x1F, 0x8B], "gzip, as asked of zlib")
        // zlib's deflateReset works on zlib's stream and refuses ours without touching it.
        var zlibs = z_stream(), mine = z_stream()
        #expect(deflateInit2_(&zlibs, 6, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        #expect(deflateReset(&zlibs) == Z_OK)
        deflateEnd(&zlibs)
        #expect(deflateInit_(&mine, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        #expect(deflateReset(&mine) == Z_STREAM_ERROR)
        #expect(deflateParams(&mine, 1, Z_DEFAULT_STRATEGY) == Z_STREAM_ERROR)
        #expect(deflateBound(&mine, 100_000) >= 100_000)
        #expect(deflateEnd(&mine) == Z_OK)
    }

    @Test func badCallsAreAnsweredAsZlibAnswersThem() {
        var stream = z_stream()
        #expect(deflateInit_(&stream, 12, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_STREAM_ERROR)
        #expect(deflateInit_(&stream, 6, "0.9", Int32(MemoryLayout<z_stream>.size)) == Z_VERSION_ERROR)
        #expect(deflateInit_(&stream, 6, ZLIB_VERSION, 12) == Z_VERSION_ERROR)
        // Ended right after it began: Z_OK.
        #expect(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        #expect(deflateEnd(&stream) == Z_OK)
        // A flush zlib's deflate does not take (Z_TREES) is refused.
        var out = [UInt8](repeating: 0, count: 10)
        #expect(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        #expect(Self.once(&stream, [1, 2, 3], into: &out, flush: Z_TREES) == Z_STREAM_ERROR)
        // Ended before Z_FINISH, after input: Z_DATA_ERROR, as zlib says it.
        #expect(Self.once(&stream, [1, 2, 3], into: &out, flush: Z_NO_FLUSH) == Z_OK)
        #expect(deflateEnd(&stream) == Z_DATA_ERROR)
        #expect(stream.state == nil)
        // After Z_FINISH, with output still pending: more input is Z_BUF_ERROR, another
        // flush Z_STREAM_ERROR, and ending there is Z_OK (zlib's FINISH_STATE).
        #expect(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
        let input = Self.contentLike(20_000, seed: 15)
        #expect(Self.once(&stream, input, into: &out, flush: Z_FINISH) == Z_OK)
        #expect(Self.once(&stream, [1, 2, 3, 4, 5], into: &out, flush: Z_FINISH) == Z_BUF_ERROR)
        #expect(Self.once(&stream, [], into: &out, flush: Z_NO_FLUSH) == Z_STREAM_ERROR)
        #expect(deflateEnd(&stream) == Z_OK)
        #expect(stream.state == nil)
    }

    @Test func aStreamHandedToZlibOnItsFinishCallEnds() {
        // Up to 1 MB collected, then more with Z_FINISH (over the 1 MB collected for
        // libdeflate: zlib takes over on that call and is first fed what was collected),
        // the output taken `room` bytes at a time: Z_OK while there is more, then
        // Z_STREAM_END, as a `while (ret == Z_OK)` loop needs, whether the collected
        // bytes fill the caller's buffer exactly or not.
        let input = Self.contentLike(1_100_000, seed: 16) + Self.noise(60_000, seed: 17)
        for room in [1, 7, 300, 4096, 65_536] {
            for collected in [1_000_000, 1_048_576, 999_983] {
                var stream = z_stream()
                #expect(deflateInit_(&stream, 6, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK)
                var output: [UInt8] = [], buffer = [UInt8](repeating: 0, count: room)
                var status = Z_OK
                input.withUnsafeBufferPointer { all in
                    func call(_ flush: Int32) -> Int32 {
                        buffer.withUnsafeMutableBufferPointer { r in
                            stream.next_out = r.baseAddress
                            stream.avail_out = uInt(r.count)
                            let s = deflate(&stream, flush)
                            output += r.prefix(r.count - Int(stream.avail_out))
                            return s
                        }
                    }
                    stream.next_in = UnsafeMutablePointer(mutating: all.baseAddress!)
                    stream.avail_in = uInt(collected)
                    while stream.avail_in > 0 { _ = call(Z_NO_FLUSH) }
                    stream.next_in = UnsafeMutablePointer(mutating: all.baseAddress! + collected)
                    stream.avail_in = uInt(all.count - collected)
                    repeat { status = call(Z_FINISH) } while status == Z_OK
                }
                #expect(status == Z_STREAM_END, "room \(room), \(collected) collected: \(status)")
                #expect(Self.roundTrips(output, input), "room \(room), \(collected) collected")
                #expect(stream.total_in == uLong(input.count) && stream.total_out == uLong(output.count))
                #expect(stream.adler == input.withUnsafeBufferPointer { adler32(1, $0.baseAddress, uInt(input.count)) })
                #expect(deflateEnd(&stream) == Z_OK)
            }
        }
    }

    @Test func threadsDeflateSideBySide() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for t in 0..<4 {
                group.addTask {
                    (0..<20).allSatisfy { k in
                        let input = Self.contentLike(5_000 + 997 * k, seed: UInt64(100 * t + k))
                        let r = Self.deflated(input, piece: 4096, room: 1024, level: Int32(k % 10))
                        return Self.inflated(r.data, expected: input.count) == input
                    }
                }
            }
            var all: [Bool] = []
            for await ok in group { all.append(ok) }
            return all
        }
        #expect(results == [true, true, true, true])
    }
}
