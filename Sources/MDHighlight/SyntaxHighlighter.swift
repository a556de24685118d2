import FoundationEssentials
import Glibc
import MDCore

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

    /// Serialises every use of the library.
    private let lock = Lock()
    private let library: LazyLibrary<SyntaxLibrary>
    /// Definition names by normalized language word (nil: no definition).
    private var definitions: [String: String?] = [:]

    /// `libraryPaths`: where to look for `libmdpdf-syntax.so`, first match wins; worked out
    /// on first use (the default resolves the executable's path, about 0.4 million
    /// instructions, which a document that never loads the library need not spend).
    public init(libraryPaths: @autoclosure @escaping () -> [String] = SyntaxHighlighter.defaultLibraryPaths) {
        library = LazyLibrary { SyntaxLibrary.load(from: libraryPaths()) }
    }

    /// `$MDPDF_SYNTAX_LIBRARY`, else beside the executable (see `DynamicLibrary`).
    public static var defaultLibraryPaths: [String] {
        DynamicLibrary.searchPaths(for: "libmdpdf-syntax.so", variable: "MDPDF_SYNTAX_LIBRARY")
    }

    /// Whether the library has been loaded (for tests of lazy loading).
    public var isLoaded: Bool { library.isLoaded }

    /// Loads the library now, on the calling thread, if it is not loaded yet (see
    /// `Converter.preloadHighlighter`); a later `highlight` finds it, or waits for it.
    public func preload() {
        _ = library.get()
    }

    /// Whether highlighting code named `language` (an info-string word) loads the
    /// library: false for the words that mean plain text.
    public static func needsLibrary(for language: String) -> Bool {
        LanguageNames.classify(language) != .plain
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

    /// The library, loading it on first use.
    private func loadedLibrary() -> Result<SyntaxLibrary, SyntaxLibraryError> {
        library.get().mapError { SyntaxLibraryError(reason: $0.reason) }
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
