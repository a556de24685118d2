import MDCore

/// The built-in default theme as a conversion gets it when nothing changes it (no
/// `--theme`, `--set` or `--page-size`, no theme in the front matter), decoded once
/// and shared by every conversion that holds this cache.
///
/// Why: decoding the default theme (1,300 JSON values through `Codable`) was about a
/// millisecond of a one-line document's start, on the main thread while the second
/// core sat idle. The command line starts the decoding on a thread of its own as it
/// starts (`decodeInBackground`), beside the font lookup cache, the input and the
/// Markdown parse; a batch decodes it once for all its files.
///
/// Thread-safe: any thread may ask; one that asks while the decoding runs waits for it.
public final class DefaultThemeCache: @unchecked Sendable {
    private let condition = Condition()
    private var state: State = .none

    private enum State {
        case none
        case decoding
        case done(Result<Theme, ConversionError>)
    }

    public init() {}

    /// Starts decoding on a new thread, unless it has started already.
    public func decodeInBackground() {
        condition.lock()
        guard case .none = state else { condition.unlock(); return }
        state = .decoding
        condition.unlock()
        DetachedThread.start(stackSize: 1 << 20) { [self] in
            finish(Self.decode())
        }
    }

    /// The default theme; decoded here when no thread has started on it.
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
