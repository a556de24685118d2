import MDCore

/// Something set inside a line like a glyph cluster: it has an advance (`width`), sits
/// on the baseline with `ascent` above it and `descent` below, and the line breaker
/// treats it as a word. In the attributed text it is one U+FFFC (object replacement
/// character) in a run whose `RunLayout.object` is set; layout gives that cluster the
/// object's advance and draws the payload instead of a glyph, so the character itself
/// is never drawn and never reaches the PDF's text.
///
/// Sizes are the object's natural size; layout may scale an object down (keeping its
/// proportions) to fit the line's measure or the page.
public struct InlineObject: Hashable, Sendable {
    /// Boxed, so that the object (carried by every `RunLayout`, nil or not) stays small.
    public indirect enum Payload: Hashable, Sendable {
        case image(ImageSource)
        /// A formula (or one piece of an inline formula cut where a line may break);
        /// layout sets it and fills in its size.
        case math(MathObject)
        /// What is printed where an image cannot be shown; layout sizes it (when the
        /// image's size is unknown) and draws it.
        case placeholder(ImagePlaceholder)
        /// A drawn icon (an alert's), filled in the run's color; never in the text or
        /// the structure tree.
        case icon(DrawnIcon)
    }
    public var width: Points
    /// Above the baseline (positive).
    public var ascent: Points
    /// Below the baseline (positive).
    public var descent: Points
    public var payload: Payload
    /// What the object says in words (an image's alt text), for structure tags; empty
    /// when the author gave none. Never printed.
    public var alt: String
    /// Where the object is written in the Markdown source (for warnings about it).
    public var source: SourceLocation

    public init(width: Points, ascent: Points, descent: Points, payload: Payload, alt: String, source: SourceLocation) {
        self.width = width; self.ascent = ascent; self.descent = descent; self.payload = payload; self.alt = alt
        self.source = source
    }

    /// The character that stands for an object in the attributed text.
    public static let replacementCharacter = "\u{FFFC}"

    /// An image at 1 px = 0.75 pt (as browsers and block images), standing on the
    /// baseline (CSS `vertical-align: baseline`: its bottom edge is the baseline).
    public static func image(_ image: ImageSource, alt: String, at source: SourceLocation) -> InlineObject {
        InlineObject(width: image.naturalSize.width, ascent: image.naturalSize.height, descent: .zero, payload: .image(image), alt: alt, source: source)
    }

    /// A placeholder at the image's size when it is known, else of no size until
    /// layout measures its text.
    public static func placeholder(_ p: ImagePlaceholder, alt: String, at source: SourceLocation) -> InlineObject {
        let size = p.imageSize ?? Size(width: .zero, height: .zero)
        return InlineObject(width: size.width, ascent: size.height, descent: .zero, payload: .placeholder(p), alt: alt, source: source)
    }

    /// `object image a.png 30x15+0 alt "…"`: payload, width × ascent + descent, alt text
    /// (for the styled document's dump).
    public var dumpDescription: String {
        switch payload {
        case .image(let image):
            return "object image \(image.path.split(separator: "/").last ?? "") \(width)x\(ascent)+\(descent) alt \"\(alt)\""
        case .math(let m):
            return "object math \(m.piece + 1)/\(m.breaks.count + 1) \(width)x\(ascent)+\(descent) alt \"\(alt)\""
        case .placeholder(let p):
            return "object placeholder \(p.fileName) \(width)x\(ascent)+\(descent) alt \"\(alt)\""
        case .icon(let icon):
            return "object icon \(icon.name) \(width)x\(ascent)+\(descent)"
        }
    }

    /// Ascent plus descent.
    public var height: Points { ascent + descent }

    /// The object scaled so that its advance is `newWidth`, proportions kept; unchanged
    /// when it has no width.
    public func scaled(toWidth newWidth: Points) -> InlineObject {
        guard width > .zero else { return self }
        let k = newWidth / width
        var o = self
        o.width = newWidth
        o.ascent = ascent * k
        o.descent = descent * k
        return o
    }
}
