import CCairo
import FoundationEssentials
import Glibc
import MDCore
import MDImage
import MDPage

/// What an image file is drawn from: pixels (a cairo surface, which cairo's PDF
/// surface embeds once however often it is painted) or an SVG document, drawn as
/// vectors into a form once for each size it is shown at (`ImageStandIns`).
enum DrawableImage {
    case pixels(CairoImageSurface)
    case vector(SVGDocument)
}

/// The drawable form of each image file of one document, one per path.
///
/// Files are read once, through the read policy (a regular file of bounded size, never
/// a FIFO), and decoded from memory: cairo and the decoders never open a path. The style
/// stage checked each image; a file that no longer decodes as it did (changed during
/// the conversion) is an error rather than a surprise, and nothing is decoded past the
/// pixel budget it was checked at.
final class ImageCache {
    private var images: [String: DrawableImage] = [:]
    /// Decoded pixels up to this size (a megapixel) are kept for the whole document, so an
    /// icon or badge used on many pages is decoded once. A larger image is let go once
    /// painted: cairo has written it by the end of its page, and four screenshots of the
    /// Rust book alone would otherwise hold 72 MB to the end.
    static let keptBytes = 4 * 1024 * 1024
    private let policy: ReadPolicy
    private let codecs: ImageCodecs
    /// PNGs the post-processing pass writes over their placeholders (see `ImageStandIns`).
    let standIns = ImageStandIns()
    /// Whether PNGs of the kinds `PNGPlanes` takes go in with their own data; false
    /// makes cairo decode every PNG (tests compare the two).
    private let embedsPNGData: Bool

    init(policy: ReadPolicy, codecs: ImageCodecs, embedsPNGData: Bool = true) {
        self.policy = policy; self.codecs = codecs; self.embedsPNGData = embedsPNGData
    }

    func image(for source: ImageSource) throws(ConversionError) -> DrawableImage {
        if let cached = images[source.path] { return cached }
        let bytes: [UInt8]
        switch policy.read(source.path) {
        case .success(let b): bytes = b
        case .failure(let refusal): throw .renderFailed(reason: "image \(source.path) \(refusal)")
        }
        let image: DrawableImage
        switch source.format {
        case .png: image = .pixels(try png(bytes, source))
        case .jpeg where !source.decodesPixels: image = .pixels(try Self.carryJPEG(bytes, source))
        case .svg:
            do { image = .vector(try SVGDocument(bytes, codecs: codecs)) } catch {
                throw .renderFailed(reason: "image \(source.path) \(error)")
            }
        default: image = .pixels(try decodeRaster(bytes, source))
        }
        if case .pixels(let surface) = image, surface.decodedBytes > Self.keptBytes {
            // Not kept: decoded again if painted again. cairo's PDF surface embeds it once
            // all the same, recognising it by its unique ID.
            try surface.attach(CAIRO_MIME_TYPE_UNIQUE_ID, Array("mdpdf-image:\(source.path)".utf8), for: source.path)
        } else {
            images[source.path] = image
        }
        return image
    }

    /// Makes the stand-ins of the PNG images among `sources` (a document's images, in
    /// order) before they are drawn, giving the worker their jobs (it starts on them once
    /// layout is done). Nothing else is decoded ahead; an image that fails here fails
    /// again, with its reason, where it is drawn.
    func prefetch(_ sources: [ImageSource]) {
        guard embedsPNGData else { return }
        for source in sources where source.format == .png && images[source.path] == nil {
            guard case .success(let bytes) = policy.read(source.path),
                  case .success(let layout)? = PNGPlanes.inspect(bytes, width: source.pixelWidth, height: source.pixelHeight),
                  let surface = try? standIns.surface(for: layout, width: source.pixelWidth, height: source.pixelHeight,
                                                      path: source.path)
            else { continue }
            images[source.path] = .pixels(surface)
        }
    }

    /// A stand-in for the PNG's own data (see `ImageStandIns`) when it is of a kind
    /// `PNGPlanes` takes; otherwise the pixels, decoded by cairo.
    private func png(_ bytes: [UInt8], _ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        guard embedsPNGData else { return try Self.decodePNG(bytes, source) }
        switch PNGPlanes.inspect(bytes, width: source.pixelWidth, height: source.pixelHeight) {
        case nil: return try Self.decodePNG(bytes, source)
        case .failure(let problem)?: throw .renderFailed(reason: "image \(source.path) \(problem)")
        case .success(let layout)?:
            return try standIns.surface(for: layout, width: source.pixelWidth, height: source.pixelHeight, path: source.path)
        }
    }

    /// Decodes PNG bytes with cairo's reader (libpng), fed from memory.
    private static func decodePNG(_ bytes: [UInt8], _ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        // The size in the header must be the one layout used, before anything is inflated.
        guard bytes.count >= 24, be32(bytes, 16) == source.pixelWidth, be32(bytes, 20) == source.pixelHeight else {
            throw .renderFailed(reason: "image \(source.path) changed while converting")
        }
        let reader = MemoryReader(bytes)
        let handle = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<MemoryReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let handle else { throw .renderFailed(reason: "cannot read image \(source.path)") }
        // Own it first, so the error path below destroys it.
        let surface = CairoImageSurface(handle, width: Int(cairo_image_surface_get_width(handle)),
                                        height: Int(cairo_image_surface_get_height(handle)))
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "cannot read PNG image \(source.path): \(CairoPDFSurface.describe(status))")
        }
        return surface
    }

    /// cairo 1.16 cannot decode JPEG, but its PDF surface embeds JPEG data as it is
    /// (DCTDecode, no loss, no growth) when an image surface carries it as MIME data (a
    /// `CairoImageSurface.carrier`, whose own pixel is never used). The style stage
    /// decoded all of the data, so it is known to be whole.
    private static func carryJPEG(_ bytes: [UInt8], _ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        guard !bytes.isEmpty, source.pixelWidth <= ImageLimits.maxSide, source.pixelHeight <= ImageLimits.maxSide
        else { throw .renderFailed(reason: "bad JPEG image size for \(source.path)") }
        let surface = try CairoImageSurface.carrier(width: source.pixelWidth, height: source.pixelHeight, kind: "JPEG",
                                                    path: source.path)
        try surface.attach(CAIRO_MIME_TYPE_JPEG, bytes, for: source.path)
        return surface
    }

    /// Decodes a GIF, WebP, BMP or TIFF (or a JPEG that cannot be embedded as it is)
    /// into a surface: RGB24 when opaque, so the PDF gets no soft mask it does not need.
    private func decodeRaster(_ bytes: [UInt8], _ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        let raster: DecodedRaster
        switch codecs.decode(bytes, format: source.format, maxPixels: policy.maxImagePixels) {
        case .success(let r): raster = r
        case .failure(let problem): throw .renderFailed(reason: "image \(source.path) \(problem)")
        }
        let format = raster.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        guard raster.width > 0, raster.height > 0, let handle = cairo_image_surface_create(format, Int32(raster.width), Int32(raster.height))
        else { throw .renderFailed(reason: "bad image size for \(source.path)") }
        let surface = CairoImageSurface(handle, width: raster.width, height: raster.height)
        guard cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(handle) else {
            throw .renderFailed(reason: "image \(source.path): \(CairoPDFSurface.describe(cairo_surface_status(handle)))")
        }
        cairo_surface_flush(handle)
        let stride = Int(cairo_image_surface_get_stride(handle))
        for y in 0..<raster.height {
            (data + y * stride).withMemoryRebound(to: UInt32.self, capacity: raster.width) { row in
                row.update(from: raster.pixels + y * raster.width, count: raster.width)
            }
        }
        cairo_surface_mark_dirty(handle)
        return surface
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }
}

/// Hands out a byte array in the pieces cairo's PNG reader asks for.
private final class MemoryReader {
    private let bytes: [UInt8]
    private var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies exactly `count` bytes; false at the end of the data (libpng then fails cleanly).
    func read(into destination: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard count <= bytes.count - offset else { return false }
        bytes.withUnsafeBufferPointer { destination.update(from: $0.baseAddress! + offset, count: count) }
        offset += count
        return true
    }
}
