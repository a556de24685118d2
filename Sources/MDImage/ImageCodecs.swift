import Foundation
import MDCore

/// The decoders for every image format but PNG, in `libmdpdf-images.so` (see
/// `mdimages.h`), loaded the first time a document shows such an image: a document
/// with only PNG images, or none, never loads librsvg, gdk-pixbuf or GLib.
///
/// One instance serves any number of conversions on any threads: loading is
/// serialised by a lock; the decoders themselves keep no shared state.
public final class ImageCodecs: @unchecked Sendable {
    private enum State {
        case notLoaded
        case loaded(ImageCodecLibrary)
        case failed(String)
    }

    private let lock = NSLock()
    private let libraryPaths: [String]
    private var state = State.notLoaded

    /// `libraryPaths`: where to look for `libmdpdf-images.so`, first match wins.
    public init(libraryPaths: [String] = ImageCodecs.defaultLibraryPaths) {
        self.libraryPaths = libraryPaths
    }

    /// `$MDPDF_IMAGES_LIBRARY` alone when set; else beside the running executable (where
    /// `swift build` puts it), then `../lib/mdpdf/` from it (an installed layout), then
    /// the dynamic loader's own search path.
    public static var defaultLibraryPaths: [String] {
        let name = "libmdpdf-images.so"
        if let env = ProcessInfo.processInfo.environment["MDPDF_IMAGES_LIBRARY"], !env.isEmpty { return [env] }
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [exe.appendingPathComponent(name).path,
                exe.deletingLastPathComponent().appendingPathComponent("lib/mdpdf/\(name)").path, name]
    }

    /// Whether the library has been loaded (for tests of lazy loading).
    public var isLoaded: Bool {
        lock.lock(); defer { lock.unlock() }
        if case .loaded = state { return true }
        return false
    }

    /// The library, loading it on first use.
    func library() -> Result<ImageCodecLibrary, ImageProblem> {
        lock.lock(); defer { lock.unlock() }
        switch state {
        case .loaded(let l): return .success(l)
        case .failed(let reason): return .failure(.libraryUnavailable(reason))
        case .notLoaded:
            let result = ImageCodecLibrary.load(from: libraryPaths)
            switch result {
            case .success(let l): state = .loaded(l)
            case .failure(.libraryUnavailable(let reason)): state = .failed(reason)
            case .failure: state = .failed("unknown error")
            }
            return result
        }
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

    /// Decodes all of a raster image (keeping no pixels): its sizes and orientation,
    /// or why it cannot be shown.
    func check(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int) -> Result<ImageCodecLibrary.Info, ImageProblem> {
        guard let code = Self.code(format) else { return .failure(.unsupported("a \(format.name) file")) }
        let lib: ImageCodecLibrary
        switch library() {
        case .success(let l): lib = l
        case .failure(let p): return .failure(p)
        }
        let (status, info) = ImageCodecLibrary.Info.filling { raw in
            bytes.withUnsafeBufferPointer { lib.check(code, $0.baseAddress, $0.count, Int64(maxPixels), raw) }
        }
        guard status == 0 else { return .failure(Self.problem(info, format: format, maxPixels: maxPixels)) }
        return .success(info)
    }

    /// The pixels of a raster image, at the size `check` gave for the same bytes and budget.
    package func decode(_ bytes: [UInt8], format: ImageFormat, maxPixels: Int) -> Result<DecodedRaster, ImageProblem> {
        guard let code = Self.code(format) else { return .failure(.unsupported("a \(format.name) file")) }
        let lib: ImageCodecLibrary
        switch library() {
        case .success(let l): lib = l
        case .failure(let p): return .failure(p)
        }
        let (pixels, info) = ImageCodecLibrary.Info.filling { raw in
            bytes.withUnsafeBufferPointer { lib.decode(code, $0.baseAddress, $0.count, Int64(maxPixels), raw) }
        }
        guard let pixels else { return .failure(Self.problem(info, format: format, maxPixels: maxPixels)) }
        return .success(DecodedRaster(pixels: pixels, width: info.decodedWidth, height: info.decodedHeight,
                                      hasAlpha: info.hasAlpha, free: lib.free))
    }

    private static func problem(_ info: ImageCodecLibrary.Info, format: ImageFormat, maxPixels: Int) -> ImageProblem {
        if info.message.hasPrefix("too large") {
            return .tooManyPixels(width: info.width, height: info.height, limit: maxPixels)
        }
        return .corrupt(format: format, reason: info.message.isEmpty ? "it does not decode" : info.message)
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

/// A parsed SVG document, drawn as vectors (librsvg).
package final class SVGDocument {
    private let handle: OpaquePointer
    private let library: ImageCodecLibrary
    /// Its own size in CSS pixels (width and height, else its viewBox, else 300 × 150).
    package let width: Double
    package let height: Double

    package init(_ bytes: [UInt8], codecs: ImageCodecs) throws(ImageProblem) {
        let lib: ImageCodecLibrary
        switch codecs.library() {
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

    /// Draws the document into `rect` (its user-space units) of the cairo context
    /// `context` (a `cairo_t *`); nil, or why it could not.
    package func draw(into context: OpaquePointer, x: Double, y: Double, width: Double, height: Double) -> String? {
        let (status, message) = ImageCodecLibrary.withMessage { msg in
            library.svgRender(handle, context, x, y, width, height, msg)
        }
        return status == 0 ? nil : message
    }
}
