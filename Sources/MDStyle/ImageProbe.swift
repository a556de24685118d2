import Foundation
import MDCore
import MDImage

/// Checks an image file a document names before layout relies on it: that the read
/// policy allows it (see `ReadPolicy`), and that its data is an image mdpdf can draw
/// within the pixel budget (`ImageFile`). An image that passes is drawn; one that fails
/// gets a framed placeholder with a warning saying why, never failing the conversion.
enum ImageProbe {
    /// An image to draw, and what the reader should know about it.
    typealias Found = CheckedImage

    enum Failure: Error, Hashable, CustomStringConvertible {
        case refused(ReadPolicy.Refusal)
        case problem(ImageProblem)

        /// Completes "image 'x.png' …".
        var description: String {
            switch self {
            case .refused(let r): return "\(r)"
            case .problem(let p): return "\(p)"
            }
        }

        var hint: String? {
            switch self {
            case .refused(let r): return r.hint
            case .problem(.tooManyPixels): return "raise the limit with --max-image-pixels, or scale the image down"
            case .problem: return nil
            }
        }

        /// The image's size in pixels, when known although it is not drawn (a
        /// placeholder then takes its place at that size).
        var pixelSize: PixelSize? {
            if case .problem(let p) = self { return p.pixelSize }
            return nil
        }
    }

    static func probe(path: String, policy: ReadPolicy, codecs: ImageCodecs) -> Result<Found, Failure> {
        switch policy.readResolved(path) {
        case .failure(let r): return .failure(.refused(r))
        case .success(let file):
            return ImageFile.inspect(file.bytes, path: file.resolved, maxPixels: policy.maxImagePixels, codecs: codecs)
                .mapError { .problem($0) }
        }
    }
}

/// One probe per image path and conversion: a document that shows an image many times
/// reads and checks it once.
final class ImageProbeCache {
    private var results: [String: Result<ImageProbe.Found, ImageProbe.Failure>] = [:]
    /// The images that passed, in the order first probed.
    private(set) var shown: [ImageSource] = []
    let policy: ReadPolicy
    let codecs: ImageCodecs
    init(policy: ReadPolicy, codecs: ImageCodecs) { self.policy = policy; self.codecs = codecs }

    /// The paths probed so far, sorted.
    var paths: [String] { results.keys.sorted() }

    func probe(_ path: String) -> Result<ImageProbe.Found, ImageProbe.Failure> {
        if let r = results[path] { return r }
        let r = ImageProbe.probe(path: path, policy: policy, codecs: codecs)
        results[path] = r
        if case .success(let found) = r { shown.append(found.source) }
        return r
    }
}
