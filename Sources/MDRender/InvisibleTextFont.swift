import CCairo
import MDCore
import MDPage

/// A font of empty glyphs that carries text the PDF shows as pictures (colour emoji):
/// drawn with `cairo_show_text_glyphs` over the picture, it puts the text into the text
/// layer — copying, search, `pdftotext` and MuPDF give the emoji's code points back —
/// with a box where the picture is, while painting nothing.
///
/// It is a cairo user font, which cairo's PDF surface writes as a Type 3 font whose glyph
/// procedures draw nothing. Each code point gets a glyph of its own, mapped to it alone in
/// the font's ToUnicode map, and a sequence is drawn as several glyphs side by side over
/// one picture (👍🏽 is 👍 and 🏽; 👨‍👩‍👧 five glyphs, the joiners too): MuPDF 1.21 garbles a
/// glyph mapped to several code points outside the BMP, and ignores /ActualText, while
/// poppler and MuPDF both read one code point a glyph. Glyphs are numbered in the order
/// code points are first drawn, so the same document gives the same font.
final class InvisibleTextFont {
    /// Every glyph is this wide in its font's em; a cluster's real width comes from the
    /// font's horizontal scale (`scaledFont(size:width:)`). poppler's text extraction
    /// guesses the size of a Type 3 font's text from its first glyph's width, taken as
    /// half an em: a glyph of exactly 0.5 em gives the run's own size, so the emoji's
    /// box and line are those of the text around it (a 1.25 em wide glyph made poppler
    /// take 10 pt emoji for 25 pt text, on lines of their own).
    static let glyphWidth = 0.5

    /// A glyph's ascent and descent in 1/1024 em, packed into its index with a serial
    /// number: cairo asks a user font for a glyph's extents through a C callback that can
    /// capture nothing, so the index itself says how tall the glyph is.
    struct Glyph: Hashable {
        var serial: UInt
        var ascent: UInt
        var descent: UInt

        static let unitsPerEm = 1024.0
        /// Bits of each field, low to high: serial, ascent, descent (64 in all).
        static let serialBits = 32, ascentBits = 16, descentBits = 16

        init(serial: UInt, ascent: Double, descent: Double) {
            self.serial = serial & Self.mask(Self.serialBits)
            self.ascent = Self.units(ascent, bits: Self.ascentBits)
            self.descent = Self.units(descent, bits: Self.descentBits)
        }

        init(index: UInt) {
            var rest = index
            func take(_ bits: Int) -> UInt { defer { rest >>= UInt(bits) }; return rest & Glyph.mask(bits) }
            serial = take(Self.serialBits)
            ascent = take(Self.ascentBits)
            descent = take(Self.descentBits)
        }

        var index: UInt { serial | ascent << UInt(Self.serialBits) | descent << UInt(Self.serialBits + Self.ascentBits) }

        /// The glyph's box and advance in em (y down, as cairo's text extents).
        var extents: cairo_text_extents_t {
            let em = Self.unitsPerEm
            return cairo_text_extents_t(x_bearing: 0, y_bearing: -Double(ascent) / em, width: InvisibleTextFont.glyphWidth,
                                        height: Double(ascent + descent) / em, x_advance: InvisibleTextFont.glyphWidth,
                                        y_advance: 0)
        }

        static func mask(_ bits: Int) -> UInt { (1 << UInt(bits)) - 1 }
        private static func units(_ em: Double, bits: Int) -> UInt {
            UInt(min(Double(mask(bits)), max(0, (em * unitsPerEm).rounded())))
        }
    }

    private struct Key: Hashable {
        var scalar: Unicode.Scalar
        var ascent: UInt, descent: UInt
    }

    private struct FontKey: Hashable {
        var size: UInt64, width: UInt64
    }

    private let face: CairoFontFace
    private let options: OpaquePointer
    private var scaledFonts: [FontKey: CairoScaledFont] = [:]
    private var glyphs: [Key: UInt] = [:]

    init() throws(ConversionError) {
        guard let face = cairo_user_font_face_create(), cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "cairo could not create the font for the text of colour glyphs")
        }
        self.face = CairoFontFace(face)
        cairo_user_font_face_set_render_glyph_func(face) { _, index, _, extents in
            // Draw nothing; say how large the glyph is.
            extents?.pointee = InvisibleTextFont.Glyph(index: index).extents
            return CAIRO_STATUS_SUCCESS
        }
        guard let options = cairo_font_options_create() else {
            throw .renderFailed(reason: "cairo could not allocate font options")
        }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        self.options = options
    }

    deinit {
        scaledFonts.removeAll()
        cairo_font_options_destroy(options)
    }

    /// The glyph for `scalar` with the given ascent and descent in em: one per distinct
    /// code point and height.
    func glyph(for scalar: Unicode.Scalar, ascent: Double, descent: Double) -> UInt {
        var glyph = Glyph(serial: 0, ascent: ascent, descent: descent)
        let key = Key(scalar: scalar, ascent: glyph.ascent, descent: glyph.descent)
        if let index = glyphs[key] { return index }
        // Serial 0 is never used: glyph index 0 is .notdef to cairo's font subsetting.
        glyph.serial = UInt(glyphs.count + 1)
        glyphs[key] = glyph.index
        return glyph.index
    }

    /// The scaled font for text of `size` points whose glyphs are `width` points wide,
    /// created on first use.
    func scaledFont(size: Points, width: Points) throws(ConversionError) -> OpaquePointer {
        let key = FontKey(size: size.value.bitPattern, width: width.value.bitPattern)
        if let font = scaledFonts[key] { return font.handle }
        var fontMatrix = cairo_matrix_t(), identity = cairo_matrix_t()
        cairo_matrix_init_scale(&fontMatrix, width.value / Self.glyphWidth, size.value)
        cairo_matrix_init_identity(&identity)
        guard let scaled = cairo_scaled_font_create(face.handle, &fontMatrix, &identity, options) else {
            throw .renderFailed(reason: "cairo could not create the font for the text of colour glyphs")
        }
        let font = CairoScaledFont(scaled)
        guard cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS else {
            throw .renderFailed(reason: "the font for the text of colour glyphs at \(size) pt: \(CairoPDFSurface.describe(cairo_scaled_font_status(scaled)))")
        }
        scaledFonts[key] = font
        return scaled
    }
}
