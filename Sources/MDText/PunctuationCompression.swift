import CHarfBuzz
import CICUShim

/// Chinese and Japanese punctuation is full width, its ink on one half of the em box:
/// a closing mark (」）、。) on the left, an opening one (「（) on the right. Two in a row
/// leave a hole of a whole em between them, so, as JIS X 4051 and the W3C's Japanese
/// layout requirements do, one of the two is set half width: a closing mark followed by
/// another closing one (。」 → 。½」), and an opening mark after another opening one or
/// after a closing one (（「 → （½「, 。「 → 。½「). The half width comes from the font
/// itself, its OpenType `halt` feature (alternate half widths), applied to just those
/// characters.
///
/// Never the closing mark of a closing–opening pair: a line may end between them, and a
/// mark set half width at a line's end would leave the PDF's glyph box (the font's full
/// advance, which text extraction and selection use) past the margin. The opening mark
/// of the pair is the one taken in; where a line starts at it, layout sets it full width
/// again (`LineStartPunctuation` in MDLayout), for the same reason at the left margin.
/// Two marks of the same side are never split by a line break (kinsoku).
enum PunctuationCompression {
    /// `halt` features limited to the marks to compress (UTF-8 ranges of the text, as
    /// HarfBuzz clusters are), for every item of the paragraph; empty for text without
    /// two fullwidth punctuation marks in a row.
    static func features(_ text: DecodedText) -> [hb_feature_t] {
        var out: [hb_feature_t] = []
        let tag = hb_tag_from_string("halt", 4)
        var previous = Int32(MDICU_PUNCTUATION_NONE)
        for i in 0..<text.count {
            let s = text.scalars[i]
            let kind = EastAsianText.isIdeographic(s) ? mdicu_punctuation_kind(Int32(bitPattern: s)) : Int32(MDICU_PUNCTUATION_NONE)
            if i > 0 {
                var compress = -1
                if previous == Int32(MDICU_PUNCTUATION_CLOSING) && kind == Int32(MDICU_PUNCTUATION_CLOSING) {
                    compress = i - 1
                } else if previous != Int32(MDICU_PUNCTUATION_NONE) && kind == Int32(MDICU_PUNCTUATION_OPENING) {
                    compress = i
                }
                if compress >= 0 {
                    out.append(hb_feature_t(tag: tag, value: 1, start: UInt32(text.starts[compress]),
                                            end: UInt32(text.starts[compress + 1])))
                }
            }
            previous = kind
        }
        return out
    }
}
