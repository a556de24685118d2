import MDCore

/// What is printed where an image cannot be shown (missing, remote, refused,
/// unsupported, damaged or too large): a framed box with the image's alt text and file
/// name, at the image's size when it is known, else as large as its text. It is set as
/// an inline object (`InlineObject.Payload.placeholder`); layout measures and draws it.
/// It never reads as body text: it is framed, tinted and set in its own color.
public struct ImagePlaceholder: Hashable, Sendable {
    /// The alt text ("image" when the author gave none).
    public var label: String
    /// The file's name as written (its last path component).
    public var fileName: String
    /// Font of both texts; the file name is set at `fileNameScale` of `size`.
    public var font: FontSpec
    public var size: Points
    public var fileNameScale: Double
    public var color: Color
    public var borderColor: Color
    public var background: Color?
    /// The image's own size, when known (its pixels were read, or the author gave
    /// one); nil: the box is sized to its text.
    public var imageSize: Size?

    public init(label: String, fileName: String, font: FontSpec, size: Points, fileNameScale: Double = 0.8,
                color: Color, borderColor: Color, background: Color?, imageSize: Size?) {
        self.label = label; self.fileName = fileName; self.font = font; self.size = size
        self.fileNameScale = fileNameScale; self.color = color; self.borderColor = borderColor
        self.background = background; self.imageSize = imageSize
    }

    /// Inside the frame, around the texts.
    public var padding: Points { size * 0.5 }
}
