import FoundationEssentials
import Glibc
import MDCore
import MDMarkdown

/// Why an image reference shows no image: it is remote (never fetched), or its file
/// was refused or is not an image mdpdf can draw. Completes "image 'x' …".
enum ImageLookupFailure: Error, Hashable, CustomStringConvertible {
    case remote
    case file(ImageProbe.Failure)

    var description: String {
        switch self {
        case .remote: return "is remote and is not fetched"
        case .file(let f): return "\(f)"
        }
    }

    var hint: String? {
        switch self {
        case .remote: return "mdpdf never accesses the network; download the image and link it by a relative path"
        case .file(let f): return f.hint
        }
    }
}

extension DocumentStyler {
    /// An image inside running text (or one of several images in a paragraph, or one
    /// that cannot be shown): an inline object carrying the image at the size the
    /// document asks for, in the style of the text around it (a link around it makes it
    /// clickable). An image that cannot be shown becomes a framed placeholder with its
    /// alt text and file name, at the size asked for when one is, with a warning at its
    /// line and column.
    mutating func appendImage(_ source: String, alt: [Inline], at: SourceLocation, attributes: ImageAttributes,
                              _ state: InlineState, to b: inout TextBuilder) {
        let altText = PlainText.of(alt)
        let lookup = lookUpImage(source, attributes)
        warnImage(source, lookup, at: at)
        var layout = state.layout
        switch lookup {
        case .success(let file):
            var object = InlineObject.image(file.source, alt: altText, at: at)
            if attributes.width != nil || attributes.height != nil {
                // A share of the width is of the body: the line's measure is not known yet.
                let size = file.source.naturalSize.requested(width: attributes.width, height: attributes.height,
                                                             container: pageSetup().body.width)
                object.width = size.width
                object.ascent = size.height
            }
            layout.object = object
        case .failure(let failure):
            let placeholder = imagePlaceholder(source, alt: altText, failure: failure, attributes: attributes, state)
            layout.object = .placeholder(placeholder, alt: altText, at: at)
        }
        b.append(InlineObject.replacementCharacter, layout, state.paint)
    }

    /// The placeholder for an image that cannot be shown, in the theme's placeholder
    /// colors and the surrounding text's font; at the image's size when its header gave
    /// it, or the size the document asks for (HTML `width`, `height`).
    func imagePlaceholder(_ source: String, alt: String, failure: ImageLookupFailure, attributes: ImageAttributes,
                          _ state: InlineState) -> ImagePlaceholder {
        let style = theme.image.placeholder
        var imageSize: Size?
        if case .file(let f) = failure, let px = f.pixelSize {
            imageSize = Size(width: Points(Double(px.width) * 0.75), height: Points(Double(px.height) * 0.75))
        }
        let container = pageSetup().body.width
        if let known = imageSize {
            imageSize = known.requested(width: attributes.width, height: attributes.height, container: container)
        } else if attributes.width != nil || attributes.height != nil {
            // Without the image's own size, a side given alone is the box's (the other
            // follows its text); a height as a fraction is of nothing on a page.
            var height = attributes.height
            if case .fraction? = height { height = nil }
            imageSize = Size(width: attributes.width?.resolve(in: container) ?? .zero,
                             height: height?.resolve(in: container) ?? .zero)
        }
        var font = state.layout.font
        font.italic = false
        font.weight = 400
        return ImagePlaceholder(label: alt.isEmpty ? "image" : alt, fileName: Self.fileName(of: source), font: font,
                                size: state.layout.size * 0.9, color: style.color.color, borderColor: style.borderColor.color,
                                background: style.background?.color, imageSize: imageSize)
    }

    /// The last path component of an image reference, without a query or fragment
    /// ("logo.png" for `https://example.com/img/logo.png?v=2`).
    static func fileName(of source: String) -> String {
        var path = Substring(source)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        while path.hasSuffix("/") { path = path.dropLast() }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return (name.percentDecoded() ?? name).isEmpty ? source : (name.percentDecoded() ?? name)
    }
}
