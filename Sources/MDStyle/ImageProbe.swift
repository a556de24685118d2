import Foundation
import MDCore

/// Checks an image file a document names before layout relies on it: that the read
/// policy allows it (see `ReadPolicy`), that it is a PNG or JPEG of a size the renderer
/// can take, and for a PNG that its data decodes (`PNGCheck`). An image that passes is
/// drawn; one that fails prints its alt text with a warning saying why, never failing
/// the conversion.
enum ImageProbe {
    struct Info: Equatable {
        var format: ImageFormat
        var width: Int
        var height: Int
        /// The file's path with links resolved: what the renderer reads.
        var path: String
    }

    /// The largest side cairo's image surfaces take, in pixels.
    static let maxSide = 32_767
    /// The most pixels an image may have: 50 megapixels is 200 MB decoded (cairo keeps
    /// 4 bytes a pixel), more than any photo needs. A PNG of a few kilobytes can claim
    /// far more (a decompression bomb); it is refused before anything is inflated.
    static let maxPixels = 50_000_000

    enum Failure: Error, Equatable, CustomStringConvertible {
        case refused(ReadPolicy.Refusal)
        case unsupported(String)
        case corrupt(String)
        case tooManyPixels(width: Int, height: Int)

        /// Completes "image 'x.png' …".
        var description: String {
            switch self {
            case .refused(.missing): return "does not exist"
            case .refused(let r): return "\(r)"
            case .unsupported(let what): return "is \(what), which mdpdf does not embed (PNG and JPEG only)"
            case .corrupt(let why): return "is not a valid PNG or JPEG file: \(why)"
            case let .tooManyPixels(w, h):
                return "is \(w) × \(h) pixels, more than mdpdf embeds (\(ImageProbe.maxSide) pixels a side, \(ImageProbe.maxPixels / 1_000_000) megapixels)"
            }
        }

        var hint: String? {
            if case .refused(let r) = self { return r.hint }
            return nil
        }
    }

    static func probe(path: String, policy: ReadPolicy) -> Result<Info, Failure> {
        switch policy.readResolved(path) {
        case .failure(let r): return .failure(.refused(r))
        case .success(let file):
            return inspect(file.bytes).map { Info(format: $0.format, width: $0.width, height: $0.height, path: file.resolved) }
        }
    }

    /// The format and pixel size of an image file's bytes, when mdpdf can draw it.
    static func inspect(_ b: [UInt8]) -> Result<(format: ImageFormat, width: Int, height: Int), Failure> {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            let header: PNGCheck.Header
            switch PNGCheck.header(b) {
            case .failure(let f): return .failure(f)
            case .success(let h): header = h
            }
            if let f = sizeProblem(header.width, header.height) { return .failure(f) }
            if let why = PNGCheck.problem(b, header) { return .failure(.corrupt(why)) }
            return .success((.png, header.width, header.height))
        }
        if b.starts(with: [0xFF, 0xD8]) {
            guard let (w, h) = jpegSize(b) else { return .failure(.corrupt("no frame header with a size was found")) }
            if let f = sizeProblem(w, h) { return .failure(f) }
            return .success((.jpeg, w, h))
        }
        if b.starts(with: Array("GIF8".utf8)) { return .failure(.unsupported("a GIF")) }
        if b.starts(with: Array("<svg".utf8)) || b.starts(with: Array("<?xml".utf8)) { return .failure(.unsupported("an SVG")) }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            return .failure(.unsupported("a WebP"))
        }
        return .failure(.corrupt("it starts like neither"))
    }

    private static func sizeProblem(_ w: Int, _ h: Int) -> Failure? {
        w > maxSide || h > maxSide || w * h > maxPixels ? .tooManyPixels(width: w, height: h) : nil
    }

    /// Walks the JPEG marker segments to the first start-of-frame.
    private static func jpegSize(_ b: [UInt8]) -> (Int, Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let len = Int(b[i + 2]) << 8 | Int(b[i + 3])
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                let h = Int(b[i + 5]) << 8 | Int(b[i + 6]), w = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return w > 0 && h > 0 ? (w, h) : nil
            }
            guard len >= 2 else { return nil }
            i += 2 + len
        }
        return nil
    }
}

/// One probe per image path and conversion: a document that shows an image many times
/// reads and checks it once.
final class ImageProbeCache {
    private var results: [String: Result<ImageProbe.Info, ImageProbe.Failure>] = [:]
    let policy: ReadPolicy
    init(policy: ReadPolicy) { self.policy = policy }

    /// The paths probed so far, sorted.
    var paths: [String] { results.keys.sorted() }

    func probe(_ path: String) -> Result<ImageProbe.Info, ImageProbe.Failure> {
        if let r = results[path] { return r }
        let r = ImageProbe.probe(path: path, policy: policy)
        results[path] = r
        return r
    }
}
