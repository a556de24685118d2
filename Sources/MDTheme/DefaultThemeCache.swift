import MDCore

/// The built-in default theme as a conversion gets it when nothing changes it (no
/// `--theme`, `--set` or `--page-size`, no theme in the front matter), decoded once
/// and shared by every conversion that holds this cache: a batch of files decodes it
/// once (1,300 JSON values parsed and read, about 2.6 million instructions), not once a file.
///
/// Measured and dropped: starting the decoding on a thread of its own as the process
/// starts, beside the argument parsing. A one-line document was no faster: with two
/// threads running, each first write to a page of the binary's data (the Swift runtime's
/// caches) and each `madvise` asks the other core to flush its TLB, an interrupt that is
/// costly on a VM, and they ate what the overlap saved.
///
/// Thread-safe: any thread may ask (`-j` runs conversions side by side); one that asks
/// while another decodes waits for it.
public final class DefaultThemeCache: @unchecked Sendable {
    /// Held while the theme is decoded, so that a second asker waits for the first.
    private let lock = Lock()
    private var decoded: Result<Theme, ConversionError>?

    public init() {}

    /// The default theme, decoded by the first caller.
    public func theme() throws(ConversionError) -> Theme {
        lock.lock()
        defer { lock.unlock() }
        if decoded == nil {
            decoded = Result { () throws(ConversionError) in try ThemeLoader.load(.builtin("default")) }
        }
        return try decoded!.get()
    }
}
