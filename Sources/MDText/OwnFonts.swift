import MDCore

/// A conversion's own fonts: a fontconfig configuration of the system's fonts plus the
/// font files a theme brings, seen by this conversion only. Shared by the conversion's
/// text contexts (layout's, and the one shaping paragraphs ahead of it on another
/// thread, see `TextContext.init(sharingFontsOf:diagnostics:)`): every use holds the
/// lock, and answers are kept, so a second context asks fontconfig nothing again.
final class OwnFonts: @unchecked Sendable {
    private let lock = Lock()
    private let configuration = FontConfiguration()
    private var answers: [FontQuery: [FontChain.Entry]] = [:]

    var hasFonts: Bool { lock.withLock { configuration.hasFonts } }

    /// See `FontConfiguration.addFontFile`; forgets the answers given so far.
    func addFontFile(_ path: String) -> [String] {
        lock.withLock {
            answers = [:]
            return configuration.addFontFile(path)
        }
    }

    func sortedEntries(for query: FontQuery) -> [FontChain.Entry] {
        lock.withLock {
            if let known = answers[query] { return known }
            let entries = configuration.sortedEntries(for: query)
            answers[query] = entries
            return entries
        }
    }
}
