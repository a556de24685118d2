import MDCore

/// The built-in default theme as a conversion gets it when nothing changes it (no
/// `--theme`, `--set` or `--page-size`, no theme in the front matter), decoded once
/// and shared by every conversion that holds this cache: a batch of files decodes it
/// once (1,300 JSON values through `Codable`, most of a millisecond), not once a file.
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
    private let condition = Condition()
    private var state: State = .none

    private enum State {
        case none
        case decoding
        case done(Result<Theme, ConversionError>)
    }

    public init() {}

    /// The default theme, decoded by the first caller.
    public func theme() throws(ConversionError) -> Theme {
        condition.lock()
        while true {
            switch state {
            case .done(let result):
                condition.unlock()
                return try result.get()
            case .decoding:
                condition.wait()
            case .none:
                state = .decoding
                condition.unlock()
                let result = Self.decode()
                finish(result)
                return try result.get()
            }
        }
    }

    private func finish(_ result: Result<Theme, ConversionError>) {
        condition.lock()
        state = .done(result)
        condition.broadcast()
        condition.unlock()
    }

    private static func decode() -> Result<Theme, ConversionError> {
        Result { () throws(ConversionError) in try ThemeLoader.load(.builtin("default")) }
    }
}
