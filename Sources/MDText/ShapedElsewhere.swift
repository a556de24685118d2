import MDPage

/// A paragraph shaped by another thread's `TextContext`, on its way to the context that
/// sets it. `FontID`s number the faces each context loaded, in the order it loaded them,
/// so the glyphs name their faces here by index into `faces` (font files) instead; the
/// receiving context maps them onto its own faces (`adopt`), which keeps its numbering,
/// and the order of `loadedFontFiles`, as if it had shaped the paragraph itself.
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

    /// The paragraph shaped elsewhere, its glyphs in this context's faces (loaded here
    /// when new): glyph for glyph what `shape` here would have given.
    public func adopt(_ shaped: consuming ShapedElsewhere) -> ShapedParagraph {
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
