import MDCore

struct FeatureCoverageKey: Hashable {
    var text: String
    var font: FontSpec
    var feature: String
}

extension TextContext {
    /// Whether the OpenType feature `tag` (say `sups`) gives every character of `text`
    /// in `font` a glyph of its own: shaped with and without it, every glyph but the
    /// spaces' differs. Then the font has, for instance, true superscript forms for all
    /// of the text, and they can replace smaller, shifted letters. Cached per text, font
    /// and feature.
    public func substitutesEveryGlyph(_ text: String, font: FontSpec, feature tag: String) -> Bool {
        let key = FeatureCoverageKey(text: text, font: font, feature: tag)
        if let known = featureCoverage[key] { return known }
        let plain = ShapingRun(range: 0..<text.utf8.count, font: font, size: Points(10), features: font.features)
        var featured = plain
        featured.features.append(FontFeature(tag, 1))
        let without = shape(text, runs: [plain]).glyphs, with = shape(text, runs: [featured]).glyphs
        let bytes = Array(text.utf8)
        var answer = !without.isEmpty && without.count == with.count
        var substituted = 0
        if answer {
            for (a, b) in zip(without, with) {
                let isSpace = a.cluster < bytes.count && (bytes[a.cluster] == 0x20 || bytes[a.cluster] == 0x09)
                if a.id == b.id && a.font == b.font {
                    if !isSpace { answer = false; break }
                } else {
                    substituted += 1
                }
            }
        }
        answer = answer && substituted > 0
        featureCoverage[key] = answer
        return answer
    }
}
