import CCairo
import Glibc
import MDCore
import MDPage

/// One FreeType library for one render. Reference-counted by the faces opened from it:
/// cairo may destroy a font face (and so its FT_Face) after the render has returned,
/// when it evicts the face from its own caches, and `FT_Done_Face` needs the library.
final class FreeTypeLibrary {
    let handle: OpaquePointer

    init() throws(ConversionError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw .renderFailed(reason: "FreeType failed to start (error \(error))") }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }
}

/// An FT_Face that cairo draws with. cairo holds no reference to the FT_Face but uses it
/// until the PDF surface is finished (and until the cairo font face dies), so the cairo
/// font face owns this object through its user data; the destroy callback releases it.
/// FreeType reads the file through `FontFileStream`, never a mapping of it.
final class FreeTypeFace {
    let face: FT_Face
    private let library: FreeTypeLibrary
    /// What FreeType reads the file through; outlives the face (FT_Done_Face first).
    let stream: FontFileStream

    init(file: FontFile, library: FreeTypeLibrary) throws(ConversionError) {
        guard let stream = FontFileStream(path: file.path) else {
            throw .renderFailed(reason: "cannot open font \(file.path) (face \(file.index)): \(String(cString: strerror(errno)))")
        }
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream.record
        var face: FT_Face?
        let error = FT_Open_Face(library.handle, &arguments, FT_Long(file.index), &face)
        guard error == 0, let face else {
            throw .renderFailed(reason: "cannot open font \(file.path) (face \(file.index)): FreeType error \(error)")
        }
        self.face = face
        self.library = library
        self.stream = stream
    }

    deinit { FT_Done_Face(face) }
}

/// A cairo scaled font (face + size + font options), owned.
final class CairoScaledFont {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { cairo_scaled_font_destroy(handle) }
}

/// A cairo font face, owned (cairo may keep its own references longer).
final class CairoFontFace {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { cairo_font_face_destroy(handle) }
}

/// Font faces and scaled fonts for one document: one FT_Face per font file and face
/// index, one cairo scaled font per face and size. Glyph positions come from layout, so
/// hinting is off and metrics are unhinted: cairo must not move anything. The faces
/// that are CID-keyed CFF fonts are noted in `cidFonts`, whose glyphs are embedded by
/// HarfBuzz rather than cairo (see `CIDFontSubsets`); other CFF faces in `cffFonts`, whose
/// subsets get back the subroutines cairo emptied (see `CFFSubroutineRepair`).
final class FontFaceCache {
    private struct SizedFont: Hashable {
        var file: FontFile
        /// The size in points, as bits so that the key is exactly the layout's value.
        var sizeBits: UInt64
    }

    /// A cairo scaled font, and where to note the glyphs drawn with it when its face is a
    /// CID-keyed CFF font.
    struct DrawingFont {
        var handle: OpaquePointer
        var cidFont: CIDFontSubsets.Face?
    }

    private struct Face {
        var cairo: CairoFontFace
        var cidFont: CIDFontSubsets.Face?
    }

    let cidFonts = CIDFontSubsets()
    let cffFonts = CFFSubroutineRepair()
    private let library: FreeTypeLibrary
    private var faces: [FontFile: Face] = [:]
    private var scaledFonts: [SizedFont: (font: CairoScaledFont, cidFont: CIDFontSubsets.Face?)] = [:]
    /// The address cairo files the FT_Face owner under; allocated because Swift 6 allows
    /// no global mutable C state. cairo only compares the address, never reads it.
    private let ownerKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
    private let options: OpaquePointer

    init() throws(ConversionError) {
        library = try FreeTypeLibrary()
        guard let options = cairo_font_options_create() else {
            throw .renderFailed(reason: "cairo could not allocate font options")
        }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        self.options = options
    }

    deinit {
        scaledFonts.removeAll()
        faces.removeAll()
        cairo_font_options_destroy(options)
        ownerKey.deallocate()
    }

    /// The scaled font for `file` at `size` points, created on first use.
    func scaledFont(_ file: FontFile, size: Points) throws(ConversionError) -> DrawingFont {
        let key = SizedFont(file: file, sizeBits: size.value.bitPattern)
        if let entry = scaledFonts[key] { return DrawingFont(handle: entry.font.handle, cidFont: entry.cidFont) }
        let face = try fontFace(file)
        var fontMatrix = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, size.value, size.value)
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        guard let scaled = cairo_scaled_font_create(face.cairo.handle, &fontMatrix, &identity, options) else {
            throw .renderFailed(reason: "cairo could not create a font for \(file.path)")
        }
        let font = CairoScaledFont(scaled)
        let status = cairo_scaled_font_status(scaled)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "cairo font \(file.path) at \(size) pt: \(CairoPDFSurface.describe(status))")
        }
        scaledFonts[key] = (font, face.cidFont)
        return DrawingFont(handle: scaled, cidFont: face.cidFont)
    }

    private func fontFace(_ file: FontFile) throws(ConversionError) -> Face {
        if let face = faces[file] { return face }
        let ftFace = try FreeTypeFace(file: file, library: library)
        var isCID: FT_Bool = 0
        let postScriptName = FT_Get_Postscript_Name(ftFace.face).map { String(cString: $0) }
        let cidFont = FT_Get_CID_Is_Internally_CID_Keyed(ftFace.face, &isCID) == 0 && isCID != 0
            ? postScriptName.map { cidFonts.add(file, postScriptName: $0) }
            : nil
        if let cidFont, let length = Self.cffTableLength(ftFace.face), length >= PartialCFFRead.minimumLength {
            ftFace.stream.partialCFF = PartialCFFRead(length: length) { [weak cidFont] in cidFont?.glyphs ?? [] }
        }
        if cidFont == nil, let postScriptName, Self.hasCFFTable(ftFace.face) {
            cffFonts.add(file, postScriptName: postScriptName)
        }
        guard let cairoFace = cairo_ft_font_face_create_for_ft_face(ftFace.face, 0) else {
            throw .renderFailed(reason: "cairo could not use font \(file.path)")
        }
        let face = CairoFontFace(cairoFace)
        let owner = Unmanaged.passRetained(ftFace).toOpaque()
        let status = cairo_font_face_set_user_data(cairoFace, ownerKey, owner) { owner in
            guard let owner else { return }
            Unmanaged<FreeTypeFace>.fromOpaque(owner).release()
        }
        guard status == CAIRO_STATUS_SUCCESS else {
            // cairo did not take the owner, so the destroy callback will never run.
            Unmanaged<FreeTypeFace>.fromOpaque(owner).release()
            throw .renderFailed(reason: "cairo font face for \(file.path): \(CairoPDFSurface.describe(status))")
        }
        let entry = Face(cairo: face, cidFont: cidFont)
        faces[file] = entry
        return entry
    }

    /// Whether `face` is an OpenType font with CFF outlines (a `CFF ` table).
    private static func hasCFFTable(_ face: FT_Face) -> Bool {
        cffTableLength(face) != nil
    }

    /// The length of `face`'s `CFF ` table in bytes; nil without one.
    private static func cffTableLength(_ face: FT_Face) -> Int? {
        var length: FT_ULong = 0
        let tag = FT_ULong(0x4346_4620)  // "CFF "
        return FT_Load_Sfnt_Table(face, tag, 0, nil, &length) == 0 && length > 0 ? Int(length) : nil
    }
}
