import Foundation

/// Highlights code by language name. The highlighting library (KSyntaxHighlighting, in
/// `libmdpdf-syntax.so`) is loaded the first time a block names a language that is not
/// plain text, so a document without such blocks never loads it (nor Qt under it).
///
/// One instance serves any number of conversions, on any threads: every use of the
/// library is serialised by a lock (KSyntaxHighlighting's repository is not thread-safe).
public final class SyntaxHighlighter: @unchecked Sendable {
    /// What became of a request.
    public enum Outcome: Hashable, Sendable {
        /// The language is known: the stretches to color (possibly none).
        case highlighted([HighlightSpan])
        /// Plain text: no language, one that means plain text, or one nobody knows.
        case plain
        /// The language needs the library and it could not be loaded (why, in words).
        case unavailable(String)
    }

    private enum State {
        case notLoaded
        case loaded(SyntaxLibrary)
        case failed(String)
    }

    private let lock = NSLock()
    private let libraryPaths: [String]
    private var state = State.notLoaded
    /// Definition names by normalized language word (nil: no definition).
    private var definitions: [String: String?] = [:]

    /// `libraryPaths`: where to look for `libmdpdf-syntax.so`, first match wins.
    public init(libraryPaths: [String] = SyntaxHighlighter.defaultLibraryPaths) {
        self.libraryPaths = libraryPaths
    }

    /// `$MDPDF_SYNTAX_LIBRARY` alone when set; else beside the running executable (where
    /// `swift build` puts it), then `../lib/mdpdf/` from it (an installed layout), then
    /// the dynamic loader's own search path.
    public static var defaultLibraryPaths: [String] {
        let name = "libmdpdf-syntax.so"
        if let env = ProcessInfo.processInfo.environment["MDPDF_SYNTAX_LIBRARY"], !env.isEmpty { return [env] }
        var paths: [String] = []
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        paths.append(exe.appendingPathComponent(name).path)
        paths.append(exe.deletingLastPathComponent().appendingPathComponent("lib/mdpdf/\(name)").path)
        paths.append(name)
        return paths
    }

    /// Whether the library has been loaded (for tests of lazy loading).
    public var isLoaded: Bool {
        lock.lock(); defer { lock.unlock() }
        if case .loaded = state { return true }
        return false
    }

    /// Highlights `code` as `language` (an info-string word: `rust`, `js`, `c++`,
    /// `console`…, any case). Offsets are UTF-8 bytes of `code`.
    public func highlight(_ code: String, language: String) -> Outcome {
        switch LanguageNames.classify(language) {
        case .plain:
            return .plain
        case .console:
            let shell = LanguageNames.classify("bash")
            return .highlighted(ConsoleSession.highlight(code) { commands in
                if case .highlighted(let spans) = self.highlight(commands, as: shell) { return spans }
                return []
            })
        case let kind:
            return highlight(code, as: kind)
        }
    }

    private func highlight(_ code: String, as language: LanguageNames.Kind) -> Outcome {
        guard case .definition(let name, let fileName) = language else { return .plain }
        lock.lock(); defer { lock.unlock() }
        let library: SyntaxLibrary
        switch loadedLibrary() {
        case .success(let l): library = l
        case .failure(let e): return .unavailable(e.reason)
        }
        let key = name.lowercased()
        let definition: String?
        if let cached = definitions[key] { definition = cached } else {
            definition = library.definition(named: name, fileName: fileName)
            definitions[key] = definition
        }
        guard let definition, let spans = library.highlight(code, definition: definition) else { return .plain }
        return .highlighted(spans)
    }

    /// The library, loading it on first use. Call with the lock held.
    private func loadedLibrary() -> Result<SyntaxLibrary, SyntaxLibraryError> {
        switch state {
        case .loaded(let l): return .success(l)
        case .failed(let reason): return .failure(SyntaxLibraryError(reason: reason))
        case .notLoaded:
            switch SyntaxLibrary.load(from: libraryPaths) {
            case .success(let l): state = .loaded(l); return .success(l)
            case .failure(let e): state = .failed(e.reason); return .failure(e)
            }
        }
    }

    /// How many syntax definitions the library has; nil when it cannot be loaded.
    public var definitionCount: Int? {
        lock.lock(); defer { lock.unlock() }
        if case .success(let l) = loadedLibrary() { return l.definitionCount }
        return nil
    }

    /// The library's name for `language`'s definition; nil for plain text, a console
    /// session, an unknown language, or when the library cannot be loaded.
    public func definitionName(for language: String) -> String? {
        guard case .definition(let name, let fileName) = LanguageNames.classify(language) else { return nil }
        lock.lock(); defer { lock.unlock() }
        guard case .success(let l) = loadedLibrary() else { return nil }
        return l.definition(named: name, fileName: fileName)
    }
}
