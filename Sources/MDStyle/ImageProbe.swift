import FoundationEssentials
import Glibc
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
///
/// The probes of the images a document shows can run ahead on a thread of their own
/// (`probeAhead`): checking a PNG inflates all of its data (`PNGCheck`), 100 ms for the
/// Rust book's four screenshots, and styled before the first block they kept layout
/// from starting. Styling then waits only for the images of the block it is at. The
/// images found are listed in the same order whatever the timing: the thread probes in
/// document order, and a path it was not given is probed only after it has finished.
/// The thread tells the renderer of each image it finds (`announce`), so that a
/// screenshot at the end is being prepared while styling is still at the start.
final class ImageProbeCache: @unchecked Sendable {
    private let condition = Condition()
    private var results: [String: Result<ImageProbe.Found, ImageProbe.Failure>] = [:]
    private var found: [ImageSource] = []
    /// The paths given to the thread of `probeAhead`, in order; it is at `next`.
    private var ahead: [String] = []
    private var next = 0
    private var probingAhead = false
    let policy: ReadPolicy
    let codecs: ImageCodecs
    /// Told every image found so far (a longer list each time) as the thread of
    /// `probeAhead` finds them, before styling reaches their blocks.
    private let announce: (@Sendable ([ImageSource]) -> Void)?

    init(policy: ReadPolicy, codecs: ImageCodecs, announce: (@Sendable ([ImageSource]) -> Void)? = nil) {
        self.policy = policy
        self.codecs = codecs
        self.announce = announce
    }

    /// The images that passed, in the order first probed (so far).
    var shown: [ImageSource] {
        condition.lock()
        defer { condition.unlock() }
        return found
    }

    /// The paths probed, sorted (once the probes ahead are done).
    var paths: [String] {
        condition.lock()
        defer { condition.unlock() }
        while probingAhead { condition.wait() }
        return results.keys.sorted()
    }

    /// Starts probing `paths` (each once, in order) on a thread of its own; nothing
    /// when a thread is still at it.
    func probeAhead(_ paths: [String]) {
        condition.lock()
        defer { condition.unlock() }
        guard !probingAhead else { return }
        var seen = Set(results.keys)
        ahead = paths.filter { seen.insert($0).inserted }
        next = 0
        guard !ahead.isEmpty else { return }
        probingAhead = true
        DetachedThread.start(stackSize: 1 << 20) { [self] in probeTheAhead() }
    }

    /// Waits until the probes ahead are done.
    func waitForProbesAhead() {
        condition.lock()
        defer { condition.unlock() }
        while probingAhead { condition.wait() }
    }

    func probe(_ path: String) -> Result<ImageProbe.Found, ImageProbe.Failure> {
        condition.lock()
        defer { condition.unlock() }
        while results[path] == nil && probingAhead { condition.wait() }
        if let r = results[path] { return r }
        let r = ImageProbe.probe(path: path, policy: policy, codecs: codecs)
        record(r, for: path)
        return r
    }

    private func probeTheAhead() {
        condition.lock()
        while next < ahead.count {
            let path = ahead[next]
            condition.unlock()
            let r = ImageProbe.probe(path: path, policy: policy, codecs: codecs)
            condition.lock()
            next += 1
            record(r, for: path)
            condition.broadcast()
            if case .success = r, let announce {
                let images = found
                condition.unlock()
                announce(images)
                condition.lock()
            }
        }
        probingAhead = false
        ahead = []
        condition.broadcast()
        condition.unlock()
    }

    /// Called with the lock held.
    private func record(_ r: Result<ImageProbe.Found, ImageProbe.Failure>, for path: String) {
        results[path] = r
        if case .success(let image) = r { found.append(image.source) }
    }
}
