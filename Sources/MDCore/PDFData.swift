/// A PDF's bytes, in memory or waiting in a scratch file (so that they are never all in
/// memory at once: the post-processing pass reads and writes files).
public enum PDFData: Sendable {
    case bytes([UInt8])
    case file(ScratchFile)

    /// The bytes, read from the file if they are in one; nil when reading it fails.
    public func loaded() -> [UInt8]? {
        switch self {
        case .bytes(let b): return b
        case .file(let f): return f.bytes()
        }
    }

    /// The size in bytes.
    public var count: Int {
        switch self {
        case .bytes(let b): return b.count
        case .file(let f): return f.size
        }
    }
}
