import MDCore
import MDMarkdown

extension DocumentStyler {
    /// An image inside running text (or one of several images in a paragraph): an inline
    /// object carrying the image at the size the document asks for, in the style of the
    /// text around it (a link around it makes it clickable). An image that cannot be
    /// shown (missing, unreadable, unsupported or remote) prints its alt text in italics
    /// instead, with a warning.
    mutating func appendImage(_ source: String, alt: [Inline], at: SourceLocation, attributes: ImageAttributes,
                              _ state: InlineState, to b: inout TextBuilder) {
        let altText = PlainText.of(alt)
        if let info = usableImage(source, attributes) {
            let image = ImageSource(path: info.path, format: info.format, pixelWidth: info.width, pixelHeight: info.height)
            var object = InlineObject.image(image, alt: altText, at: at)
            if attributes.width != nil || attributes.height != nil {
                // A share of the width is of the body: the line's measure is not known yet.
                let size = image.naturalSize.requested(width: attributes.width, height: attributes.height,
                                                       container: pageSetup().body.width)
                object.width = size.width
                object.ascent = size.height
            }
            var layout = state.layout
            layout.object = object
            b.append(InlineObject.replacementCharacter, layout, state.paint)
            return
        }
        warnImage(source, at: at)
        var st = state
        st.font.italic = true
        b.append(altText.isEmpty ? "[image]" : altText, st.layout, st.paint)
    }

    /// The first of an image's sources (its own, then HTML's `<picture>` and `srcset`
    /// alternatives) that can be shown; nil when none can.
    func usableImage(_ source: String, _ attributes: ImageAttributes) -> ImageProbe.Info? {
        for candidate in [source] + attributes.fallbacks where !Self.isRemote(candidate) {
            if case .success(let info) = images.probe(resolve(candidate)) { return info }
        }
        return nil
    }
}
