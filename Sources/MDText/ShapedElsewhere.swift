import MDPage

/// A paragraph shaped by another thread's `TextContext`, on its way to the context that
/// sets it. `FontID`s number the faces each context loaded, in the order it loaded them,
/// so the glyphs name their faces here by index into `faces` (font files) instead; the
/// receiving context maps them onto its own faces (`adopt`), loading those it has not
/// yet (so its `loadedFontFiles` may list them in another order than its own shaping
/// would have: a math font loaded when a formula is drawn rather than measured).
public struct ShapedElsewhere: Sendable {
    /// Glyphs whose `font.raw` indexes `faces`.
    var paragraph: ShapedParagraph
    var faces: [FontFile]
}

extension TextContext {
    /// `shape(text, runs:)`, for another context to set (`adopt`).
    public func shapeElsewhere(_ text: String, runs: [ShapingRun]) -> ShapedElsewhere {
        var shaped = shape(text, runs: runs)
        var index = [Int](repeating: -1, count: faces.count)
        var files: [FontFile] = []
        for i in shaped.glyphs.indices {
            let id = shaped.glyphs[i].font.raw
            if index[id] < 0 {
                index[id] = files.count
                files.append(faces[id].file)
            }
            shaped.glyphs[i].font = FontID(raw: index[id])
        }
        return ShapedElsewhere(paragraph: shaped, faces: files)
    }

    /// The paragraph shaped elsewhere with `runs`, its glyphs in this context's faces
    /// (loaded here when new): glyph for glyph what `shape` here would have given. The
    /// warnings shaping gives about fonts (a requested family not installed, no fonts at
    /// all) are given here as `shape` would have, run by run in text order; the other
    /// context's are not read.
    public func adopt(_ shaped: consuming ShapedElsewhere, runs: [ShapingRun]) -> ShapedParagraph {
        for run in runs where !run.range.isEmpty {
            let chain = database.chain(for: run.font)
            if chain.isEmpty { warnNoFonts() }
        }
        let ids = shaped.faces.map { faceID(for: $0) }
        // Taken out, not copied: the glyphs are then changed in place.
        var paragraph = ShapedParagraph(text: "", glyphs: [], breaks: [])
        swap(&paragraph, &shaped.paragraph)
        for i in paragraph.glyphs.indices {
            paragraph.glyphs[i].font = ids[paragraph.glyphs[i].font.raw]
        }
        return paragraph
    }
}
