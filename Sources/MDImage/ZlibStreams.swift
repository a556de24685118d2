import CLibDeflate
import CZlib

/// Inflates zlib data a piece at a time into buffers the caller gives, so that no
/// buffer the size of the inflated data is ever needed (a 3000 × 1500 RGBA screenshot
/// inflates to 18 MB).
///
/// The zlib wrapper (RFC 1950: a two-byte header, an Adler-32 checksum of the inflated
/// bytes after the deflate data) is read here and the deflate data given to zlib raw:
/// zlib's own checksum is byte by byte and took more than half of zlib's time inflating
/// a screenshot (perf samples), libdeflate's (vectorised) about a tenth of that. What is
/// accepted and refused is what zlib's own inflate accepts and refuses, given the same
/// bytes: a header it refuses, or a checksum that does not match, is invalid data; a
/// header or checksum cut short is data that ran out (the tests run both side by side).
public final class ZlibInflater {
    /// Where the stream stands after a read.
    public enum State: Sendable, Equatable {
        /// More may come.
        case reading
        /// The stream ended, its checksum matched.
        case ended
        /// The data ran out before the stream's end (cut short).
        case starved
        /// The data is not a valid zlib stream (reads say nil from now on, or from the
        /// next read when this one still gave bytes).
        case invalid
    }

    public private(set) var state = State.reading
    private var stream = z_stream()
    private let input: [UInt8]
    /// Input bytes zlib has taken so far.
    private var consumed = 0
    /// The Adler-32 checksum of the bytes inflated so far.
    private var checksum: UInt32 = 1

    /// nil when zlib cannot start.
    public init?(_ zlib: [UInt8]) {
        input = zlib
        // Raw deflate data, with the largest window: it reads data made with any smaller
        // one, as zlib's own inflate (window 15) does whatever the header says.
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        switch Self.header(zlib) {
        case .accepted: consumed = 2
        case .refused: state = .invalid
        case .cutShort: state = .starved
        }
    }

    deinit { inflateEnd(&stream) }

    enum Header { case accepted, refused, cutShort }

    /// The stream's header as zlib's inflate reads it: the check bits, the method
    /// (deflate) and the window (at most 32 KB) first; then a preset dictionary (PNG has
    /// none), refused once its 4-byte id is there (zlib asks for the dictionary).
    static func header(_ bytes: [UInt8]) -> Header {
        guard bytes.count >= 2 else { return .cutShort }
        let cmf = bytes[0], flg = bytes[1]
        guard (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0, cmf & 0x0F == 8, cmf >> 4 <= 7 else { return .refused }
        guard flg & 0x20 == 0 else { return bytes.count >= 6 ? .refused : .cutShort }
        return .accepted
    }

    /// Fills `buffer` with the next inflated bytes. Returns how many it wrote: fewer than
    /// its size only when the stream ended, its data ran out, or its data turned out
    /// invalid after those bytes (`state` tells which; the next read then says nil); nil
    /// when the data is not a valid zlib stream.
    public func read(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        guard !buffer.isEmpty else { return 0 }
        var written = 0
        while written < buffer.count && state == .reading {
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
                guard consumed + 4 <= input.count else { state = .starved; break }
                let stored = input[consumed..<(consumed + 4)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                consumed += 4
                state = stored == checksum ? .ended : .invalid
            // No progress possible: the input is used up before the stream's end.
            case Z_BUF_ERROR: state = .starved
            default: state = .invalid
            }
        }
        if state == .invalid && written == 0 { return nil }
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
