import MDCore

/// Why an image file is not shown. Each completes "image 'x.png' …" in a warning.
public enum ImageProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file of a format mdpdf does not embed (its name: "an ICO icon").
    case unsupported(String)
    /// The file's data does not decode (`format` nil: no known format at all);
    /// `pixels`: its size, when its header said it before the data failed.
    case corrupt(format: ImageFormat?, reason: String, pixels: PixelSize? = nil)
    /// More pixels than the budget (or cairo's 32,767 a side), for a format that cannot
    /// be decoded smaller.
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// The decoders' library (`libmdpdf-images.so`) cannot be loaded.
    case libraryUnavailable(String)

    public static let formatsList = "PNG, JPEG, GIF, WebP, BMP, TIFF and SVG"

    public var description: String {
        switch self {
        case .unsupported(let what):
            return "is \(what), which mdpdf does not embed (it embeds \(Self.formatsList))"
        case let .corrupt(format?, reason, _):
            return "is not a valid \(format.name) file: \(reason)"
        case let .corrupt(nil, reason, _):
            return "is not an image mdpdf can read (\(Self.formatsList)): \(reason)"
        case let .tooManyPixels(w, h, limit):
            return "is \(w) × \(h) pixels, more than mdpdf embeds (\(ImageLimits.describe(limit)), \(ImageLimits.maxSide) pixels a side)"
        case .libraryUnavailable(let reason):
            return "needs mdpdf's image library, which cannot be loaded (\(reason))"
        }
    }
}

/// An image's size in pixels, as its file gives it.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}

extension ImageProblem {
    /// The image's size when the file gave it although the image is not shown: a
    /// placeholder then takes its place at that size.
    public var pixelSize: PixelSize? {
        switch self {
        case let .tooManyPixels(w, h, _): return PixelSize(width: w, height: h)
        case .corrupt(_, _, let pixels): return pixels
        default: return nil
        }
    }
}

/// Limits every decoder keeps to.
public enum ImageLimits {
    /// The largest side cairo's image surfaces take, in pixels.
    public static let maxSide = 32_767

    /// "50 megapixels".
    public static func describe(_ pixels: Int) -> String {
        pixels >= 1_000_000 && pixels % 1_000_000 == 0 ? "\(pixels / 1_000_000) megapixels" : "\(pixels) pixels"
    }
}
