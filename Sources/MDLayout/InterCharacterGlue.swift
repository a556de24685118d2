import MDStyle
import MDText

/// Justification between ideographs. Chinese and Japanese have no spaces between words,
/// so a justified line of them can only be set flush by spreading its spare width
/// between its characters (CSS `text-justify: inter-character`, TeX's `\kanjiskip`).
/// Each place where an ideograph, a kana or a CJK punctuation mark meets another
/// character (on either side) holds glue of no natural width; the breakers see how far
/// it stretches and shrinks (`KnuthPlassBreaker.gapStretch`), and `LineBuilder` widens
/// it with the line's spaces. Latin text has no such gap, so its setting is unchanged.
enum InterCharacterGlue {
    /// For each glyph, the gap before it as the font size (points) of its character, or
    /// 0 when there is none: not before the first glyph, not inside a cluster, not next to
    /// a space or a control character, not in code spans, inline objects or
    /// right-to-left text.
    static func gaps(_ glyphs: [ShapedGlyph], bytes: [UInt8], runs: [StyledRun]) -> [Double] {
        var out = [Double](repeating: 0, count: glyphs.count)
        // Every ideograph, kana and CJK mark is at U+2E80 or above: in UTF-8, a lead byte
        // above 0xE2, or 0xE2 before 0xBA or more (U+2019 and the dashes, E2 80 xx, are
        // not). Text without one (most of a Latin document) has no gap.
        guard glyphs.count > 1, Self.mayHaveIdeographs(bytes, around: glyphs) else { return out }
        var previousStart = glyphs[0].cluster
        for i in 1..<glyphs.count {
            let g = glyphs[i], before = previousStart
            guard g.cluster != before else { continue }
            previousStart = g.cluster
            let a = EastAsianText.scalar(at: before, in: bytes), b = EastAsianText.scalar(at: g.cluster, in: bytes)
            guard EastAsianText.isIdeographic(a) || EastAsianText.isIdeographic(b),
                  !isSpaceOrControl(a), !isSpaceOrControl(b),
                  !g.rtl, !glyphs[i - 1].rtl,
                  takesGlue(runs[g.run]), takesGlue(runs[glyphs[i - 1].run]) else { continue }
            out[i] = g.size.value
        }
        return out
    }

    /// Whether the bytes of `glyphs`' clusters (a line's, or a paragraph's) may hold one.
    /// Only their span is read: a line is given its paragraph's bytes, and reading them
    /// all for each line would make a long paragraph quadratic.
    private static func mayHaveIdeographs(_ bytes: [UInt8], around glyphs: [ShapedGlyph]) -> Bool {
        var lo = Int.max, hi = 0
        for g in glyphs {
            lo = min(lo, g.cluster)
            hi = max(hi, g.cluster)
        }
        // The last cluster's character, up to 4 bytes, and the byte after a lead byte.
        let end = min(bytes.count, hi + 5)
        guard lo < end else { return false }
        return bytes.withUnsafeBufferPointer { b in
            for i in lo..<end where b[i] >= 0xE2 {
                if b[i] > 0xE2 || (i + 1 < b.count && b[i + 1] >= 0xBA) { return true }
            }
            return false
        }
    }

    /// Spaces stretch on their own; controls (a hard break) and zero-width spaces are not
    /// characters to spread apart.
    @inline(__always)
    private static func isSpaceOrControl(_ s: UInt32) -> Bool {
        s <= 0x20 || (s >= 0x7F && s <= 0xA0) || (s >= 0x2000 && s <= 0x200F) || s == 0x2028 || s == 0x2029
    }

    /// Code keeps its grid; an inline object (image, formula) is not a character.
    @inline(__always)
    private static func takesGlue(_ run: StyledRun) -> Bool {
        !run.layout.code && run.paint.background == nil && run.layout.object == nil
    }
}
