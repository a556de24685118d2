import MDCore
import MDStyle
import MDText

/// Superscripts and subscripts set with the font's own forms. Styling sets `<sup>` and
/// `<sub>` smaller and shifted, and offers the font's forms as a variant; before
/// anything is shaped, each run whose font has those forms for every character
/// (OpenType `sups` or `subs`) takes them, at the text's size and baseline. Other runs
/// stay synthesized: a font with superscript digits only sets `x<sup>2</sup>` with its
/// own `²`-like glyph and `2<sup>n</sup>` with a smaller, raised `n`.
enum ScriptForms {
    static func resolve(_ document: StyledDocument, env: LayoutEnvironment) -> StyledDocument {
        document.updatingParagraphs { resolve(&$0, env: env) }
    }

    /// Gives the runs of `p` the font's forms where it has them; whether it had any to give.
    static func resolve(_ p: inout StyledParagraph, env: LayoutEnvironment) -> Bool {
        guard p.text.runs.contains(where: { $0.layout.scriptVariant != nil }) else { return false }
        let bytes = Array(p.text.string.utf8)
        for i in p.text.runs.indices {
            guard let v = p.text.runs[i].layout.scriptVariant else { continue }
            p.text.runs[i].layout.scriptVariant = nil
            let range = p.text.runs[i].range
            guard range.upperBound <= bytes.count, p.text.runs[i].layout.object == nil else { continue }
            let text = String(decoding: bytes[range], as: UTF8.self)
            var font = p.text.runs[i].layout.font
            guard env.text.substitutesEveryGlyph(text, font: font, feature: v.feature) else { continue }
            font.features.append(FontFeature(v.feature, 1))
            p.text.runs[i].layout.font = font
            p.text.runs[i].layout.size = v.size
            p.text.runs[i].layout.baselineShift = v.baselineShift
        }
        return true
    }
}

/// Room taken in the line before and after padded runs (the sides of a key cap or of a
/// code span's background): added to the advance of the first and last glyph of each
/// stretch of runs with the same padding and frame, so lines break, justify and decorate
/// around it like a wider word. A code span takes it only on a side next to a space or
/// the paragraph's edge: beside punctuation (`` `mut`. ``) a gap that wide would read as
/// a space to text extraction, so there the box ends at the glyphs.
enum RunPadding {
    static func apply(_ glyphs: inout [ShapedGlyph], runs: [StyledRun], bytes: [UInt8]) {
        guard runs.contains(where: { $0.layout.padding > .zero }) else { return }
        /// Whether the side of a stretch that touches byte `at` (nil: the paragraph's
        /// edge) takes room.
        func roomy(_ run: StyledRun, besideByte at: Int?) -> Bool {
            guard run.paint.frame == nil, let at, at >= 0, at < bytes.count else { return true }
            return bytes[at] == 0x20 || bytes[at] == 0x09 || bytes[at] == 0x0A
        }
        var i = 0
        while i < glyphs.count {
            let run = runs[glyphs[i].run]
            let pad = run.layout.padding
            guard pad > .zero else { i += 1; continue }
            var j = i
            while j + 1 < glyphs.count {
                let next = runs[glyphs[j + 1].run]
                guard next.layout.padding == pad, next.paint.frame == run.paint.frame else { break }
                j += 1
            }
            let first = glyphs[i...j].map(\.cluster).min() ?? glyphs[i].cluster
            if roomy(run, besideByte: i == 0 ? nil : first - 1) {
                glyphs[i].advance += pad
                glyphs[i].dx += pad
            }
            if roomy(run, besideByte: j + 1 < glyphs.count ? glyphs[j + 1].cluster : nil) {
                glyphs[j].advance += pad
            }
            i = j + 1
        }
    }
}
