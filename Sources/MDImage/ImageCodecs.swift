import FoundationEssentials
import Glibc
import MDCore

/// The decoders for every image format but PNG, in `libmdpdf-images.so` (see
/// `mdimages.h`), loaded the first time a document shows such an image: a document
/// with only PNG images, or none, never loads librsvg, gdk-pixbuf or GLib.
///
/// One instance serves any number of conversions on any threads: it is loaded once
/// (`LazyLibrary`); the decoders themselves keep no shared state.
public final class ImageCodecs: @unchecked Sendable {
    private let library: LazyLibrary<ImageCodecLibrary>

    /// `libraryPaths`: where to look for `libmdpdf-images.so`, first match wins; worked out
    /// on first use (the default resolves the executable's path, about 0.4 million
    /// instructions, which a document that never loads the library need not spend).
    public init(libraryPaths: @autoclosure @escaping () -> [String] = ImageCodecs.defaultLibraryPaths) {
        library = LazyLibrary { ImageCodecLibrary.load(from: libraryPaths()) }
    }

    /// `$MDPDF_IMAGES_LIBRARY`, else beside the executable (see `DynamicLibrary`).
    public static var defaultLibraryPaths: [String] {
        DynamicLibrary.searchPaths(for: "libmdpdf-images.so", variable: "MDPDF_IMAGES_LIBRARY")
    }

    /// Whether the library has been loaded (for tests of lazy loading).
    public var isLoaded: Bool { library.isLoaded }

    /// The library, loading it on first use.
    func loadedLibrary() -> Result<ImageCodecLibrary, ImageProblem> {
        library.get().mapError { .libraryUnavailable($0.reason) }
    }

    /// The shim's number for a raster format it decodes.
    static func code(_ format: ImageFormat) -> Int32? {
        switch format {
        case .jpeg: return 1
        case .webp: return 2
        case .gif: return 3
        case .bmp: return 4
        case .tiff: return 5
        case .png, .svg: return nil
        }
    }

    /// Calls one of the shim's raster functions on `bytes` (`call` gets the library and
    /// the format's number), with a fresh `mdimg_info` it fills.
    private func withCodec<T>(_ format: ImageFormat, _ bytes: [UInt8],
                              _ call: (ImageCodecLibrary, Int32, UnsafePointer<UInt8>?, Int, UnsafeMutableRawPointer) -> T)
        -> Result<(T, ImageCodecLibrary.Info, ImageCodecLibrary), ImageProblem> {
        guard let code = Self.code(format) else { return .failure(.unsupported("a \(format.name) file")) }
        let bytes = format == .gif ? GIFFirstFrame.of(bytes) : bytes
        return loadedLibrary().map { lib in
            let (result, info) = ImageCodecLibrary.Info.filling { raw in
                bytes.withUnsafeBufferPointer { call(lib, code, $0.baseAddress, $0.count, raw) }
            }
            return (result, info, lib)
        }
    }

    /// Decodes all of a raster image (keeping no pixels): its sizes and orientation,
    /// or why it cannot be shown.
    func check(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int) -> Result<ImageCodecLibrary.Info, ImageProblem> {
        withCodec(format, bytes) { $0.check($1, $2, $3, Int64(maxPixels), $4) }.flatMap { status, info, _ in
            status == 0 ? .success(info) : .failure(Self.problem(info, format: format, maxPixels: maxPixels))
        }
    }

    /// The pixels of a raster image, at the size `check` gave for the same bytes and budget.
    package func decode(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int) -> Result<DecodedRaster, ImageProblem> {
        withCodec(format, bytes) { $0.decode($1, $2, $3, Int64(maxPixels), $4) }.flatMap { pixels, info, lib in
            guard let pixels else { return .failure(Self.problem(info, format: format, maxPixels: maxPixels)) }
            return .success(DecodedRaster(pixels: pixels, width: info.decodedWidth, height: info.decodedHeight,
                                          hasAlpha: info.hasAlpha, free: lib.free))
        }
    }

    private static func problem(_ info: ImageCodecLibrary.Info, format: ImageFormat, maxPixels: Int) -> ImageProblem {
        if info.message.hasPrefix("too large") {
            return .tooManyPixels(width: info.width, height: info.height, limit: maxPixels)
        }
        let size = info.width > 0 && info.height > 0 ? PixelSize(width: info.width, height: info.height) : nil
        return .corrupt(format: format, reason: info.message.isEmpty ? "it does not decode" : info.message, pixels: size)
    }
}

/// Decoded pixels in cairo's ARGB32 layout (premultiplied, native-endian, rows
/// `4 * width` bytes apart), owned: freed with the decoder's own `free`.
package final class DecodedRaster {
    package let pixels: UnsafeMutablePointer<UInt32>
    package let width: Int
    package let height: Int
    /// Whether any pixel is not opaque.
    package let hasAlpha: Bool
    private let free: ImageCodecLibrary.FreeFn

    init(pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int, hasAlpha: Bool, free: @escaping ImageCodecLibrary.FreeFn) {
        self.pixels = pixels; self.width = width; self.height = height; self.hasAlpha = hasAlpha; self.free = free
    }

    deinit { free(UnsafeMutableRawPointer(pixels)) }
}

/// A parsed SVG document, drawn as vectors (librsvg). librsvg's handles must not be used
/// by two threads at once, and the same SVG may be drawn at two sizes by the image
/// worker and the thread that lends it a hand (`ImageWorker.result`): drawing holds
/// `lock`.
package final class SVGDocument: @unchecked Sendable {
    private let handle: OpaquePointer
    private let library: ImageCodecLibrary
    private let lock = Lock()
    /// Its own size in CSS pixels (width and height, else its viewBox, else 300 × 150).
    package let width: Double
    package let height: Double

    package init(_ bytes: [UInt8], codecs: ImageCodecs) throws(ImageProblem) {
        let lib: ImageCodecLibrary
        switch codecs.loadedLibrary() {
        case .success(let l): lib = l
        case .failure(let p): throw p
        }
        var w = 0.0, h = 0.0
        let (handle, message) = ImageCodecLibrary.withMessage { msg in
            bytes.withUnsafeBufferPointer { lib.svgOpen($0.baseAddress, $0.count, &w, &h, msg) }
        }
        guard let handle else { throw .corrupt(format: .svg, reason: message.isEmpty ? "librsvg cannot read it" : message) }
        self.handle = handle; self.library = lib; self.width = w; self.height = h
    }

    deinit { library.svgClose(handle) }

    /// The document drawn into a one-page PDF of `width` × `height` points (fitted as
    /// into a viewport of that size), written by the plug-in's own cairo; or why not.
    package func pdf(width: Double, height: Double) -> Result<[UInt8], DrawingFailure> {
        var length = 0
        let (bytes, message) = lock.withLock {
            ImageCodecLibrary.withMessage { msg in library.svgRenderPDF(handle, width, height, &length, msg) }
        }
        guard let bytes else { return .failure(DrawingFailure(reason: message.isEmpty ? "librsvg cannot draw it" : message)) }
        defer { library.free(bytes) }
        return .success(Array(UnsafeBufferPointer(start: bytes, count: length)))
    }
}

/// Why an SVG could not be drawn (librsvg's or cairo's words, or "out of memory").
package struct DrawingFailure: Error, CustomStringConvertible {
    package var reason: String
    package var description: String { reason }
}
