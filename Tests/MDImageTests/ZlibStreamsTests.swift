import CZlib
import Testing
import TestSupport
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

    /// How a stream read to its end came out: its bytes, and whether it ended, ran out or
    /// was invalid (then the bytes are not compared: zlib's own inflate drops those of
    /// the failing call, `ZlibInflater` hands them out first).
    struct Outcome: Equatable {
        enum Kind { case ended, starved, invalid }
        var kind: Kind
        var bytes: [UInt8]
        static func == (a: Outcome, b: Outcome) -> Bool {
            a.kind == b.kind && (a.kind == .invalid || a.bytes == b.bytes)
        }
    }

    /// `ZlibInflater` read through buffers of the sizes `sizes` gives, to its end.
    static func readAll(_ zlib: [UInt8], sizes: inout SplitMix) -> Outcome {
        let inflater = ZlibInflater(zlib)!
        var bytes: [UInt8] = []
        while true {
            let size = Int(sizes.next() % 5000) + 1
            var buffer = [UInt8](repeating: 0, count: size)
            guard let n = buffer.withUnsafeMutableBufferPointer({ inflater.read(into: $0) }) else {
                return Outcome(kind: .invalid, bytes: bytes)
            }
            bytes += buffer[..<n]
            if n < size {
                switch inflater.state {
                case .ended: return Outcome(kind: .ended, bytes: bytes)
                case .starved: return Outcome(kind: .starved, bytes: bytes)
                case .invalid: continue  // the next read says nil
                case .reading: Issue.record("a short read while still reading"); return Outcome(kind: .invalid, bytes: bytes)
                }
            }
        }
    }

    /// The same with zlib's own wrapped inflate (window 15, its checksum): the reference.
    static func zlibReadsAll(_ zlib: [UInt8], sizes: inout SplitMix) -> Outcome {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { fatalError() }
        defer { inflateEnd(&stream) }
        var input = zlib
        var bytes: [UInt8] = []
        return input.withUnsafeMutableBufferPointer { all -> Outcome in
            stream.next_in = all.baseAddress
            stream.avail_in = uInt(all.count)
            while true {
                let size = Int(sizes.next() % 5000) + 1
                var buffer = [UInt8](repeating: 0, count: size)
                let status = buffer.withUnsafeMutableBufferPointer { b -> Int32 in
                    stream.next_out = b.baseAddress
                    stream.avail_out = uInt(size)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                bytes += buffer[..<(size - Int(stream.avail_out))]
                switch status {
                case Z_OK: continue
                case Z_STREAM_END: return Outcome(kind: .ended, bytes: bytes)
                case Z_BUF_ERROR: return Outcome(kind: .starved, bytes: bytes)
                default: return Outcome(kind: .invalid, bytes: bytes)
                }
            }
        }
    }

    /// The inflater reads the zlib wrapper itself (zlib inflates the data raw, the
    /// checksum is libdeflate's): on 20,000 streams it ends, runs out and refuses exactly
    /// where zlib's own inflate does, with the same bytes. The streams: every level and
    /// window, cut anywhere (inside the header and the checksum too), a bit flipped, the
    /// checksum changed, a random or dictionary header, garbage after the end, and the
    /// shortest inputs.
    @Test func itReadsWhatZlibReadsAndRefusesWhatItRefuses() throws {
        var random = SplitMix(seed: 99)
        var sizesA = SplitMix(seed: 5), sizesB = SplitMix(seed: 5)
        var kinds: [Outcome.Kind: Int] = [:]
        for round in 0..<20_000 {
            let length = Int(random.next() % 3000)
            let plain = (0..<length).map { i in UInt8(truncatingIfNeeded: (i / Int(random.next() % 9 + 1)) % 37) }
            var stream = z_stream()
            let level = Int32(random.next() % 10), window = Int32(random.next() % 7) + 9
            #expect(deflateInit2_(&stream, level, Z_DEFLATED, window, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
                                  Int32(MemoryLayout<z_stream>.size)) == Z_OK)
            var out = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(length))) + 16)
            var input = plain
            input.withUnsafeMutableBufferPointer { i in
                out.withUnsafeMutableBufferPointer { o in
                    stream.next_in = i.baseAddress; stream.avail_in = uInt(i.count)
                    stream.next_out = o.baseAddress; stream.avail_out = uInt(o.count)
                    _ = deflate(&stream, Z_FINISH)
                }
            }
            var zlib = Array(out[..<Int(stream.total_out)])
            deflateEnd(&stream)
            switch round % 8 {
            case 0: break
            case 1: zlib = Array(zlib[..<Int(random.next() % UInt64(zlib.count + 1))])
            case 2: zlib = Array(zlib[..<max(0, zlib.count - Int(random.next() % 5))])
            case 3: zlib[Int(random.next() % UInt64(zlib.count))] ^= UInt8(1 << (random.next() % 8))
            case 4: zlib[zlib.count - 1 - Int(random.next() % 4)] ^= 0x40
            case 5: zlib[0] = UInt8(truncatingIfNeeded: random.next()); zlib[1] = UInt8(truncatingIfNeeded: random.next())
            case 6: zlib += (0..<Int(random.next() % 9)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            default:
                // A dictionary header (0x78 0xBB: check bits right) and 0 to 7 more bytes.
                zlib = [0x78, 0xBB] + (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                zlib = Array(zlib[..<Int(random.next() % UInt64(zlib.count + 1))])
            }
            let mine = Self.readAll(zlib, sizes: &sizesA), theirs = Self.zlibReadsAll(zlib, sizes: &sizesB)
            if mine != theirs { Issue.record("round \(round): \(zlib.prefix(8)) (\(zlib.count) bytes): \(mine.kind), zlib \(theirs.kind)") }
            kinds[theirs.kind, default: 0] += 1
            // Both generators must stay in step for the next round.
            sizesA = SplitMix(seed: random.next()); sizesB = sizesA
        }
        // Every kind of outcome was met often.
        #expect(kinds.values.allSatisfy { $0 > 1000 } && kinds.count == 3, "\(kinds)")
        // An empty buffer is given nothing, whatever the stream.
        let empty = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)
        #expect(ZlibInflater([0x00, 0x00])!.read(into: empty) == 0)
    }
}
