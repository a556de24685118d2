import CHarfBuzz
import MDCore
import MDPage

/// One font face loaded for shaping: a HarfBuzz face and font of its own, read from the
/// file (`hb_blob_create_from_file`, memory-mapped), never shared with the renderer.
///
/// The font is scaled at units-per-em, so HarfBuzz works in font units and one shaping
/// result serves every size; positions are multiplied by `size / upem` afterwards. This
/// also avoids the all-zero advances of an unsized FreeType face. `hb_font_create` uses
/// HarfBuzz's own OpenType functions (no FreeType), about 25% faster to shape.
final class Face {
    let file: FontFile
    /// `hb_face_t*`, owned.
    private let face: OpaquePointer
    /// `hb_font_t*`, owned; scale = (upem, upem).
    let font: OpaquePointer
    /// Font units per em (1000 for CFF fonts, usually 1024 or 2048 for TrueType).
    let upem: Double

    /// Where what the face's tables teach is kept between faces and runs; nil: read
    /// here every time.
    private let traits: SystemFonts?
    /// The file's identity when it was opened here, which what is learned of it is kept
    /// under (nil: not kept).
    private let fileStamp: PathSignature?

    init(file: FontFile, traits: SystemFonts? = nil) {
        self.file = file
        self.traits = traits
        // Before the file is read: a file replaced after this is not the one the
        // stamp names, and what this face learns is kept under this stamp.
        fileStamp = traits == nil ? nil : PathSignature(ofRegularFile: file.path)
        // An unreadable file gives the empty blob and an empty face: every glyph is then
        // .notdef with zero advance, which is visible in the output but does not crash.
        let blob = hb_blob_create_from_file(file.path)
        face = hb_face_create(blob, UInt32(file.index))!
        hb_blob_destroy(blob)
        let units = hb_face_get_upem(face)
        upem = Double(units == 0 ? 1000 : units)
        font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
    }

    /// Computed once on first use.
    private(set) lazy var metrics: FontMetrics = readMetrics()

    /// Whether a word shapes the same on its own as between its neighbours, so that its
    /// glyphs can be reused wherever it recurs (`WordShapeCache`): true when no GSUB or
    /// GPOS lookup of the face has the space glyph in its input, context or output (so
    /// no substitution or kerning reaches across a space), and HarfBuzz applies neither
    /// AAT tables nor a legacy `kern` table (which this check does not read). Computed
    /// on first use, for faces that set left-to-right Latin, Greek, Cyrillic or common
    /// text, unless `traits` knows it from an earlier face of the same file.
    private(set) lazy var shapesWordsAlone: Bool =
        traits.flatMap { traits in fileStamp.map { traits.shapesWordsAlone(file, stamp: $0) { readShapesWordsAlone() } } }
            ?? readShapesWordsAlone()

    private func readShapesWordsAlone() -> Bool {
        let space = spaceGlyph
        guard space != 0, !hasTable("morx"), !hasTable("mort") else { return false }
        let gsub = hb_tag_from_string("GSUB", 4), gpos = hb_tag_from_string("GPOS", 4)
        // HarfBuzz uses a `kern` table only when GPOS has no kerning of its own.
        if hasTable("kern"), !featureTags(gpos).contains(hb_tag_from_string("kern", 4)) { return false }
        let sets = (0..<4).map { _ in hb_set_create()! }
        defer { sets.forEach { hb_set_destroy($0) } }
        for table in [gsub, gpos] {
            for lookup in 0..<hb_ot_layout_table_get_lookup_count(face, table) {
                sets.forEach { hb_set_clear($0) }
                hb_ot_layout_lookup_collect_glyphs(face, table, lookup, sets[0], sets[1], sets[2], sets[3])
                if sets.contains(where: { hb_set_has($0, space) != 0 }) { return false }
            }
        }
        return true
    }

    /// The feature tags of the GSUB or GPOS `table`, each as often as the table lists it.
    private func featureTags(_ table: hb_tag_t) -> [hb_tag_t] {
        let total = hb_ot_layout_table_get_feature_tags(face, table, 0, nil, nil)
        var count = total
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        _ = hb_ot_layout_table_get_feature_tags(face, table, 0, &count, &tags)
        return Array(tags.prefix(Int(count)))
    }

    private func hasTable(_ tag: String) -> Bool {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, Int32(tag.utf8.count)))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob) > 0
    }

    /// Reads the metrics the layout needs, in em, falling back where a table lacks them:
    /// - ascender/descender/lineGap: OS/2 typo metrics when the font sets
    ///   USE_TYPO_METRICS, else `hhea` (HarfBuzz's `hb_ot_metrics` applies that rule);
    ///   if both are missing, 0.8 / 0.2 / 0 em.
    /// - xHeight/capHeight: OS/2 (version 2+); else the top of the 'x' / 'H' glyph;
    ///   else 0.5 / 0.7 em.
    /// - underline (`post`): position and thickness; when the thickness is missing or 0,
    ///   0.05 em thick, 0.1 em below the baseline.
    /// - strikeout (OS/2): when missing or 0, as thick as the underline, its top edge
    ///   half a stroke above the middle of the x-height (so the stroke is centred there).
    private func readMetrics() -> FontMetrics {
        func value(_ tag: hb_ot_metrics_tag_t) -> Double? {
            var position: hb_position_t = 0
            guard hb_ot_metrics_get_position(font, tag, &position) != 0 else { return nil }
            return Double(position) / upem
        }
        var ascender = value(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER) ?? 0
        var descender = -(value(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER) ?? 0)
        let lineGap = max(0, value(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP) ?? 0)
        if ascender == 0 && descender == 0 { ascender = 0.8; descender = 0.2 }

        let xHeight = positive(value(HB_OT_METRICS_TAG_X_HEIGHT)) ?? glyphTop("x") ?? 0.5
        let capHeight = positive(value(HB_OT_METRICS_TAG_CAP_HEIGHT)) ?? glyphTop("H") ?? 0.7

        var underlineThickness = value(HB_OT_METRICS_TAG_UNDERLINE_SIZE) ?? 0
        // `post` gives the top edge of the stroke relative to the baseline, y up.
        var underlinePosition = -(value(HB_OT_METRICS_TAG_UNDERLINE_OFFSET) ?? -0.1)
        if underlineThickness <= 0 { underlineThickness = 0.05; underlinePosition = 0.1 }

        var strikeoutThickness = value(HB_OT_METRICS_TAG_STRIKEOUT_SIZE) ?? 0
        var strikeoutPosition = value(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET) ?? 0
        if strikeoutThickness <= 0 || strikeoutPosition <= 0 {
            strikeoutThickness = underlineThickness
            strikeoutPosition = xHeight / 2 + strikeoutThickness / 2
        }
        return FontMetrics(
            ascender: Em(ascender), descender: Em(descender), lineGap: Em(lineGap),
            xHeight: Em(xHeight), capHeight: Em(capHeight),
            underlinePosition: Em(underlinePosition), underlineThickness: Em(underlineThickness),
            strikeoutPosition: Em(strikeoutPosition), strikeoutThickness: Em(strikeoutThickness))
    }

    private func positive(_ v: Double?) -> Double? {
        guard let v, v > 0 else { return nil }
        return v
    }

    /// The height of the top of `character`'s glyph above the baseline, in em; nil when
    /// the font has no such glyph or it is empty.
    private func glyphTop(_ character: Unicode.Scalar) -> Double? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, character.value, &glyph) != 0 else { return nil }
        var extents = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(font, glyph, &extents) != 0, extents.y_bearing > 0 else { return nil }
        return Double(extents.y_bearing) / upem
    }
}
