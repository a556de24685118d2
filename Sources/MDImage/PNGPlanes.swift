import CZlib
import Foundation
import MDCore

/// A PNG's pixels in the form a PDF image can take without going through a decoder
/// that turns them into premultiplied ARGB first (cairo's): either the compressed data
/// as stored, which a PDF reads directly (FlateDecode with the PNG predictors), or, when
/// the file has an alpha channel (which a PDF image keeps in a separate soft mask), the
/// color and alpha channels inflated and apart.
///
/// Only the common kinds are taken: not interlaced, no `tRNS` transparency, 8 bits per
/// channel (or fewer for gray and indexed images); `inspect` returns nil for the others
/// (cairo decodes them). cairo's decoder changes the values of none of the kinds taken
/// (it applies no gamma; it expands gray and indexed pixels to RGB, as a PDF reader
/// does), so the PDF shows the same pixels.
public enum PNGPlanes: Sendable {
    /// The IDAT data as stored: one zlib stream of rows, each after its filter byte, of
    /// `bitsPerChannel` (8; 1, 2 or 4 for gray and indexed images) bits a channel.
    /// `palette` (RGB triples) for an indexed image.
    case stored(zlib: [UInt8], channels: Int, bitsPerChannel: Int, palette: [UInt8]?)
    /// Gray or RGB values (`colorChannels` bytes a pixel, rows without filter bytes)
    /// and the alpha values (a byte a pixel), nil when every pixel is opaque.
    case separated(color: [UInt8], colorChannels: Int, alpha: [UInt8]?)

    /// What `inspect` finds: the planes as stored, or an image with alpha whose planes
    /// `separate` takes apart (the costly part: inflating and unfiltering every row).
    public enum Layout: Sendable {
        case stored(PNGPlanes)
        case withAlpha(zlib: [UInt8], colorChannels: Int)
    }

    /// The planes of a PNG file of `width` × `height` pixels (the size the style stage
    /// checked); nil when the file is a kind not taken here, and a problem when it is not
    /// the file that was checked or its data does not decode.
    public static func read(_ b: [UInt8], width: Int, height: Int) -> Result<PNGPlanes, ImageProblem>? {
        switch inspect(b, width: width, height: height) {
        case nil: return nil
        case .failure(let problem)?: return .failure(problem)
        case .success(.stored(let planes))?: return .success(planes)
        case .success(.withAlpha(let zlib, let colorChannels))?:
            return separate(zlib, colorChannels: colorChannels, width: width, height: height)
        }
    }

    /// The file's kind and compressed data, from its chunks alone (each critical one's
    /// checksum checked); nil for a kind not taken here.
    public static func inspect(_ b: [UInt8], width: Int, height: Int) -> Result<Layout, ImageProblem>? {
        guard case .success(let h) = PNGCheck.header(b) else { return .failure(.corrupt(format: .png, reason: "it changed while converting")) }
        guard h.width == width, h.height == height else { return .failure(.corrupt(format: .png, reason: "it changed while converting")) }
        guard h.bitDepth == 8 || (h.bitDepth < 8 && (h.colorType == 0 || h.colorType == 3)), !h.interlaced else { return nil }
        let chunks: Chunks
        switch Chunks.read(b) {
        case .success(let c): chunks = c
        case .failure(let problem): return .failure(problem)
        }
        guard !chunks.hasTransparency else { return nil }
        switch h.colorType {
        case 0: return .success(.stored(.stored(zlib: chunks.data, channels: 1, bitsPerChannel: h.bitDepth, palette: nil)))
        case 2: return .success(.stored(.stored(zlib: chunks.data, channels: 3, bitsPerChannel: 8, palette: nil)))
        case 3:
            guard let palette = chunks.palette else { return .failure(.corrupt(format: .png, reason: "it has no valid palette")) }
            return .success(.stored(.stored(zlib: chunks.data, channels: 1, bitsPerChannel: h.bitDepth, palette: palette)))
        case 4: return .success(.withAlpha(zlib: chunks.data, colorChannels: 1))
        case 6: return .success(.withAlpha(zlib: chunks.data, colorChannels: 3))
        default: return nil
        }
    }

    /// The color and alpha planes of an image with alpha (`inspect`'s `withAlpha`).
    public static func separate(_ zlib: [UInt8], colorChannels: Int, width: Int, height: Int) -> Result<PNGPlanes, ImageProblem> {
        guard var pixels = unfiltered(zlib, width: width, height: height, bytesPerPixel: colorChannels + 1) else {
            return .failure(.corrupt(format: .png, reason: "its image data does not decode"))
        }
        let alpha = split(&pixels, colorChannels: colorChannels)
        return .success(.separated(color: pixels, colorChannels: colorChannels, alpha: alpha))
    }

    /// The chunks that matter here, every critical one's checksum checked (as libpng does).
    struct Chunks {
        var data: [UInt8] = []
        var palette: [UInt8]?
        var hasTransparency = false

        static func read(_ b: [UInt8]) -> Result<Chunks, ImageProblem> {
            var c = Chunks()
            var i = 8
            while i + 12 <= b.count {
                let length = PNGCheck.be32(b, i)
                guard length <= b.count - i - 12 else { break }
                let type = String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self)
                if b[i + 4] & 0x20 == 0, PNGCheck.crc(b[(i + 4)..<(i + 8 + length)]) != UInt32(PNGCheck.be32(b, i + 8 + length)) {
                    return .failure(.corrupt(format: .png, reason: "the checksum of its \(type) chunk is wrong"))
                }
                switch type {
                case "PLTE" where length > 0 && length % 3 == 0 && length <= 768: c.palette = Array(b[(i + 8)..<(i + 8 + length)])
                case "tRNS": c.hasTransparency = true
                case "IDAT": c.data += b[(i + 8)..<(i + 8 + length)]
                case "IEND": return c.data.isEmpty ? .failure(.corrupt(format: .png, reason: "it has no image data")) : .success(c)
                default: break
                }
                i += 12 + length
            }
            return .failure(.corrupt(format: .png, reason: "it has no IEND chunk (cut short?)"))
        }
    }

    /// The image's rows inflated and unfiltered (PNG filter types 0–4), without their
    /// filter bytes; nil when the data is not a zlib stream of exactly that many rows.
    /// One buffer the size of the inflated data holds it all (rows are undone in place).
    static func unfiltered(_ zlib: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int) -> [UInt8]? {
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: bpp)
        let (size, o2) = (rowBytes + 1).multipliedReportingOverflow(by: height)
        guard !o1, !o2, width > 0, height > 0 else { return nil }
        guard var pixels = inflated(zlib, size: size) else { return nil }
        let ok = pixels.withUnsafeMutableBufferPointer { unfilter($0.baseAddress!, rowBytes: rowBytes, rows: height, bpp: bpp) }
        guard ok else { return nil }
        pixels.removeLast(height)
        return pixels
    }

    /// The first `size` bytes `zlib` inflates to; nil when it holds fewer or is not zlib
    /// data. (More is fine: libpng ignores what follows the rows.)
    public static func inflated(_ zlib: [UInt8], size: Int) -> [UInt8]? {
        var status = Z_OK
        let out = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var produced = uLongf(size)
            status = zlib.withUnsafeBufferPointer { uncompress(buffer.baseAddress, &produced, $0.baseAddress, uLong($0.count)) }
            initialized = Int(produced)
        }
        // Z_BUF_ERROR: `size` bytes came out and the stream holds more.
        guard status == Z_OK || status == Z_BUF_ERROR, out.count == size else { return nil }
        return out
    }

    /// Undoes each row's filter (PNG specification, section 9) in place: `buffer` holds
    /// the rows with their filter bytes (`n` + 1 bytes a row, `n` ≥ `bpp`) and ends with
    /// them without, from its start. Row y moves y + 1 bytes toward the start, so each
    /// byte is written only where bytes already read were (every loop reads a byte, or
    /// a vector of them, before writing at or below it), and the row above, finished
    /// before, is never written again. The row above the first is zeros. False on a
    /// filter type above 4. Four-byte pixels (RGBA, the common case) are worked a pixel
    /// at a time in SIMD lanes.
    private static func unfilter(_ buffer: UnsafeMutablePointer<UInt8>, rowBytes n: Int, rows: Int, bpp: Int) -> Bool {
        let zeros = UnsafeMutablePointer<UInt8>.allocate(capacity: n)
        zeros.initialize(repeating: 0, count: n)
        defer { zeros.deallocate() }
        for y in 0..<rows {
            let filter = buffer[y * (n + 1)]
            let src = UnsafePointer(buffer + y * (n + 1) + 1)
            let row = buffer + y * n
            let up = UnsafePointer(y > 0 ? buffer + (y - 1) * n : zeros)
            switch filter {
            case 0:
                memmove(row, src, n)
            case 2:  // Up
                var x = 0
                while x + 16 <= n {
                    store(load16(src + x) &+ load16(up + x), row + x)
                    x += 16
                }
                while x < n { row[x] = src[x] &+ up[x]; x += 1 }
            case 1 where bpp == 4, 3 where bpp == 4, 4 where bpp == 4:
                unfilterPixels4(filter, src, row, up, n)
            case 1:  // Sub
                for x in 0..<bpp { row[x] = src[x] }
                for x in bpp..<n { row[x] = src[x] &+ row[x - bpp] }
            case 3:  // Average
                for x in 0..<bpp { row[x] = src[x] &+ up[x] >> 1 }
                for x in bpp..<n { row[x] = src[x] &+ UInt8((UInt16(row[x - bpp]) + UInt16(up[x])) >> 1) }
            case 4:  // Paeth; with nothing to the left it picks the byte above
                for x in 0..<bpp { row[x] = src[x] &+ up[x] }
                for x in bpp..<n {
                    let a = Int(row[x - bpp]), b = Int(up[x]), c = Int(up[x - bpp])
                    let pa = abs(b - c), pb = abs(a - c), pc = abs(a + b - 2 * c)
                    row[x] = src[x] &+ UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
                }
            default:
                return false
            }
        }
        return true
    }

    /// Sub, Average or Paeth over a row of 4-byte pixels, the four channels of a pixel
    /// in the lanes of one vector; the same arithmetic as the byte-wise loops.
    private static func unfilterPixels4(_ filter: UInt8, _ src: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
                                        _ up: UnsafePointer<UInt8>, _ n: Int) {
        var left = SIMD4<Int16>(repeating: 0), upLeft = SIMD4<Int16>(repeating: 0)
        var x = 0
        while x < n {
            let s = SIMD4<Int16>(truncatingIfNeeded: load4(src + x))
            let b = SIMD4<Int16>(truncatingIfNeeded: load4(up + x))
            let predicted: SIMD4<Int16>
            switch filter {
            case 1: predicted = left
            case 3: predicted = (left &+ b) &>> 1
            default:
                let pa = magnitude(b &- upLeft), pb = magnitude(left &- upLeft), pc = magnitude(left &+ b &- 2 &* upLeft)
                let pickA = (pa .<= pb) .& (pa .<= pc), pickB = pb .<= pc
                predicted = upLeft.replacing(with: b, where: pickB).replacing(with: left, where: pickA)
            }
            let value = (s &+ predicted) & 0xFF
            store(SIMD4<UInt8>(truncatingIfNeeded: value), row + x)
            left = value
            upLeft = b
            x += 4
        }
    }

    private static func magnitude(_ v: SIMD4<Int16>) -> SIMD4<Int16> { v.replacing(with: 0 &- v, where: v .< 0) }

    @inline(__always) private static func load16(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
    }

    @inline(__always) private static func load4(_ p: UnsafePointer<UInt8>) -> SIMD4<UInt8> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD4<UInt8>.self)
    }

    @inline(__always) private static func store<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self)
    }

    /// Takes the alpha channel out of `pixels`, which keeps the color values (compacted in
    /// place, each pixel's written where its own or earlier ones were read); the alpha
    /// values, nil when every pixel is opaque (as cairo leaves out the soft mask of an
    /// opaque image).
    static func split(_ pixels: inout [UInt8], colorChannels: Int) -> [UInt8]? {
        let bpp = colorChannels + 1
        let count = pixels.count / bpp
        var alpha = [UInt8](repeating: 0, count: count)
        var allOpaque: UInt8 = 255
        pixels.withUnsafeMutableBufferPointer { p in
            alpha.withUnsafeMutableBufferPointer { a in
                guard var from = p.baseAddress, let aBase = a.baseAddress else { return }
                var to = from
                if colorChannels == 3 {
                    for i in 0..<count {
                        let value = from[3]
                        to[0] = from[0]; to[1] = from[1]; to[2] = from[2]
                        aBase[i] = value
                        allOpaque &= value
                        from += 4; to += 3
                    }
                } else {
                    for i in 0..<count {
                        let gray = from[2 * i], value = from[2 * i + 1]
                        to[i] = gray
                        aBase[i] = value
                        allOpaque &= value
                    }
                }
            }
        }
        pixels.removeLast(pixels.count - count * colorChannels)
        return allOpaque == 255 ? nil : alpha
    }
}
