import CCairo
import Glibc
import MDCore
import MDPage

/// One glyph of a colour font: where its picture goes and how far it advances.
///
/// cairo 1.16 paints a colour glyph (FreeType's `FT_HAS_COLOR` fonts: Noto Color Emoji's
/// CBDT bitmaps) as an image rasterised at the text size — 14 × 13 px at 10 pt, blurred
/// at any zoom — and leaves it out of the text layer. The renderer draws such glyphs
/// itself instead: the full-size picture from the font (136 × 128 px at 109 ppem for
/// Noto Color Emoji), scaled onto the glyph's box, which the PDF holds once however
/// often it is painted.
struct ColorGlyph {
    /// Whether the glyph has pixels (a space or a joiner has none).
    var hasPicture: Bool
    /// Grey pixels (an outline or a monochrome bitmap in a colour font): a mask painted in
    /// the run's colour rather than a picture.
    var isMask: Bool
    /// The pixels' left edge and top edge from the glyph origin, in pixels (y up, as
    /// FreeType gives them).
    var left: Double
    var top: Double
    /// The horizontal advance in em.
    var advance: Double
}

/// A colour font opened for its pixels: its own FreeType face, set to the largest
/// bitmap strike (or, for a scalable colour font, `scalablePixelsPerEm`), and the glyphs
/// read from it so far.
final class ColorFont {
    /// Pixels per em of the glyphs' pictures: a pixel is `size / pixelsPerEm` points.
    let pixelsPerEm: Double
    /// The face's ascent and descent (both positive) in em: the height of the glyph box
    /// the text layer gives each colour glyph.
    let ascent: Double
    let descent: Double
    private let face: FreeTypeFace
    private let file: FontFile
    private var glyphs: [UInt32: ColorGlyph] = [:]
    private var pictures: [UInt32: CairoImageSurface] = [:]

    /// Pixels per em for a scalable colour font (COLR outlines), rendered by FreeType:
    /// a little sharper than Noto Color Emoji's 109 ppem strike.
    static let scalablePixelsPerEm = 160

    /// The face of `file` set up for its pictures, or nil when it is not a colour font.
    static func open(_ file: FontFile, library: FreeTypeLibrary) throws(ConversionError) -> ColorFont? {
        let face = try FreeTypeFace(file: file, library: library)
        let record = face.face.pointee
        guard record.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0 else { return nil }
        let error: FT_Error
        if record.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) == 0, record.num_fixed_sizes > 0, let sizes = record.available_sizes {
            let largest = (0..<Int(record.num_fixed_sizes)).max { sizes[$0].y_ppem < sizes[$1].y_ppem } ?? 0
            error = FT_Select_Size(face.face, FT_Int(largest))
        } else {
            error = FT_Set_Pixel_Sizes(face.face, 0, FT_UInt(scalablePixelsPerEm))
        }
        guard error == 0, let size = face.face.pointee.size else {
            throw .renderFailed(reason: "cannot size the colour font \(file.path): FreeType error \(error)")
        }
        let metrics = size.pointee.metrics
        let ppem = Double(metrics.y_ppem)
        guard ppem > 0 else { throw .renderFailed(reason: "the colour font \(file.path) has no pixel size") }
        return ColorFont(face: face, file: file, pixelsPerEm: ppem,
                         ascent: Double(metrics.ascender) / 64 / ppem, descent: -Double(metrics.descender) / 64 / ppem)
    }

    private init(face: FreeTypeFace, file: FontFile, pixelsPerEm: Double, ascent: Double, descent: Double) {
        self.face = face; self.file = file; self.pixelsPerEm = pixelsPerEm
        self.ascent = max(0, ascent); self.descent = max(0, descent)
    }

    /// Glyph `id`'s placement, read on first use.
    func glyph(_ id: UInt32) throws(ConversionError) -> ColorGlyph {
        if let glyph = glyphs[id] { return glyph }
        return try load(id).glyph
    }

    /// Glyph `id`'s pixels, nil when it has none. Every surface of one glyph carries the
    /// same unique id, so cairo's PDF surface writes the picture once and paints that
    /// object at every later use, even from a surface decoded again: only the last
    /// `cachedPictures` pictures are kept decoded (a document of all 3,700 emoji would
    /// otherwise hold 260 MB of pixels to the end).
    func picture(_ id: UInt32) throws(ConversionError) -> CairoImageSurface? {
        if let picture = pictures[id] { return picture }
        if let glyph = glyphs[id], !glyph.hasPicture { return nil }
        return try load(id).picture
    }

    static let cachedPictures = 64

    /// Reads glyph `id` from FreeType: its placement (kept) and its pixels (kept among
    /// the recent ones).
    private func load(_ id: UInt32) throws(ConversionError) -> (glyph: ColorGlyph, picture: CairoImageSurface?) {
        let error = FT_Load_Glyph(face.face, FT_UInt(id), Int32(FT_LOAD_COLOR | FT_LOAD_RENDER))
        guard error == 0, let slot = face.face.pointee.glyph else {
            throw .renderFailed(reason: "cannot read glyph \(id) of \(file.path): FreeType error \(error)")
        }
        let (picture, isMask) = try Self.surface(of: slot.pointee.bitmap, glyph: id, file: file)
        let glyph = ColorGlyph(hasPicture: picture != nil, isMask: isMask, left: Double(slot.pointee.bitmap_left),
                               top: Double(slot.pointee.bitmap_top),
                               advance: Double(slot.pointee.advance.x) / 64 / pixelsPerEm)
        glyphs[id] = glyph
        if let picture {
            try identify(picture, glyph: id)
            if pictures.count >= Self.cachedPictures { pictures.removeAll(keepingCapacity: true) }
            pictures[id] = picture
        }
        return (glyph, picture)
    }

    /// Gives `picture` the unique id cairo's PDF surface recognises it by: the font file,
    /// face, pixel size and glyph.
    private func identify(_ picture: CairoImageSurface, glyph: UInt32) throws(ConversionError) {
        let name = Array("mdpdf colour glyph \(glyph) at \(pixelsPerEm) ppem of \(file.index) \(file.path)".utf8)
        // cairo keeps the pointer: malloc'd memory with `free` as the destroy callback.
        guard let copy = malloc(name.count) else { throw .renderFailed(reason: "out of memory drawing \(file.path)") }
        name.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        let status = cairo_surface_set_mime_data(picture.handle, CAIRO_MIME_TYPE_UNIQUE_ID,
                                                 copy.assumingMemoryBound(to: UInt8.self), UInt(name.count), free, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            throw .renderFailed(reason: "glyph \(glyph) of \(file.path): \(CairoPDFSurface.describe(status))")
        }
    }

    /// A cairo surface holding `bitmap`: premultiplied BGRA (colour) as ARGB32, grey and
    /// 1-bit pixels as an A8 mask. nil when the bitmap is empty.
    private static func surface(of bitmap: FT_Bitmap, glyph: UInt32,
                                file: FontFile) throws(ConversionError) -> (CairoImageSurface?, Bool) {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let source = bitmap.buffer else { return (nil, false) }
        let mode = FT_Pixel_Mode(UInt32(bitmap.pixel_mode))
        let isMask: Bool
        switch mode {
        case FT_PIXEL_MODE_BGRA: isMask = false
        case FT_PIXEL_MODE_GRAY, FT_PIXEL_MODE_MONO: isMask = true
        default: return (nil, false)  // LCD and 2- or 4-bit grey: FreeType never renders those here
        }
        guard let handle = cairo_image_surface_create(isMask ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32,
                                                      Int32(width), Int32(height)) else {
            throw .renderFailed(reason: "cairo could not allocate the picture of glyph \(glyph) of \(file.path)")
        }
        let surface = CairoImageSurface(handle, width: width, height: height)
        guard cairo_surface_status(handle) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(handle) else {
            throw .renderFailed(reason: "cairo could not allocate the picture of glyph \(glyph) of \(file.path)")
        }
        cairo_surface_flush(handle)
        let stride = Int(cairo_image_surface_get_stride(handle))
        let pitch = Int(bitmap.pitch)
        // A negative pitch means the rows are stored bottom-up, from the buffer's start.
        let firstRow = pitch < 0 ? source + (-pitch) * (height - 1) : source
        for y in 0..<height {
            let from = firstRow + y * pitch
            let to = data + y * stride
            switch mode {
            case FT_PIXEL_MODE_BGRA:
                // Both are premultiplied; cairo's ARGB32 is a native-endian 32-bit word.
                to.withMemoryRebound(to: UInt32.self, capacity: width) { pixels in
                    for x in 0..<width {
                        let b = UInt32(from[4 * x]), g = UInt32(from[4 * x + 1])
                        let r = UInt32(from[4 * x + 2]), a = UInt32(from[4 * x + 3])
                        pixels[x] = a << 24 | r << 16 | g << 8 | b
                    }
                }
            case FT_PIXEL_MODE_MONO:
                for x in 0..<width { to[x] = from[x / 8] & (0x80 >> UInt8(x % 8)) != 0 ? 255 : 0 }
            default:
                to.update(from: from, count: width)
            }
        }
        cairo_surface_mark_dirty(handle)
        return (surface, isMask)
    }
}

/// The colour fonts of one document, each opened once; nil for a font that is not one.
final class ColorFontCache {
    private let library: FreeTypeLibrary
    private var fonts: [FontFile: ColorFont?] = [:]

    init() throws(ConversionError) { library = try FreeTypeLibrary() }

    /// `file` opened for its pictures, or nil when cairo can draw it as ordinary text.
    func colorFont(_ file: FontFile) throws(ConversionError) -> ColorFont? {
        if let known = fonts[file] { return known }
        let font = try ColorFont.open(file, library: library)
        fonts[file] = font
        return font
    }
}
