import CFontconfig
import Foundation
import MDCore
import MDPage

/// Owns one fontconfig configuration (the scan of installed fonts) and turns font
/// requests into fallback chains.
///
/// Matching is cached per `FontSpec`: in a prototype, uncached `FcFontSort` calls were
/// 40% of the whole conversion, and a document uses only a handful of distinct requests.
final class FontDatabase {
    /// `FcConfig*`, owned: destroyed in `deinit`.
    private let config: OpaquePointer
    private var chains: [FontSpec: FontChain] = [:]
    /// Fallback chains by request and language (see `fallbackChain`).
    var fallbackChains: [FallbackKey: FontChain] = [:]
    private let diagnostics: DiagnosticSink
    /// Family names a theme uses for font files, lowercased, to the files' own family names.
    private var aliases: [String: String] = [:]

    /// Family names fontconfig resolves through its own aliases; a request for one of
    /// these never warns, whatever font it lands on.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "sans", "monospace", "mono", "cursive", "fantasy",
        "system-ui", "emoji", "math",
    ]

    /// Loads the system configuration and scans the installed fonts (tens of ms, once per
    /// context). If fontconfig cannot load its configuration, an empty one stands in:
    /// every chain is then empty and `TextContext` reports that no fonts were found.
    init(diagnostics: DiagnosticSink) {
        self.config = FcInitLoadConfigAndFonts() ?? FcConfigCreate()
        self.diagnostics = diagnostics
    }

    deinit { FcConfigDestroy(config) }

    /// Whether fontconfig finds any font on this machine (its configuration as the
    /// environment sets it, `FONTCONFIG_FILE` included).
    static func systemHasFonts() -> Bool {
        guard let config = FcInitLoadConfigAndFonts() else { return false }
        defer { FcConfigDestroy(config) }
        return hasFonts(config)
    }

    /// Whether this configuration holds any font (the system's, or files registered).
    var hasFonts: Bool { Self.hasFonts(config) }

    private static func hasFonts(_ config: OpaquePointer) -> Bool {
        for set in [FcSetSystem, FcSetApplication] {
            if let fonts = FcConfigGetFonts(config, set), fonts.pointee.nfont > 0 { return true }
        }
        return false
    }

    /// Adds a font file to this configuration only (not to the system's) and returns the
    /// family names it declares; empty when fontconfig cannot read it as a font.
    /// Clears the cached chains, which may now match differently.
    func registerFontFile(_ path: String) -> [String] {
        var families: [String] = []
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return [] }
        defer { FcPatternDestroy(pattern) }
        var n: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, "family", n, &family) == FcResultMatch, let family {
            families.append(String(cString: family))
            n += 1
        }
        guard !families.isEmpty, FcConfigAppFontAddFile(config, path) == FcBool(FcTrue) else { return [] }
        chains.removeAll()
        fallbackChains.removeAll()
        return families
    }

    /// Makes requests for `name` look for `family` instead (a theme's name for its font files).
    func addAlias(_ name: String, for family: String) {
        aliases[name.lowercased()] = family
        chains.removeAll()
        fallbackChains.removeAll()
    }

    private func unaliased(_ family: String) -> String {
        aliases[family.trimmingCharacters(in: .whitespaces).lowercased()] ?? family
    }

    /// The fallback chain for `request`: the primary face first, then every face
    /// fontconfig ranks after it that adds coverage. Never empty while any font is
    /// installed; warns (once per family and conversion) when none of the requested
    /// named families is installed, unless `warnIfMissing` is false (a fallback list).
    func chain(for request: FontSpec, warnIfMissing: Bool = true) -> FontChain {
        if let cached = chains[request] { return cached }
        let chain = FontChain(entries: sortedEntries(for: request))
        chains[request] = chain
        if warnIfMissing { warnAboutMissingFamilies(of: request, primary: chain.entries.first) }
        return chain
    }

    /// Builds the pattern (`FcPatternAdd*`: Swift cannot call the variadic
    /// `FcPatternBuild`), applies the configuration's and the default substitutions,
    /// and asks `FcFontSort` for the ranked set. Trimmed (the body's chain), fonts adding
    /// no new coverage are dropped, which keeps chains short; untrimmed (a fallback
    /// chain), every font is kept, so that a second face for the same script can still be
    /// preferred for its style. `language` (a fontconfig language tag) ranks the faces
    /// that support it first, and lets the configuration's per-language rules apply.
    func sortedEntries(for request: FontSpec, adding extraFamily: String? = nil, language: String? = nil,
                               trim: Bool = true) -> [FontChain.Entry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        for family in request.families + (extraFamily.map { [$0] } ?? []) {
            let name = unaliased(family).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            name.withCString { cString in
                cString.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) {
                    _ = FcPatternAddString(pattern, "family", $0)
                }
            }
        }
        let weight = Double(min(max(request.weight, 1), 1000))
        FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(weight))
        FcPatternAddInteger(pattern, "slant", request.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        if let language, let langs = FcLangSetCreate() {
            language.withCString { cString in
                cString.withMemoryRebound(to: FcChar8.self, capacity: language.utf8.count + 1) {
                    _ = FcLangSetAdd(langs, $0)
                }
            }
            FcPatternAddLangSet(pattern, "lang", langs)
            FcLangSetDestroy(langs)
        }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        guard let set = FcFontSort(config, pattern, FcBool(trim ? FcTrue : FcFalse), nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var entries: [FontChain.Entry] = []
        var seen: Set<FontFile> = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let entry = Self.entry(from: font) else { continue }
            if seen.insert(entry.file).inserted { entries.append(entry) }
        }
        return entries
    }

    /// Reads file, face index, family names and coverage from a matched pattern. The
    /// charset is copied (reference counted) so that it outlives the font set.
    private static func entry(from font: OpaquePointer) -> FontChain.Entry? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch,
              let charset, let owned = FcCharSetCopy(charset) else { return nil }
        var families: [String] = []
        var n: Int32 = 0
        var family: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(font, "family", n, &family) == FcResultMatch, let family {
            families.append(String(cString: family))
            n += 1
        }
        return FontChain.Entry(file: FontFile(path: String(cString: file), index: Int(index)),
                               families: families, coverage: CharSet(owning: owned))
    }

    /// Warns when no named (non-generic) family of the request is what fontconfig
    /// matched: the document asked for a face that this machine does not have.
    /// Fontconfig's metric-compatible aliases (Arial → Liberation Sans) count as missing,
    /// since the text then looks different from what the theme's author chose.
    private func warnAboutMissingFamilies(of request: FontSpec, primary: FontChain.Entry?) {
        let named = request.families
            .map { unaliased($0).trimmingCharacters(in: .whitespaces) }
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

/// An `FcCharSet*` we hold one reference to.
final class CharSet {
    private let handle: OpaquePointer
    init(owning handle: OpaquePointer) { self.handle = handle }
    deinit { FcCharSetDestroy(handle) }
    @inline(__always) func contains(_ scalar: UInt32) -> Bool { FcCharSetHasChar(handle, scalar) != 0 }
}
