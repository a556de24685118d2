import MDCore

/// An image file that passed its check, as the styled document carries it, and what
/// the reader should know although it is shown (completes "image 'x.jpg' …"): damaged
/// data, or a downsampled decode.
public struct CheckedImage: Hashable, Sendable {
    public var source: ImageSource
    public var note: String?
    public init(source: ImageSource, note: String? = nil) { self.source = source; self.note = note }
}

/// Checks an image file's bytes before layout relies on them: its format from its
/// first bytes (never from its name), its size within the pixel budget, and that all of
/// its data decodes, so that an image that reaches layout also draws, and a damaged one
/// never reaches the PDF as it is.
public enum ImageFile {
    /// The file at `path` (it is only recorded) whose bytes are `bytes`.
    public static func inspect(_ bytes: [UInt8], path: String, maxPixels: Int,
                               codecs: ImageCodecs) -> Result<CheckedImage, ImageProblem> {
        switch sniff(bytes) {
        case .failure(let p): return .failure(p)
        case .success(.png): return png(bytes, path: path, maxPixels: maxPixels)
        case .success(.svg): return svg(bytes, path: path, codecs: codecs)
        case .success(let format): return raster(bytes, format: format, path: path, maxPixels: maxPixels, codecs: codecs)
        }
    }

    /// The format a file's first bytes announce.
    public static func sniff(_ b: [UInt8]) -> Result<ImageFormat, ImageProblem> {
        func at(_ offset: Int, _ s: String) -> Bool {
            let t = Array(s.utf8)
            return b.count >= offset + t.count && Array(b[offset..<(offset + t.count)]) == t
        }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .success(.png) }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .success(.jpeg) }
        if at(0, "GIF87a") || at(0, "GIF89a") { return .success(.gif) }
        if at(0, "RIFF") && at(8, "WEBP") { return .success(.webp) }
        if at(0, "BM") && b.count >= 26 { return .success(.bmp) }
        if at(0, "II*\u{0}") || at(0, "MM\u{0}*") { return .success(.tiff) }
        if b.starts(with: [0x1F, 0x8B]) { return .success(.svg) }  // SVGZ; librsvg says if it is not
        if looksLikeSVG(b) { return .success(.svg) }
        if b.starts(with: [0x00, 0x00, 0x01, 0x00]) { return .failure(.unsupported("an ICO icon")) }
        if at(4, "ftypheic") || at(4, "ftypheix") || at(4, "ftypmif1") { return .failure(.unsupported("a HEIC photo")) }
        if at(4, "ftypavif") { return .failure(.unsupported("an AVIF image")) }
        if at(0, "%PDF") { return .failure(.unsupported("a PDF document")) }
        if at(0, "8BPS") { return .failure(.unsupported("a Photoshop document")) }
        if b.starts(with: [0xFF, 0x0A]) || at(4, "JXL ") { return .failure(.unsupported("a JPEG XL image")) }
        return .failure(.corrupt(format: nil, reason: "it starts like none of them"))
    }

    /// XML whose first kilobytes open an `<svg` element.
    static func looksLikeSVG(_ b: [UInt8]) -> Bool {
        var head = b.prefix(4096)
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { head = head.dropFirst(3) }
        guard let first = head.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }),
              head[first] == UInt8(ascii: "<") else { return false }
        let text = String(decoding: head, as: UTF8.self)
        return text.hasSubstring("<svg")
    }

    private static func png(_ bytes: [UInt8], path: String, maxPixels: Int) -> Result<CheckedImage, ImageProblem> {
        let header: PNGCheck.Header
        switch PNGCheck.header(bytes) {
        case .failure(let p): return .failure(p)
        case .success(let h): header = h
        }
        if !fits(header.width, header.height, maxPixels) {
            return .failure(.tooManyPixels(width: header.width, height: header.height, limit: maxPixels))
        }
        if let why = PNGCheck.problem(bytes, header) {
            return .failure(.corrupt(format: .png, reason: why, pixels: PixelSize(width: header.width, height: header.height)))
        }
        return .success(CheckedImage(source: ImageSource(path: path, format: .png, pixelWidth: header.width,
                                                         pixelHeight: header.height, decodesPixels: true)))
    }

    private static func svg(_ bytes: [UInt8], path: String, codecs: ImageCodecs) -> Result<CheckedImage, ImageProblem> {
        do {
            let doc = try SVGDocument(bytes, codecs: codecs)
            // CSS pixels to points, as for images: 1px = 0.75pt.
            let size = Size(width: Points(doc.width * 0.75), height: Points(doc.height * 0.75))
            return .success(CheckedImage(source: ImageSource(path: path, format: .svg, pixelWidth: Int(doc.width.rounded()),
                                                             pixelHeight: Int(doc.height.rounded()), vectorSize: size)))
        } catch {
            return .failure(error)
        }
    }

    private static func raster(_ bytes: [UInt8], format: ImageFormat, path: String, maxPixels: Int,
                               codecs: ImageCodecs) -> Result<CheckedImage, ImageProblem> {
        switch codecs.check(bytes, format: format, maxPixels: maxPixels) {
        case .failure(let p): return .failure(p)
        case .success(let info):
            let downsampled = info.decodedWidth != info.width || info.decodedHeight != info.height
            var note: String?
            if info.damaged {
                note = "has damaged data (\(info.message)); it is shown as far as it decodes"
            } else if downsampled {
                note = "is \(info.width) × \(info.height) pixels, more than mdpdf embeds (\(ImageLimits.describe(maxPixels))); it is embedded at \(info.decodedWidth) × \(info.decodedHeight)"
            }
            let source = ImageSource(path: path, format: format, pixelWidth: info.width, pixelHeight: info.height,
                                     orientation: ImageOrientation(rawValue: info.orientation) ?? .up,
                                     decodesPixels: format != .jpeg || info.damaged || downsampled)
            return .success(CheckedImage(source: source, note: note))
        }
    }

    static func fits(_ w: Int, _ h: Int, _ maxPixels: Int) -> Bool {
        w <= ImageLimits.maxSide && h <= ImageLimits.maxSide && w * h <= maxPixels
    }
}
