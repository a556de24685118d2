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

/// The image formats mdpdf embeds. PNG is decoded by cairo's own reader; the others
/// by the decoders behind `MDImage` (JPEG data is embedded as it is when it can be).
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case png, jpeg, gif, webp, bmp, tiff, svg

    /// How the format is named in messages ("a GIF").
    public var name: String {
        switch self {
        case .png: return "PNG"
        case .jpeg: return "JPEG"
        case .gif: return "GIF"
        case .webp: return "WebP"
        case .bmp: return "BMP"
        case .tiff: return "TIFF"
        case .svg: return "SVG"
        }
    }

    /// Vector formats are drawn as paths and text, never as pixels.
    public var isVector: Bool { self == .svg }
}

/// How an image's stored pixels are turned to show it upright: the EXIF (or TIFF)
/// orientation tag, 1 to 8. A phone saves a photo taken upright as a sideways sensor
/// image with tag 6 (turn a quarter clockwise to view).
public enum ImageOrientation: Int, Sendable, Hashable {
    case up = 1, upMirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    /// Whether the image is shown a quarter turned: its stored width becomes its height.
    public var swapsSides: Bool { rawValue >= 5 }
}

/// An image file, already checked to be readable, of a supported format, and to decode.
public struct ImageSource: Hashable, Sendable {
    public var path: String
    public var format: ImageFormat
    /// Size in pixels as stored in the file, before `orientation` is applied (for an
    /// SVG: its size in CSS pixels, rounded).
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// How to turn the stored pixels to show the image upright.
    public var orientation: ImageOrientation
    /// A vector image's own size (its width and height, else its viewBox), in points.
    public var vectorSize: Size?
    /// Drawn from decoded pixels rather than by embedding the file's JPEG data as it
    /// is: a JPEG downsampled to the pixel budget, or one with damaged data (which a
    /// PDF reader would fail on).
    public var decodesPixels: Bool

    public init(path: String, format: ImageFormat, pixelWidth: Int, pixelHeight: Int,
                orientation: ImageOrientation = .up, vectorSize: Size? = nil, decodesPixels: Bool = false) {
        self.path = path; self.format = format; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        self.orientation = orientation; self.vectorSize = vectorSize; self.decodesPixels = decodesPixels
    }

    /// The size it is set at before any scaling: a vector image's own size; for pixels,
    /// 1 px = 0.75 pt, as in browsers, upright.
    public var naturalSize: Size {
        if let vectorSize { return vectorSize }
        let w = orientation.swapsSides ? pixelHeight : pixelWidth, h = orientation.swapsSides ? pixelWidth : pixelHeight
        return Size(width: Points(Double(w) * 0.75), height: Points(Double(h) * 0.75))
    }

    /// The file's name, without its folders (for messages and placeholders).
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}
