import CCairo
import Foundation
import MDCore
import MDPage

/// A cairo image surface, owned.
final class CairoImageSurface {
    let handle: OpaquePointer
    /// Size in pixels, the surface's own user-space size.
    let width: Int
    let height: Int
    init(_ handle: OpaquePointer, width: Int, height: Int) {
        self.handle = handle; self.width = width; self.height = height
    }
    deinit { cairo_surface_destroy(handle) }
}

/// Image surfaces for one document, one per file path: cairo's PDF surface writes each
/// surface once, so an image painted twice is embedded once.
final class ImageCache {
    private var surfaces: [String: CairoImageSurface] = [:]

    func surface(for source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        if let cached = surfaces[source.path] { return cached }
        let surface = switch source.format {
        case .png: try Self.loadPNG(source)
        case .jpeg: try Self.loadJPEG(source)
        }
        surfaces[source.path] = surface
        return surface
    }

    private static func loadPNG(_ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        guard let handle = cairo_image_surface_create_from_png(source.path) else {
            throw .renderFailed(reason: "cannot read image \(source.path)")
        }
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
    /// (DCTDecode) when an image surface of the right pixel size carries it as MIME
    /// data. The surface's own pixels are never used for PDF output.
    private static func loadJPEG(_ source: ImageSource) throws(ConversionError) -> CairoImageSurface {
        guard let data = FileManager.default.contents(atPath: source.path), !data.isEmpty else {
            throw .renderFailed(reason: "cannot read JPEG image \(source.path)")
        }
        guard source.pixelWidth > 0, source.pixelHeight > 0,
              let handle = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(source.pixelWidth), Int32(source.pixelHeight))
        else { throw .renderFailed(reason: "bad JPEG image size for \(source.path)") }
        let surface = CairoImageSurface(handle, width: source.pixelWidth, height: source.pixelHeight)
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "JPEG image \(source.path): \(CairoPDFSurface.describe(status))")
        }
        // cairo keeps the pointer, not a copy: hand it malloc'd memory and `free` as the
        // destroy callback, which cairo calls when the surface (or the mime data) goes.
        guard let copy = malloc(data.count) else { throw .renderFailed(reason: "out of memory reading \(source.path)") }
        data.copyBytes(to: copy.assumingMemoryBound(to: UInt8.self), count: data.count)
        let mimeStatus = cairo_surface_set_mime_data(handle, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self),
                                                     UInt(data.count), free, copy)
        guard mimeStatus == CAIRO_STATUS_SUCCESS else {
            free(copy)
            throw .renderFailed(reason: "JPEG image \(source.path): \(CairoPDFSurface.describe(mimeStatus))")
        }
        return surface
    }
}
