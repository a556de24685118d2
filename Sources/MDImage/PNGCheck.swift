import CLibDeflate
import CZlib
import MDCore

/// Checks a whole PNG file the way libpng (cairo's decoder) will read it, so that an
/// image that reaches layout also draws: the signature, IHDR first with a valid bit
/// depth and color type, a palette when the color type needs one, the CRC of every
/// critical chunk, no unknown critical chunk, an IEND, and image data that inflates to
/// at least the bytes the header promises, each row starting with a filter type 0–4.
///
/// Inflating costs about as much as cairo's own decode; the caller checks the pixel
/// size first (the pixel budget), so a small file cannot make this inflate gigabytes.
enum PNGCheck {
    struct Header: Equatable {
        var width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool
    }

    /// The header of a file that starts like a PNG, or why it is not one.
    static func header(_ b: [UInt8]) -> Result<Header, ImageProblem> {
        guard b.count >= 33, Array(b[12..<16]) == Array("IHDR".utf8), be32(b, 8) == 13 else {
            return .failure(.corrupt(format: .png, reason: "its header is cut short or does not start with IHDR"))
        }
        guard crc(b[12..<29]) == UInt32(be32(b, 29)) else { return .failure(.corrupt(format: .png, reason: "its header's checksum is wrong")) }
        let h = Header(width: be32(b, 16), height: be32(b, 20), bitDepth: Int(b[24]), colorType: Int(b[25]),
                       interlaced: b[28] == 1)
        let depths: [Int: [Int]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard h.width > 0, h.height > 0, depths[h.colorType]?.contains(h.bitDepth) == true,
              b[26] == 0, b[27] == 0, b[28] <= 1 else {
            return .failure(.corrupt(format: .png, reason: "its header has an invalid size, bit depth or color type"))
        }
        return .success(h)
    }

    /// nil when the whole file will decode; otherwise what is wrong.
    static func problem(_ b: [UInt8], _ h: Header) -> String? {
        var i = 8, data: [UInt8] = [], hasPalette = false, ended = false
        while i + 12 <= b.count {
            let length = be32(b, i)
            guard length <= b.count - i - 12 else { return "a chunk runs past the end of the file (cut short?)" }
            let type = Array(b[(i + 4)..<(i + 8)])
            let critical = type[0] & 0x20 == 0
            if critical, crc(b[(i + 4)..<(i + 8 + length)]) != UInt32(be32(b, i + 8 + length)) {
                return "the checksum of its \(String(decoding: type, as: UTF8.self)) chunk is wrong"
            }
            switch String(decoding: type, as: UTF8.self) {
            case "IHDR": if i != 8 { return "it has a second IHDR chunk" }
            case "PLTE": hasPalette = length > 0 && length % 3 == 0 && length <= 768
            case "IDAT": data += b[(i + 8)..<(i + 8 + length)]
            case "IEND": ended = true
            default: if critical { return "it has an unknown critical chunk" }
            }
            if ended { break }
            i += 12 + length
        }
        if !ended { return "it has no IEND chunk (cut short?)" }
        if h.colorType == 3 && !hasPalette { return "it has no valid palette" }
        if data.isEmpty { return "it has no image data" }
        return inflateProblem(data, rows: RowLayout(h))
    }

    /// Where each row of the inflated stream starts (its filter byte), pass by pass.
    struct RowLayout {
        /// (rows, bytes per row including the filter byte) per non-empty pass.
        var passes: [(rows: Int, rowBytes: Int)]
        var total: Int { passes.reduce(0) { $0 + $1.rows * $1.rowBytes } }

        init(_ h: Header) {
            let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][h.colorType] ?? 1
            let bits = channels * h.bitDepth
            func rowBytes(_ width: Int) -> Int { 1 + (width * bits + 7) / 8 }
            guard h.interlaced else { passes = [(h.height, rowBytes(h.width))]; return }
            // Adam7: (first row, first column, row step, column step) of the seven passes.
            let adam7 = [(0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2), (1, 0, 2, 1)]
            passes = adam7.compactMap { r0, c0, dr, dc in
                let w = h.width > c0 ? (h.width - c0 + dc - 1) / dc : 0
                let n = h.height > r0 ? (h.height - r0 + dr - 1) / dr : 0
                return w > 0 && n > 0 ? (n, rowBytes(w)) : nil
            }
        }
    }

    /// Inflates `data` in chunks, checking each row's filter byte; nil when at least
    /// `rows.total` bytes come out with valid filter bytes. Rows of up to
    /// `wholeInflateLimit` bytes are first inflated whole (`inflatesToRows`); whatever
    /// that does not settle comes here, to zlib (`ZlibInflater`), which tells what is wrong.
    private static func inflateProblem(_ data: [UInt8], rows: RowLayout) -> String? {
        if inflatesToRows(data, rows) == true { return nil }
        guard let inflater = ZlibInflater(data) else { return "zlib cannot start" }
        let expected = rows.total
        var produced = 0
        var pass = 0, rowInPass = 0, nextRowStart = 0
        var out = [UInt8](repeating: 0, count: 64 * 1024)
        reading: while produced < expected {
            guard let n = out.withUnsafeMutableBufferPointer({ inflater.read(into: $0) }) else {
                return "its image data is not valid compressed data"
            }
            // Check the filter byte of every row that starts in this chunk.
            while pass < rows.passes.count, nextRowStart < produced + n {
                if out[nextRowStart - produced] > 4 { return "a row has an invalid filter type" }
                nextRowStart += rows.passes[pass].rowBytes
                rowInPass += 1
                if rowInPass == rows.passes[pass].rows { pass += 1; rowInPass = 0 }
            }
            produced += n
            switch inflater.state {
            case .reading: continue
            case .ended: break reading
            // Data that runs out before the rows do is not valid data, as zlib says.
            case .starved: if produced < expected { return "its image data is not valid compressed data" }
            case .invalid: return "its image data is not valid compressed data"
            }
        }
        return produced < expected ? "its image data is cut short (\(produced) of \(expected) bytes)" : nil
    }

    /// The most inflated bytes `inflatesToRows` holds at once (2 MB: a 700 × 700 RGBA
    /// image); larger images are checked by zlib a piece at a time. Styling, which runs
    /// the check, goes on beside layout, drawing and the image worker (whose plane of a
    /// screenshot is 13.5 MB): a whole 3000 × 1500 RGBA screenshot (18 MB) held here
    /// came on top of everything they hold: 7 MB of the Rust book's peak and 13 MB of
    /// chapters 1–14's. zlib costs about 4 ms more CPU time per such screenshot.
    static let wholeInflateLimit = 2 << 20

    /// Whether `data` inflates (libdeflate, checksum included) to exactly the rows, each
    /// with a valid filter byte; nil when that is not known here (too large, more or fewer
    /// bytes, not valid data: zlib then reads it a piece at a time and names the
    /// problem). libdeflate takes a fifth of zlib's instructions, much of the difference
    /// zlib's checksum (the Rust book's four screenshots: 0.40 G → 0.08 G), but needs
    /// the rows whole, in pages mapped for the check and given back after it.
    private static func inflatesToRows(_ data: [UInt8], _ rows: RowLayout) -> Bool? {
        let expected = rows.total
        guard expected > 0, expected <= wholeInflateLimit, let out = MappedPages(size: expected),
              let inflater = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(inflater) }
        var produced = 0
        let result = data.withUnsafeBytes {
            libdeflate_zlib_decompress(inflater, $0.baseAddress, $0.count, out.base, expected, &produced)
        }
        guard result == LIBDEFLATE_SUCCESS, produced == expected else { return nil }
        var start = 0
        for pass in rows.passes {
            for _ in 0..<pass.rows {
                if out.base[start] > 4 { return nil }
                start += pass.rowBytes
            }
        }
        return true
    }

    static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    static func crc(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
    }
}
