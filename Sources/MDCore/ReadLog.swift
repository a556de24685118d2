import FoundationEssentials
import Glibc

/// The files one conversion asked to read on the document's behalf (images, theme
/// files, font files), as absolute paths, including those that turned out missing or
/// refused: what the PDF depends on, for `--deps` and `--watch`. Filled through the
/// conversion's `ReadPolicy`; safe to fill from several threads.
public final class ReadLog: @unchecked Sendable {
    private let lock = Lock()
    private var seen: Set<String> = []
    private var order: [String] = []

    public init() {}

    public func record(_ path: String) {
        let key = path.pathStandardized()
        lock.lock()
        defer { lock.unlock() }
        if seen.insert(key).inserted { order.append(key) }
    }

    /// Every path recorded, in the order first met.
    public var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }
}
