import CHarfBuzz
import MDCore
import MDPage

/// A face with an OpenType MATH table, as the math layout reads it: the table's
/// constants, per-glyph italic corrections, top-accent attachments and cut-in kerns,
/// and the larger variants and part assemblies of stretchy glyphs, all through
/// HarfBuzz's `hb_ot_math_*` API. Every length is in em of the font size (font units
/// divided by units-per-em); y is up, as in the font.
///
/// Made by `TextContext.mathFont(families:)`; only meaningful with that context.
public final class MathFont {
    /// The face, for glyph runs (`TextContext.file(of:)` gives its file).
    public let id: FontID
    public let file: FontFile
    let face: Face
    /// `hb_buffer_t*`, owned: shapes one character with the `ssty` feature.
    private let buffer: OpaquePointer
    public let constants: MathConstants
    private var nominal: [UInt32: UInt32] = [:]
    private var scriptForms: [UInt64: UInt32] = [:]
    private var bounds: [UInt32: GlyphBounds] = [:]

    init(id: FontID, face: Face) {
        self.id = id
        self.face = face
        file = face.file
        buffer = hb_buffer_create()!
        constants = MathConstants(face: face)
    }

    deinit { hb_buffer_destroy(buffer) }

    private func em(_ units: Int32) -> Em { Em(Double(units) / face.upem) }

    /// The glyph of `scalar` in this face (before any script-size substitution); nil
    /// when the face has none.
    public func glyph(for scalar: UInt32) -> UInt32? {
        if let g = nominal[scalar] { return g == 0 ? nil : g }
        var g: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(face.font, scalar, &g) == 0 { g = 0 }
        nominal[scalar] = g
        return g == 0 ? nil : g
    }

    /// The glyph of `scalar` as it is drawn in scripts: `level` 1 (script) or 2
    /// (scriptscript) applies the font's `ssty` feature, which gives thicker, wider
    /// forms made for the smaller size (primes, operators). Level 0 is the nominal glyph.
    public func glyph(for scalar: UInt32, scriptLevel level: Int) -> UInt32? {
        guard level > 0 else { return glyph(for: scalar) }
        let key = UInt64(scalar) << 8 | UInt64(level)
        if let g = scriptForms[key] { return g == 0 ? nil : g }
        guard glyph(for: scalar) != nil else { scriptForms[key] = 0; return nil }
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_COMMON)
        var cp = scalar
        hb_buffer_add_codepoints(buffer, &cp, 1, 0, 1)
        var feature = hb_feature_t(tag: hb_tag_from_string("ssty", 4), value: UInt32(min(level, 2)), start: 0, end: UInt32.max)
        hb_shape(face.font, buffer, &feature, 1)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)
        let g = count == 1 ? infos?[0].codepoint ?? 0 : (glyph(for: scalar) ?? 0)
        scriptForms[key] = g
        return g == 0 ? nil : g
    }

    /// The glyph's advance.
    public func advance(_ glyph: UInt32) -> Em { em(hb_font_get_glyph_h_advance(face.font, glyph)) }

    /// The glyph's ink box.
    public func bounds(_ glyph: UInt32) -> GlyphBounds {
        if let b = bounds[glyph] { return b }
        var e = hb_glyph_extents_t()
        let b: GlyphBounds
        if hb_font_get_glyph_extents(face.font, glyph, &e) != 0 {
            b = GlyphBounds(left: em(e.x_bearing), right: em(e.x_bearing + e.width), top: em(e.y_bearing),
                            bottom: em(e.y_bearing + e.height))
        } else {
            b = GlyphBounds(left: .zero, right: advance(glyph), top: .zero, bottom: .zero)
        }
        bounds[glyph] = b
        return b
    }

    /// How far a superscript moves right of a slanted glyph (zero for upright ones).
    public func italicCorrection(_ glyph: UInt32) -> Em {
        em(hb_ot_math_get_glyph_italics_correction(face.font, glyph))
    }

    /// Where an accent over the glyph is centered, from the glyph's origin; nil when
    /// the font gives none (the layout then centers on the ink).
    public func topAccentAttachment(_ glyph: UInt32) -> Em? {
        // HarfBuzz answers half the advance when the table has no entry.
        let v = hb_ot_math_get_glyph_top_accent_attachment(face.font, glyph)
        let half = hb_font_get_glyph_h_advance(face.font, glyph) / 2
        return v == half ? nil : em(v)
    }

    /// Whether the glyph is an "extended shape" (a large variant or assembly part):
    /// its scripts attach to its ink, not to the font's usual script positions.
    public func isExtendedShape(_ glyph: UInt32) -> Bool {
        hb_ot_math_is_glyph_extended_shape(hb_font_get_face(face.font), glyph) != 0
    }

    public enum KernCorner { case topRight, topLeft, bottomRight, bottomLeft }

    /// The cut-in kern at `corner` for a script whose nearest edge is at `height`
    /// (MATH table `MathKernInfo`); negative moves the script in.
    public func kern(_ glyph: UInt32, corner: KernCorner, height: Em) -> Em {
        let k: hb_ot_math_kern_t
        switch corner {
        case .topRight: k = HB_OT_MATH_KERN_TOP_RIGHT
        case .topLeft: k = HB_OT_MATH_KERN_TOP_LEFT
        case .bottomRight: k = HB_OT_MATH_KERN_BOTTOM_RIGHT
        case .bottomLeft: k = HB_OT_MATH_KERN_BOTTOM_LEFT
        }
        return em(hb_ot_math_get_glyph_kerning(face.font, glyph, k, Int32((height.value * face.upem).rounded())))
    }

    /// Larger forms of the glyph in `vertical` (delimiters, radicals, operators) or
    /// horizontal (accents, braces, arrows) direction, smallest first, the glyph itself
    /// usually first; each with its size in that direction.
    public func variants(_ glyph: UInt32, vertical: Bool) -> [GlyphVariant] {
        let dir = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 64
        var buf = [hb_ot_math_glyph_variant_t](repeating: hb_ot_math_glyph_variant_t(), count: 64)
        _ = hb_ot_math_get_glyph_variants(face.font, glyph, dir, 0, &count, &buf)
        return buf.prefix(Int(count)).map { GlyphVariant(glyph: $0.glyph, size: em($0.advance)) }
    }

    /// The parts a stretchy glyph is assembled from, bottom to top (vertical) or left
    /// to right; nil when the font has no assembly for it.
    public func assembly(_ glyph: UInt32, vertical: Bool) -> GlyphAssembly? {
        let dir = vertical ? HB_DIRECTION_BTT : HB_DIRECTION_LTR
        var count: UInt32 = 32
        var parts = [hb_ot_math_glyph_part_t](repeating: hb_ot_math_glyph_part_t(), count: 32)
        var italic: hb_position_t = 0
        _ = hb_ot_math_get_glyph_assembly(face.font, glyph, dir, 0, &count, &parts, &italic)
        guard count > 0 else { return nil }
        let list = parts.prefix(Int(count)).map {
            GlyphAssembly.Part(glyph: $0.glyph, startConnector: em($0.start_connector_length),
                               endConnector: em($0.end_connector_length), fullAdvance: em($0.full_advance),
                               isExtender: $0.flags.rawValue & HB_OT_MATH_GLYPH_PART_FLAG_EXTENDER.rawValue != 0)
        }
        return GlyphAssembly(parts: list, italicCorrection: em(italic),
                             minConnectorOverlap: em(hb_ot_math_get_min_connector_overlap(face.font, dir)))
    }
}

/// A glyph's ink box in em, y up: `top` above the baseline, `bottom` below it (negative
/// for a descender).
public struct GlyphBounds: Hashable, Sendable {
    public var left: Em, right: Em, top: Em, bottom: Em
    public init(left: Em, right: Em, top: Em, bottom: Em) { self.left = left; self.right = right; self.top = top; self.bottom = bottom }
}

public struct GlyphVariant: Hashable, Sendable {
    public var glyph: UInt32
    /// Height plus depth (vertical) or width (horizontal).
    public var size: Em
}

/// How a stretchy glyph is built from parts (OpenType `GlyphAssembly`).
public struct GlyphAssembly: Hashable, Sendable {
    public struct Part: Hashable, Sendable {
        public var glyph: UInt32
        public var startConnector: Em
        public var endConnector: Em
        public var fullAdvance: Em
        /// May be repeated (and overlap more) to reach a size.
        public var isExtender: Bool
    }
    public var parts: [Part]
    public var italicCorrection: Em
    /// The least two neighbouring parts must overlap.
    public var minConnectorOverlap: Em
}

extension TextContext {
    /// The first of `families` that is installed and has a MATH table; nil when none is.
    /// Families are looked up without the missing-family warning: the list is a
    /// fallback chain, and later entries stand in for earlier ones on purpose.
    public func mathFont(families: [String]) -> MathFont? {
        for family in families {
            let chain = database.chain(for: FontSpec(families: [family]), warnIfMissing: false)
            guard let entry = chain.first,
                  entry.families.contains(where: { $0.lowercased() == family.lowercased() }) else { continue }
            let id = fontID(in: chain, at: 0)
            if let m = mathFonts[id] { return m }
            guard hb_ot_math_has_data(hb_font_get_face(faces[id.raw].font)) != 0 else { continue }
            let m = MathFont(id: id, face: faces[id.raw])
            mathFonts[id] = m
            return m
        }
        return nil
    }

    /// The ink box of a glyph of any loaded face at `size` (for text glyphs inside
    /// formulas), in em.
    public func glyphBounds(_ glyph: UInt32, in font: FontID) -> GlyphBounds {
        let face = faces[font.raw]
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(face.font, glyph, &e) != 0 else {
            return GlyphBounds(left: .zero, right: .zero, top: .zero, bottom: .zero)
        }
        let k = 1 / face.upem
        return GlyphBounds(left: Em(Double(e.x_bearing) * k), right: Em(Double(e.x_bearing + e.width) * k),
                           top: Em(Double(e.y_bearing) * k), bottom: Em(Double(e.y_bearing + e.height) * k))
    }
}
