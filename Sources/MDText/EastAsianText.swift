import CICUShim

/// Character classes that Chinese, Japanese and Korean text is set by: which characters
/// sit on the ideographic grid (justified by spreading spare width between them), which
/// are Hangul (spaced between words, like English), and where a line may be cut.
public enum EastAsianText {
    /// Whether `s` is set on the ideographic grid of Chinese and Japanese: Han
    /// ideographs, kana, bopomofo, CJK symbols and punctuation (the ideographic space
    /// included) and the fullwidth forms. Each such character is a justification
    /// opportunity on both sides (CSS `text-justify: inter-character`). Hangul is not:
    /// Korean puts spaces between words and is justified at them.
    @inline(__always)
    public static func isIdeographic(_ s: UInt32) -> Bool {
        guard s >= 0x2E80 else { return false }
        switch s {
        case 0x2E80...0x2FDF,      // CJK radicals, Kangxi radicals
             0x2FF0...0x30FF,      // ideographic description, CJK symbols and punctuation, kana
             0x3100...0x312F,      // bopomofo
             0x3190...0x31FF,      // kanbun, bopomofo extended, strokes, katakana extensions
             0x3200...0x33FF,      // enclosed CJK letters, CJK compatibility
             0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
             0xFE10...0xFE1F, 0xFE30...0xFE4F,  // vertical forms, CJK compatibility forms
             0xFF01...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
             0x1AFF0...0x1B16F,    // kana supplements
             0x20000...0x3FFFF:    // ideographs of the supplementary planes
            return true
        default:
            return false
        }
    }

    /// Whether `s` is a Hangul syllable or jamo.
    @inline(__always)
    public static func isHangul(_ s: UInt32) -> Bool {
        switch s {
        case 0x1100...0x11FF, 0x3131...0x318E, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xD7B0...0xD7FF, 0xFFA0...0xFFDC:
            return true
        default:
            return false
        }
    }

    /// Whether `s` is an opening bracket or quotation mark of the ideographic grid (「（『),
    /// its ink on the right half of its em: ICU's line-break class OP.
    public static func isOpeningPunctuation(_ s: UInt32) -> Bool {
        isIdeographic(s) && mdicu_punctuation_kind(Int32(bitPattern: s)) == Int32(MDICU_PUNCTUATION_OPENING)
    }

    /// Kinsoku, by ICU's line-break classes: whether a line may end between `before` and
    /// `after` as far as these two characters go — not after an opening bracket or
    /// quotation mark (「（“), not before a closing one, a full stop or comma (」）”。、),
    /// a small kana or ー.
    /// For cuts the line-break iterator does not offer (a word wider than the line),
    /// since its own opportunities already honour this.
    public static func lineMayBreak(between before: UInt32, and after: UInt32) -> Bool {
        mdicu_line_may_break_between(Int32(bitPattern: before), Int32(bitPattern: after)) != 0
    }

    /// The scalar whose UTF-8 sequence starts at byte `offset` of `bytes` (valid UTF-8).
    /// Inlinable, so callers in other modules get it specialized for their collection:
    /// unspecialized, every byte went through the generic subscript's witness (0.5 G
    /// instructions of layout on the Rust book's chapters 1–14, in `InterCharacterGlue`).
    @inlinable
    public static func scalar<C: RandomAccessCollection>(at offset: Int, in bytes: C) -> UInt32
    where C.Element == UInt8, C.Index == Int {
        let b0 = UInt32(bytes[offset])
        if b0 < 0x80 { return b0 }
        if b0 < 0xE0 { return (b0 & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F) }
        if b0 < 0xF0 {
            return (b0 & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
        }
        return (b0 & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12
            | UInt32(bytes[offset + 2] & 0x3F) << 6 | UInt32(bytes[offset + 3] & 0x3F)
    }

    /// The scalar that ends just before byte `offset` (> 0) of `bytes` (valid UTF-8).
    @inlinable
    public static func scalar<C: RandomAccessCollection>(before offset: Int, in bytes: C) -> UInt32
    where C.Element == UInt8, C.Index == Int {
        var start = offset - 1
        while start > bytes.startIndex, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: bytes)
    }
}
