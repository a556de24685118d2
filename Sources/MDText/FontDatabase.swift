import FoundationEssentials
import Glibc
import MDCore
import MDPage

/// Turns a conversion's font requests into fallback chains: the system's fonts through
/// the shared `SystemFonts` (and its lookup cache), or, once a theme brings font files,
/// through a fontconfig configuration of this conversion's own that holds them too.
///
/// Chains are kept per `FontSpec`: a document uses only a handful of distinct requests,
/// and each chain memoizes its coverage answers.
final class FontDatabase {
    private let system: SystemFonts
    /// The installed fonts, which also keep what faces' tables taught (`FaceTraits`).
    var systemFonts: SystemFonts { system }
    /// Made when the first font file is registered: the system configuration plus the
    /// theme's files, seen by this conversion only (and shared by its text contexts).
    private var own: OwnFonts?
    private var chains: [FontSpec: FontChain] = [:]
    /// The chains asked for last: every run of every paragraph asks for its font's chain,
    /// and hashing a `FontSpec` (its family names) for the dictionary cost about 5,000
    /// instructions a time (3 % of the layout thread).
    private var recentChains = RecentAnswers<FontSpec, FontChain>(capacity: 4)
    /// Fallback chains by request and language (see `fallbackChain`).
    var fallbackChains: [FallbackKey: FontChain] = [:]
    private let diagnostics: DiagnosticSink
    /// Family names a theme uses for font files, lowercased, to the files' own family names.
    private var aliases: [String: String] = [:]
    /// Set once another database shares these fonts (`init(sharing:)`): a font file or
    /// alias registered afterwards would be seen by one of them only.
    private var isShared = false

    /// Family names fontconfig resolves through its own aliases; a request for one of
    /// these never warns, whatever font it lands on.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "sans", "monospace", "mono", "cursive", "fantasy",
        "system-ui", "emoji", "math",
    ]

    init(system: SystemFonts, diagnostics: DiagnosticSink) {
        self.system = system
        self.diagnostics = diagnostics
    }

    /// A database of the same fonts as `other` (its system fonts, the theme's files and
    /// aliases registered so far) with chains and warnings of its own, for a text context
    /// on another thread. Register nothing in either afterwards: the copy would not see it.
    init(sharing other: FontDatabase, diagnostics: DiagnosticSink) {
        other.isShared = true
        isShared = true
        system = other.system
        own = other.own
        aliases = other.aliases
        self.diagnostics = diagnostics
    }

    /// Whether any font can be found (installed, or registered from a theme's files).
    var hasFonts: Bool { own?.hasFonts ?? system.hasFonts }

    /// Adds a font file to this conversion only (not to the system's) and returns the
    /// family names it declares; empty when fontconfig cannot read it as a font.
    /// Clears the cached chains, which may now match differently.
    func registerFontFile(_ path: String) -> [String] {
        precondition(!isShared, "a font file registered after the fonts were shared")
        if own == nil { own = OwnFonts() }
        let families = own!.addFontFile(path)
        if !families.isEmpty {
            chains.removeAll()
            recentChains.removeAll()
            fallbackChains.removeAll()
        }
        return families
    }

    /// Drops the fallback chains (and the character sets they hold) once no more text
    /// is set (`TextContext.finishLayout`).
    func forgetChains() {
        chains.removeAll()
        recentChains.removeAll()
        fallbackChains.removeAll()
    }

    /// Makes requests for `name` look for `family` instead (a theme's name for its font files).
    func addAlias(_ name: String, for family: String) {
        precondition(!isShared, "a family alias added after the fonts were shared")
        aliases[name.lowercased()] = family
        chains.removeAll()
        recentChains.removeAll()
        fallbackChains.removeAll()
    }

    private func unaliased(_ family: String) -> String {
        aliases[family.trimmingSpaces().lowercased()] ?? family
    }

    /// The fallback chain for `request`: the primary face first, then every face
    /// fontconfig ranks after it that adds coverage. Never empty while any font is
    /// installed; warns (once per family and conversion) when none of the requested
    /// named families is installed, unless `warnIfMissing` is false (a fallback list).
    func chain(for request: FontSpec, warnIfMissing: Bool = true) -> FontChain {
        if let recent = recentChains.answer(for: request) { return recent }
        if let cached = chains[request] {
            recentChains.note(cached, for: request)
            return cached
        }
        let chain = FontChain(faces: sortedEntries(for: request))
        chains[request] = chain
        if warnIfMissing { warnAboutMissingFamilies(of: request, primary: chain.first) }
        recentChains.note(chain, for: request)
        return chain
    }

    /// The faces fontconfig ranks for `request` (its families as this conversion names
    /// them, then `extraFamily`), from this conversion's own configuration when a theme
    /// brought font files, else from the system's fonts (see `FontQuery` for `language`
    /// and `trim`).
    func sortedEntries(for request: FontSpec, adding extraFamily: String? = nil, language: String? = nil,
                       trim: Bool = true) -> FontChain.Faces {
        let families = (request.families + (extraFamily.map { [$0] } ?? []))
            .map { unaliased($0).trimmingSpaces() }.filter { !$0.isEmpty }
        let query = FontQuery(families: families, weight: min(max(request.weight, 1), 1000), italic: request.italic,
                              language: language, trim: trim)
        if let own { return .entries(own.sortedEntries(for: query)) }
        return system.faces(for: query)
    }

    /// Warns when no named (non-generic) family of the request is what fontconfig
    /// matched: the document asked for a face that this machine does not have.
    /// Fontconfig's metric-compatible aliases (Arial → Liberation Sans) count as missing,
    /// since the text then looks different from what the theme's author chose.
    private func warnAboutMissingFamilies(of request: FontSpec, primary: FontChain.Entry?) {
        let named = request.families
            .map { unaliased($0).trimmingSpaces() }
            .filter { !$0.isEmpty && !Self.genericFamilies.contains($0.lowercased()) }
        guard !named.isEmpty else { return }
        let matched = Set((primary?.families ?? []).map { $0.lowercased() })
        guard !named.contains(where: { matched.contains($0.lowercased()) }) else { return }
        let used = primary?.families.first ?? "no font at all"
        for family in named {
            diagnostics.warnOnce(
                key: "text.font-family-missing.\(family.lowercased())",
                "font family '\(family)' is not installed; using '\(used)'",
                hint: "install a package that provides '\(family)', or check the exact name with `fc-list : family`")
        }
    }
}
