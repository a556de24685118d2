/// What the document says about itself (front matter, first heading), written as the
/// PDF's document information. Dates are seconds since 1970 (UTC); nil leaves them out.
public struct DocumentMetadata: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    public var keywords: String?
    public var language: String?
    public var creator: String?
    public var producer: String?
    public var creationDate: Int?
    public var modificationDate: Int?
    public init(title: String? = nil, author: String? = nil, subject: String? = nil, keywords: String? = nil,
                language: String? = nil, creator: String? = nil, producer: String? = nil,
                creationDate: Int? = nil, modificationDate: Int? = nil) {
        self.title = title; self.author = author; self.subject = subject; self.keywords = keywords
        self.language = language; self.creator = creator; self.producer = producer
        self.creationDate = creationDate; self.modificationDate = modificationDate
    }
}

/// The image formats mdpdf embeds.
public enum ImageFormat: String, Sendable, Hashable { case png, jpeg }

/// An image file, already checked to be readable and of a supported format.
public struct ImageSource: Hashable, Sendable {
    public var path: String
    public var format: ImageFormat
    /// Size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public init(path: String, format: ImageFormat, pixelWidth: Int, pixelHeight: Int) {
        self.path = path; self.format = format; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
    }

    /// The size it is set at before any scaling: 1 px = 0.75 pt, as in browsers.
    public var naturalSize: Size {
        Size(width: Points(Double(pixelWidth) * 0.75), height: Points(Double(pixelHeight) * 0.75))
    }
}
