import CPixelPlanes
import CZlib
import FoundationEssentials
import Glibc
import MDCore

/// A PNG's pixels in the form a PDF image can take without going through a decoder
/// that turns them into premultiplied ARGB first (cairo's): either the compressed data
/// as stored, which a PDF reads directly (FlateDecode with the PNG predictors), or, when
/// the file has an alpha channel (which a PDF image keeps in a separate soft mask), the
/// color and alpha channels taken apart a row at a time (`separate`).
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

    /// What `inspect` finds: the planes as stored, or an image with alpha whose planes
    /// `separate` takes apart (the costly part: inflating and unfiltering every row).
    public enum Layout: Sendable {
        case stored(PNGPlanes)
        case withAlpha(zlib: [UInt8], colorChannels: Int)
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

    /// Takes the color and alpha planes of an image with alpha (`inspect`'s `withAlpha`)
    /// apart, a row at a time from the top: `color` is given each row's gray or RGB
    /// values (`colorChannels` bytes a pixel), `alpha` its alpha values (a byte a pixel)
    /// and whether they are all 255.
    /// Only two rows are held, never the image. True when every pixel is opaque (a PDF
    /// then needs no soft mask, as cairo leaves it out); a problem when the data is not a
    /// zlib stream of at least that many rows (more is fine: libpng ignores what follows).
    public static func separate(_ zlib: [UInt8], colorChannels: Int, width: Int, height: Int,
                                color: (UnsafeBufferPointer<UInt8>) -> Void,
                                alpha: (_ row: UnsafeBufferPointer<UInt8>, _ opaque: Bool) -> Void) -> Result<Bool, ImageProblem> {
        let bpp = colorChannels + 1
        let (n, overflow) = width.multipliedReportingOverflow(by: bpp)
        guard !overflow, width > 0, height > 0, let inflater = ZlibInflater(zlib) else {
            return .failure(.corrupt(format: .png, reason: "its image data does not decode"))
        }
        // The row as stored (filter byte first), the row unfiltered, the one above it
        // (zeros above the first), and the row's two planes.
        let raw = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n + 1)
        var row = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n)
        var above = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: n)
        let colorRow = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width * colorChannels)
        let alphaRow = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: width)
        defer { for b in [raw, row, above, colorRow, alphaRow] { b.deallocate() } }
        above.initialize(repeating: 0)
        var allOpaque: UInt8 = 255
        for _ in 0..<height {
            guard inflater.read(into: raw) == n + 1,
                  unfilter(raw[0], UnsafePointer(raw.baseAddress! + 1), row.baseAddress!, UnsafePointer(above.baseAddress!),
                           n, bpp)
            else { return .failure(.corrupt(format: .png, reason: "its image data does not decode")) }
            let rowAlpha = split(UnsafeBufferPointer(row), colorChannels: colorChannels, color: colorRow, alpha: alphaRow)
            allOpaque &= rowAlpha
            color(UnsafeBufferPointer(colorRow))
            alpha(UnsafeBufferPointer(alphaRow), rowAlpha == 255)
            swap(&row, &above)
        }
        // The stream's end, when the rows are all of it, with its checksum checked (as
        // zlib's `uncompress` does).
        guard inflater.read(into: UnsafeMutableBufferPointer(rebasing: raw[0..<1])) != nil else {
            return .failure(.corrupt(format: .png, reason: "its image data does not decode"))
        }
        return .success(allOpaque == 255)
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

    /// Undoes one row's filter (PNG specification, section 9): `src` holds the row as
    /// stored (`n` bytes after its filter byte `filter`, `n` ≥ `bpp`), `up` the row above
    /// unfiltered (zeros above the first); the values go to `row`. False on a filter type
    /// above 4. Four-byte pixels (RGBA, the common case) are worked a pixel at a time in
    /// SIMD lanes.
    private static func unfilter(_ filter: UInt8, _ src: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
                                 _ up: UnsafePointer<UInt8>, _ n: Int, _ bpp: Int) -> Bool {
        switch filter {
        case 0:
            row.update(from: src, count: n)
        case 2:  // Up
            var x = 0
            while x + 16 <= n {
                store(load16(src + x) &+ load16(up + x), row + x)
                x += 16
            }
            while x < n { row[x] = src[x] &+ up[x]; x += 1 }
        case 4 where bpp == 4:
            unfilterPaeth4(src, row, up, n)
        case 1 where bpp == 4, 3 where bpp == 4:
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
        return true
    }

    /// Sub or Average over a row of 4-byte pixels, the four channels of a pixel in the
    /// lanes of one vector; the same arithmetic as the byte-wise loops.
    private static func unfilterPixels4(_ filter: UInt8, _ src: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
                                        _ up: UnsafePointer<UInt8>, _ n: Int) {
        var left = SIMD4<Int16>(repeating: 0)
        var x = 0
        while x < n {
            let s = SIMD4<Int16>(truncatingIfNeeded: load4(src + x))
            let b = SIMD4<Int16>(truncatingIfNeeded: load4(up + x))
            // Sub, or Average.
            let predicted = filter == 1 ? left : (left &+ b) &>> 1
            let value = (s &+ predicted) & 0xFF
            store(SIMD4<UInt8>(truncatingIfNeeded: value), row + x)
            left = value
            x += 4
        }
    }

    /// Paeth over a row of 4-byte pixels. Where the pixel above equals the one above
    /// and to the left, Paeth predicts the left pixel (p = a + b − c = a exactly), which
    /// needs no distances: in a screenshot's flat areas that is nearly every pixel, and
    /// the Paeth rows were the unfiltering's cost (each pixel waits for its left one).
    private static func unfilterPaeth4(_ src: UnsafePointer<UInt8>, _ row: UnsafeMutablePointer<UInt8>,
                                       _ up: UnsafePointer<UInt8>, _ n: Int) {
        var left = SIMD4<UInt8>(repeating: 0), upLeft = SIMD4<UInt8>(repeating: 0)
        var x = 0
        while x < n {
            let s = load4(src + x), b = load4(up + x)
            let value: SIMD4<UInt8>
            if b == upLeft {
                value = s &+ left
            } else {
                let a16 = SIMD4<Int16>(truncatingIfNeeded: left), b16 = SIMD4<Int16>(truncatingIfNeeded: b)
                let c16 = SIMD4<Int16>(truncatingIfNeeded: upLeft)
                let pa = magnitude(b16 &- c16), pb = magnitude(a16 &- c16), pc = magnitude(a16 &+ b16 &- 2 &* c16)
                let pickA = (pa .<= pb) .& (pa .<= pc), pickB = pb .<= pc
                let predicted = c16.replacing(with: b16, where: pickB).replacing(with: a16, where: pickA)
                value = s &+ SIMD4<UInt8>(truncatingIfNeeded: predicted)
            }
            store(value, row + x)
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

    /// Takes a row of pixels apart: its color values into `color`, its alpha values into
    /// `alpha`; the AND of the alpha values (255 when every pixel is opaque).
    static func split(_ pixels: UnsafeBufferPointer<UInt8>, colorChannels: Int, color: UnsafeMutableBufferPointer<UInt8>,
                      alpha: UnsafeMutableBufferPointer<UInt8>) -> UInt8 {
        let count = alpha.count
        precondition(pixels.count >= (colorChannels + 1) * count && color.count >= colorChannels * count,
                     "rows too short for their pixels")
        guard let from = pixels.baseAddress, let to = color.baseAddress, let a = alpha.baseAddress else { return 255 }
        // Four pixels per step with the CPU's byte shuffles (`CPixelPlanes`): a pixel at
        // a time took a sixth of the image worker's time.
        if colorChannels == 3 { return mdpdf_split_rgba(from, to, a, count) }
        var allOpaque: UInt8 = 255
        for i in 0..<count {
            let gray = from[2 * i], value = from[2 * i + 1]
            to[i] = gray
            a[i] = value
            allOpaque &= value
        }
        return allOpaque
    }
}
