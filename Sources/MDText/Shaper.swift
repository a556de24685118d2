import CHarfBuzz
import MDCore

/// One stretch of a paragraph shaped in one HarfBuzz call: a single run, fallback face,
/// script and direction. Ranges are UTF-8 bytes of the paragraph text.
struct TextItem {
    var range: Range<Int>
    var run: Int
    var font: FontID
    var script: hb_script_t
    /// Resolved bidi embedding level; odd is right-to-left.
    var level: UInt8
    var rtl: Bool { level & 1 == 1 }
}

/// Shapes items with HarfBuzz into `ShapedGlyph`s, reusing one `hb_buffer_t`, and
/// reusing the glyphs of words it has shaped before (`WordShapeCache`).
final class Shaper {
    /// `hb_buffer_t*`, owned; cleared and refilled for every HarfBuzz call.
    private let buffer: OpaquePointer
    let words = WordShapeCache()
    /// Off: every item is shaped whole (the tests compare both ways).
    var cachesWords = true
    /// HarfBuzz's glyphs of the last call (`harfBuzz`), kept for its capacity.
    private var scratch: [UnitGlyph] = []

    init() { buffer = hb_buffer_create()! }
    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `item` of `text` and appends its glyphs in logical order: word by word
    /// where a word shapes the same alone (`WordShapeCache`), else the item whole.
    func shape(_ item: TextItem, of text: UnsafeBufferPointer<UInt8>, face: Face, size: Points,
               language: hb_language_t?, features: [hb_feature_t], into glyphs: inout [ShapedGlyph]) {
        let scale = size.value / face.upem
        guard cachesWords, let context = words.context(for: item, face: face, language: language, features: features) else {
            harfBuzz(item.range, of: text, item: item, face: face, language: language, features: features)
            append(scratch[...], from: 0, item: item, text: text, face: face, scale: scale, size: size, into: &glyphs)
            return
        }
        var start = item.range.lowerBound
        while start < item.range.upperBound {
            let isSpace = text[start] == 0x20
            var stop = start + 1
            while stop < item.range.upperBound, (text[stop] == 0x20) == isSpace { stop += 1 }
            let word = UnsafeBufferPointer(rebasing: text[start..<stop])
            if let known = words.lookUp(word, context: context) {
                append(words.glyphs[known], from: start, item: item, text: text, face: face, scale: scale, size: size,
                       into: &glyphs)
            } else {
                harfBuzz(start..<stop, of: text, item: item, face: face, language: language, features: features)
                append(scratch[...], from: 0, item: item, text: text, face: face, scale: scale, size: size, into: &glyphs)
                if word.count <= WordShapeCache.longestWord {
                    for k in scratch.indices { scratch[k].cluster -= Int32(start) }
                    words.store(word, context: context, glyphs: scratch[...])
                }
            }
            start = stop
        }
    }

    /// Puts into `scratch` HarfBuzz's glyphs for the bytes `range` of `text`, in logical
    /// order, clusters as byte offsets into `text`.
    ///
    /// The whole paragraph is handed to HarfBuzz with `range` as the part to shape, so
    /// it sees the text around it as context (Arabic joining across a font change) and
    /// its clusters are already byte offsets into the paragraph. A right-to-left item
    /// comes out in visual order and is reversed, keeping clusters ascending.
    private func harfBuzz(_ range: Range<Int>, of text: UnsafeBufferPointer<UInt8>, item: TextItem, face: Face,
                          language: hb_language_t?, features: [hb_feature_t]) {
        scratch.removeAll(keepingCapacity: true)
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, item.rtl ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, item.script)
        // Left unset (not guessed from the process locale) when the run has none, so that
        // output does not depend on the environment.
        if let language { hb_buffer_set_language(buffer, language) }
        text.withMemoryRebound(to: CChar.self) { chars in
            hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(text.count), UInt32(range.lowerBound), Int32(range.count))
        }
        features.withUnsafeBufferPointer {
            hb_shape(face.font, buffer, $0.baseAddress, UInt32($0.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        let n = Int(count)
        for k in 0..<n {
            let i = item.rtl ? n - 1 - k : k
            let info = infos[i], position = positions[i]
            scratch.append(UnitGlyph(id: info.codepoint, cluster: Int32(bitPattern: info.cluster), xAdvance: position.x_advance,
                                     xOffset: position.x_offset, yOffset: position.y_offset,
                                     unsafeToBreak: info.mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0))
        }
    }

    /// Appends `units` (clusters counted from byte `offset` of `text`) as glyphs of
    /// `size` points; `scale` is points per font unit.
    private func append(_ units: ArraySlice<UnitGlyph>, from offset: Int, item: TextItem, text: UnsafeBufferPointer<UInt8>,
                        face: Face, scale: Double, size: Points, into glyphs: inout [ShapedGlyph]) {
        for unit in units {
            let cluster = offset + Int(unit.cluster)
            var id = unit.id
            var advance = Double(unit.xAdvance) * scale
            if let control = controlKind(at: cluster, in: text) {
                // Fonts have no glyph for newline or tab, so HarfBuzz gives .notdef, which
                // would print a box: draw a space glyph instead, with no width (newline)
                // or a space's width (tab; layout may widen it).
                id = face.spaceGlyph
                advance = control == .tab ? face.spaceAdvance * scale : 0
            }
            glyphs.append(ShapedGlyph(
                id: id, font: item.font, size: size, cluster: cluster,
                advance: Points(advance),
                dx: Points(Double(unit.xOffset) * scale),
                dy: Points(-Double(unit.yOffset) * scale),
                unsafeToBreak: unit.unsafeToBreak,
                run: item.run, rtl: item.rtl, bidiLevel: item.level))
        }
    }

    private enum Control { case tab, other }

    /// Whether the scalar at byte `offset` is a control character or line/paragraph
    /// separator (C0, DEL, C1, U+2028, U+2029), read straight from the UTF-8 bytes.
    @inline(__always)
    private func controlKind(at offset: Int, in text: UnsafeBufferPointer<UInt8>) -> Control? {
        let b0 = text[offset]
        if b0 < 0x20 || b0 == 0x7F { return b0 == 0x09 ? .tab : .other }
        if b0 < 0x80 { return nil }
        if b0 == 0xC2, offset + 1 < text.count, text[offset + 1] < 0xA0 { return .other }
        if b0 == 0xE2, offset + 2 < text.count, text[offset + 1] == 0x80,
           text[offset + 2] == 0xA8 || text[offset + 2] == 0xA9 { return .other }
        return nil
    }
}

extension Face {
    /// The glyph of U+0020 (0 if the face has none), drawn for control characters.
    var spaceGlyph: UInt32 {
        var glyph: hb_codepoint_t = 0
        _ = hb_font_get_nominal_glyph(font, 0x20, &glyph)
        return glyph
    }

    /// The advance of `spaceGlyph` in font units.
    var spaceAdvance: Double { Double(hb_font_get_glyph_h_advance(font, spaceGlyph)) }
}

/// HarfBuzz feature settings for a run, converted once per paragraph. HarfBuzz already
/// turns on kerning and standard ligatures (and the script's required features); the
/// run's settings come after and override them.
func hbFeatures(_ features: [FontFeature]) -> [hb_feature_t] {
    features.map { feature in
        let tag = feature.tag.withCString { hb_tag_from_string($0, Int32(feature.tag.utf8.count)) }
        return hb_feature_t(tag: tag, value: feature.value, start: 0, end: UInt32.max)
    }
}
