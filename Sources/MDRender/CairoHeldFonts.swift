import CCairo

/// cairo keeps the last 256 scaled fonts that nobody holds any more ("holdovers", in
/// its font map for the whole process), in case one is asked for again; each keeps its
/// font face, so its FT_Face, FreeType's copy of the font's tables and cairo's cache
/// of glyph extents, alive. A render's faces are its own (`FontFaceCache`), so no later
/// render can ever ask for one: for the Rust book, 7 MB that stayed resident through the
/// qpdf pass (FreeType 5 MB, cairo's glyph caches 2 MB) and on to the next conversion.
/// cairo has no call to empty the list short of `cairo_debug_reset_static_data`, which
/// must not run while another thread uses cairo (`-j`); so `letGo` pushes them out the
/// way cairo itself does, with 257 scaled fonts of a user font face that draws nothing
/// (no FreeType, no glyphs), each dropped at once. Fonts still in use anywhere are
/// never in the list, so a render running beside this one is not touched.
enum CairoHeldFonts {
    /// `CAIRO_SCALED_FONT_MAX_HOLDOVERS` of cairo 1.16 (cairo-scaled-font.c).
    static let capacity = 256

    static func letGo() {
        guard let face = cairo_user_font_face_create() else { return }
        defer { cairo_font_face_destroy(face) }
        guard let options = cairo_font_options_create() else { return }
        defer { cairo_font_options_destroy(options) }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        // One more than the list holds: cairo also keeps the font made last (its "most
        // recently used"), which enters the list only when the next one is made.
        for size in 1...capacity + 1 {
            // A size of its own each, so that cairo makes a new font rather than finding
            // the one before in its list.
            var matrix = cairo_matrix_t()
            cairo_matrix_init_scale(&matrix, Double(size), Double(size))
            cairo_scaled_font_destroy(cairo_scaled_font_create(face, &matrix, &identity, options))
        }
    }
}
