import MDCore
import MDMarkdown

extension DocumentStyler {
    /// An image inside running text (or one of several images in a paragraph): an inline
    /// object carrying the image, in the style of the text around it (a link around it
    /// makes it clickable). An image that cannot be shown (missing, unreadable,
    /// unsupported or remote) prints its alt text in italics instead, with a warning.
    mutating func appendImage(_ source: String, alt: [Inline], at: SourceLocation, _ state: InlineState,
                              to b: inout TextBuilder) {
        let altText = PlainText.of(alt)
        if !Self.isRemote(source), case .success(let info) = images.probe(resolve(source)) {
            var layout = state.layout
            layout.object = .image(ImageSource(path: info.path, format: info.format, pixelWidth: info.width,
                                               pixelHeight: info.height), alt: altText, at: at)
            b.append(InlineObject.replacementCharacter, layout, state.paint)
            return
        }
        warnImage(source, at: at)
        var st = state
        st.font.italic = true
        b.append(altText.isEmpty ? "[image]" : altText, st.layout, st.paint)
    }
}
