import CCairo
import MDCore

/// A cairo image surface, owned.
final class CairoImageSurface {
    let handle: OpaquePointer
    /// Size in pixels, the surface's own user-space size (1 × 1 for a `carrier`).
    let width: Int
    let height: Int
    /// The index of the PNG it stands in for (see `ImageStandIns`); nil for pixels.
    let standIn: Int?
    init(_ handle: OpaquePointer, width: Int, height: Int, standIn: Int? = nil) {
        self.handle = handle; self.width = width; self.height = height; self.standIn = standIn
    }
    deinit { cairo_surface_destroy(handle) }

    /// Set on a surface that carries JPEG data to be embedded as it is (a `carrier`).
    var carriesData = false

    /// Bytes of decoded pixels held.
    var decodedBytes: Int { carriesData ? 0 : Int(cairo_image_surface_get_stride(handle)) * height }

    /// A surface that only carries JPEG data (or a PNG stand-in's placeholder) for
    /// cairo's PDF surface to embed as it is: 1 × 1 pixel, whatever the image's size.
    /// cairo writes the image's `/Width` and `/Height` from the JPEG header, and places
    /// it by the surface's size (`drawImage` scales the unit square into the image's
    /// rect): the PDF is the same as with a surface of the image's size, byte for byte.
    /// But cairo's record of each paint holds a snapshot of the surface, and a surface
    /// destroyed while one lives is copied into it first: a full-size carrier was copied
    /// when the image cache let it go at the end, pixels and all (18 MB for each of the
    /// Rust book's screenshots, 48 MB for a 12-megapixel photo), only to be freed.
    /// `kind` names the image's format in messages; `standIn` is the PNG stand-in's index.
    static func carrier(width: Int, height: Int, kind: String, path: String,
                        standIn: Int? = nil) throws(ConversionError) -> CairoImageSurface {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF,
              let handle = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1)
        else { throw .renderFailed(reason: "bad \(kind) image size for \(path)") }
        let surface = CairoImageSurface(handle, width: 1, height: 1, standIn: standIn)
        let status = cairo_surface_status(handle)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "\(kind) image \(path): \(CairoPDFSurface.describe(status))")
        }
        surface.carriesData = true
        return surface
    }

    /// Attaches `bytes` as the surface's `mimeType` data (JPEG data to embed, a unique ID).
    func attach(_ mimeType: String, _ bytes: [UInt8], for path: String) throws(ConversionError) {
        // cairo keeps the pointer, not a copy: hand it malloc'd memory and `free` as the
        // destroy callback, which cairo calls when the surface (or the mime data) goes.
        guard let copy = malloc(max(bytes.count, 1)) else { throw .renderFailed(reason: "out of memory reading \(path)") }
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let status = cairo_surface_set_mime_data(handle, mimeType, copy.assumingMemoryBound(to: UInt8.self),
                                                 UInt(bytes.count), free, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            throw .renderFailed(reason: "image \(path): \(CairoPDFSurface.describe(status))")
        }
    }
}

