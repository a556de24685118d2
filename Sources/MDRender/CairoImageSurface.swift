import CCairo
import Foundation
import MDCore

/// A cairo image surface, owned.
final class CairoImageSurface {
    let handle: OpaquePointer
    /// Size in pixels, the surface's own user-space size.
    let width: Int
    let height: Int
    /// The index of the PNG it stands in for (see `ImageStandIns`); nil for pixels.
    let standIn: Int?
    init(_ handle: OpaquePointer, width: Int, height: Int, standIn: Int? = nil) {
        self.handle = handle; self.width = width; self.height = height; self.standIn = standIn
    }
    deinit { cairo_surface_destroy(handle) }

    /// Set on a surface that carries JPEG data to be embedded as it is: its own pixels
    /// are never written, so never allocated.
    var carriesData = false

    /// Bytes of decoded pixels held.
    var decodedBytes: Int { carriesData ? 0 : Int(cairo_image_surface_get_stride(handle)) * height }

    /// An RGB24 surface of `width` × `height` pixels whose pixels are never drawn or read:
    /// it only carries JPEG data (or a stand-in's placeholder) that cairo's PDF surface
    /// embeds as it is. Its pixel memory is mapped pages of its own, returned to the
    /// system when cairo lets the surface go: `cairo_image_surface_create` would `calloc`
    /// it (18 MB for a 3000 × 1500 screenshot; untouched, so not resident either), and
    /// glibc, when freeing a block that large, raises the size from which it maps blocks
    /// of their own to it, so that every later buffer up to that size (cairo's PDF bytes,
    /// qpdf's) came from the heap, which keeps its high-water mark.
    /// `kind` names the image's format in messages; `standIn` is the PNG stand-in's index.
    static func carrier(width: Int, height: Int, kind: String, path: String,
                        standIn: Int? = nil) throws(ConversionError) -> CairoImageSurface {
        guard width > 0, height > 0, width <= 0xFFFF, height <= 0xFFFF else {
            throw .renderFailed(reason: "bad \(kind) image size for \(path)")
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width)))
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        // The first page records the mapping's size for the destroy callback; cairo gets
        // the pages after it.
        let size = page + stride * height
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
        guard let base = mapped, base != MAP_FAILED else { throw .renderFailed(reason: "out of memory for image \(path)") }
        base.storeBytes(of: size, as: Int.self)
        let pixels = (base + page).assumingMemoryBound(to: UInt8.self)
        guard let handle = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_RGB24, Int32(width), Int32(height), Int32(stride))
        else {
            munmap(base, size)
            throw .renderFailed(reason: "bad \(kind) image size for \(path)")
        }
        // The mapping's own address is the user-data key: unique while it is mapped.
        let key = UnsafeRawPointer(base).assumingMemoryBound(to: cairo_user_data_key_t.self)
        let status = cairo_surface_set_user_data(handle, key, base) { base in
            guard let base else { return }
            munmap(base, base.load(as: Int.self))
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(handle)
            munmap(base, size)
            throw .renderFailed(reason: "\(kind) image \(path): \(CairoPDFSurface.describe(status))")
        }
        let surface = CairoImageSurface(handle, width: width, height: height, standIn: standIn)
        let created = cairo_surface_status(handle)
        guard created == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "\(kind) image \(path): \(CairoPDFSurface.describe(created))")
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

