import FoundationEssentials
import Glibc
import MDCore

/// The image decoders' shim (`libmdpdf-images.so`, built from `CImageShim`), opened with
/// dlopen (`DynamicLibrary`) and used through the symbols of `mdimages.h`.
final class ImageCodecLibrary: @unchecked Sendable {
    /// `mdimg_info`, read from the bytes the C side filled: nine int32 fields, then
    /// the message (`MDIMG_MESSAGE_CAPACITY` bytes, NUL-terminated).
    struct Info {
        var width = 0, height = 0, decodedWidth = 0, decodedHeight = 0, orientation = 1
        var components = 0, invertedCMYK = false, hasAlpha = false, damaged = false
        var message = ""

        static let byteCount = 9 * 4 + ImageCodecLibrary.messageCapacity

        /// Calls `body` with a zeroed `mdimg_info` and reads it back.
        static func filling<T>(_ body: (UnsafeMutableRawPointer) -> T) -> (T, Info) {
            let raw = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 8)
            defer { raw.deallocate() }
            raw.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
            let result = body(raw)
            func field(_ i: Int) -> Int { Int(raw.load(fromByteOffset: 4 * i, as: Int32.self)) }
            let text = UnsafeRawBufferPointer(start: raw + 36, count: ImageCodecLibrary.messageCapacity).prefix { $0 != 0 }
            let info = Info(width: field(0), height: field(1), decodedWidth: field(2), decodedHeight: field(3),
                            orientation: field(4), components: field(5), invertedCMYK: field(6) != 0,
                            hasAlpha: field(7) != 0, damaged: field(8) != 0, message: String(decoding: text, as: UTF8.self))
            return (result, info)
        }
    }

    typealias CheckFn = @convention(c) (Int32, UnsafePointer<UInt8>?, Int, Int64, UnsafeMutableRawPointer?) -> Int32
    typealias DecodeFn = @convention(c) (Int32, UnsafePointer<UInt8>?, Int, Int64, UnsafeMutableRawPointer?)
        -> UnsafeMutablePointer<UInt32>?
    typealias FreeFn = @convention(c) (UnsafeMutableRawPointer?) -> Void
    typealias SVGOpenFn = @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Double>?,
                                          UnsafeMutablePointer<Double>?, UnsafeMutablePointer<CChar>?) -> OpaquePointer?
    typealias SVGRenderPDFFn = @convention(c) (OpaquePointer?, Double, Double, UnsafeMutablePointer<Int>?,
                                               UnsafeMutablePointer<CChar>?) -> UnsafeMutablePointer<UInt8>?
    typealias SVGCloseFn = @convention(c) (OpaquePointer?) -> Void

    let check: CheckFn
    let decode: DecodeFn
    let free: FreeFn
    let svgOpen: SVGOpenFn
    let svgRenderPDF: SVGRenderPDFFn
    let svgClose: SVGCloseFn
    /// The file that was loaded.
    let path: String

    /// The capacity of a message buffer (`MDIMG_MESSAGE_CAPACITY`).
    static let messageCapacity = 256

    /// Loads the first of `paths` that dlopen accepts; the last loader error when none does.
    /// mdpdf's cairo goes first, as the plug-in's libcairo (`CairoExports`).
    static func load(from paths: [String], cairoExports: [String] = CairoExports.defaultLibraryPaths)
        -> Result<ImageCodecLibrary, DynamicLibrary.LoadError> {
        CairoExports.install(from: cairoExports)
        return DynamicLibrary.open(paths) { ImageCodecLibrary(handle: $0, path: $1) }
    }

    private init?(handle: UnsafeMutableRawPointer, path: String) {
        func symbol<T>(_ name: String, as type: T.Type) -> T? { DynamicLibrary.symbol(handle, name, as: type) }
        guard let check = symbol("mdimg_check", as: CheckFn.self), let decode = symbol("mdimg_decode", as: DecodeFn.self),
              let free = symbol("mdimg_free", as: FreeFn.self), let svgOpen = symbol("mdimg_svg_open", as: SVGOpenFn.self),
              let svgRenderPDF = symbol("mdimg_svg_render_pdf", as: SVGRenderPDFFn.self),
              let svgClose = symbol("mdimg_svg_close", as: SVGCloseFn.self) else { return nil }
        self.check = check; self.decode = decode; self.free = free
        self.svgOpen = svgOpen; self.svgRenderPDF = svgRenderPDF; self.svgClose = svgClose
        self.path = path
    }

    /// A message buffer for the SVG calls, read back as text.
    static func withMessage<T>(_ body: (UnsafeMutablePointer<CChar>) -> T) -> (T, String) {
        var buffer = [CChar](repeating: 0, count: messageCapacity)
        let result = buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (result, text)
    }
}
