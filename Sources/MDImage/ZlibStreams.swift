import CLibDeflate
import CZlib

/// Inflates zlib data a piece at a time into buffers the caller gives, so that no
/// buffer the size of the inflated data is ever needed (a 3000 × 1500 RGBA screenshot
/// inflates to 18 MB).
///
/// The zlib wrapper (RFC 1950: a two-byte header, an Adler-32 checksum of the inflated
/// bytes after the deflate data) is read here and the deflate data given to zlib raw:
/// zlib's own checksum is byte by byte and took about 40 % of inflating a screenshot,
/// libdeflate's (vectorised) a tenth of that. What is accepted and refused is zlib's:
/// a header zlib refuses, or a checksum that does not match, is invalid data.
public final class ZlibInflater {
    private var stream = z_stream()
    private let input: [UInt8]
    /// Input bytes zlib has taken so far.
    private var consumed = 0
    private var ended = false
    /// The header is refused (zlib: "incorrect header check" and the like).
    private let badHeader: Bool
    /// The Adler-32 checksum of the bytes inflated so far.
    private var checksum: UInt32 = 1

    /// nil when zlib cannot start.
    public init?(_ zlib: [UInt8]) {
        input = zlib
        badHeader = zlib.count >= 2 && !Self.acceptsHeader(zlib[0], zlib[1])
        // Raw deflate data, with the largest window: it reads data made with any smaller one.
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        consumed = min(2, zlib.count)
    }

    deinit { inflateEnd(&stream) }

    /// Whether zlib takes `cmf`, `flg` as a stream's header: deflate with a window of at
    /// most 32 KB, the check bits right, no preset dictionary (PNG has none).
    static func acceptsHeader(_ cmf: UInt8, _ flg: UInt8) -> Bool {
        cmf & 0x0F == 8 && cmf >> 4 <= 7 && (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 && flg & 0x20 == 0
    }

    /// Fills `buffer` with the next inflated bytes. Returns how many it wrote: fewer than
    /// its size only when the stream ended (or its data ran out) first; nil when the data
    /// is not a valid zlib stream.
    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        if badHeader { return nil }
        var written = 0
        while written < buffer.count && !ended {
            let before = written
            let status = input.withUnsafeBufferPointer { all -> Int32 in
                // zlib keeps what it needs of earlier input in its own window: the
                // array's storage is pointed at afresh each call.
                stream.next_in = UnsafeMutablePointer(mutating: all.baseAddress.map { $0 + consumed })
                stream.avail_in = uInt(all.count - consumed)
                stream.next_out = buffer.baseAddress! + written
                stream.avail_out = uInt(buffer.count - written)
                let status = inflate(&stream, Z_NO_FLUSH)
                consumed = all.count - Int(stream.avail_in)
                written = buffer.count - Int(stream.avail_out)
                return status
            }
            if written > before {
                checksum = UInt32(libdeflate_adler32(UInt32(checksum), buffer.baseAddress! + before, written - before))
            }
            switch status {
            case Z_OK: continue
            case Z_STREAM_END:
                // The checksum follows the deflate data; zlib waits for it as for more data.
                guard consumed + 4 <= input.count else { return written }
                let stored = input[consumed..<(consumed + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                guard stored == checksum else { return nil }
                consumed += 4
                ended = true
            // No progress possible: the input is used up before the stream's end.
            case Z_BUF_ERROR: return written
            default: return nil
            }
        }
        return written
    }
}

/// Deflates bytes handed over a piece at a time into one zlib stream. zlib makes the
/// same bytes however the input is cut into pieces (nothing is flushed before the end),
/// so the output is that of deflating all of it at once.
public final class ZlibDeflater {
    private var stream = z_stream()
    private var output: [UInt8] = []
    private var piece: UnsafeMutablePointer<UInt8>
    private static let pieceSize = 64 * 1024
    private var failure: Int32?

    /// nil when zlib cannot start at `level`.
    public init?(level: Int32) {
        piece = .allocate(capacity: Self.pieceSize)
        guard deflateInit_(&stream, level, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            piece.deallocate()
            return nil
        }
    }

    deinit {
        deflateEnd(&stream)
        piece.deallocate()
    }

    /// Deflates `bytes` (output may come later).
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty, failure == nil else { return }
        stream.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.avail_in = uInt(bytes.count)
        while stream.avail_in > 0 && failure == nil { run(Z_NO_FLUSH) }
    }

    /// Ends the stream: the zlib data of everything appended, or zlib's error.
    public func finish() -> Result<[UInt8], ZlibError> {
        stream.avail_in = 0
        var status = Z_OK
        while status == Z_OK && failure == nil { status = run(Z_FINISH) }
        if let failure { return .failure(ZlibError(code: failure)) }
        guard status == Z_STREAM_END else { return .failure(ZlibError(code: status)) }
        defer { output = [] }
        return .success(output)
    }

    /// One call of `deflate`, its output kept.
    @discardableResult
    private func run(_ flush: Int32) -> Int32 {
        stream.next_out = piece
        stream.avail_out = uInt(Self.pieceSize)
        let status = deflate(&stream, flush)
        // Z_BUF_ERROR: no progress was possible this call, which is no error.
        if status != Z_OK && status != Z_STREAM_END && status != Z_BUF_ERROR { failure = status }
        output.append(contentsOf: UnsafeBufferPointer(start: piece, count: Self.pieceSize - Int(stream.avail_out)))
        return status
    }
}

/// A zlib error code.
public struct ZlibError: Error, Sendable {
    public var code: Int32
}
