import CFontconfig
import MDPage

/// What fontconfig is asked for one fallback chain: the family names as fontconfig gets
/// them (a theme's aliases resolved, blanks trimmed, empty names dropped), the CSS
/// weight clamped to 1…1000, the slant, a fontconfig language tag ("ar", "zh-cn") that
/// ranks the faces supporting it first and lets per-language rules apply, and whether
/// the set is trimmed (faces adding no coverage dropped: the body's chain) or whole (a
/// fallback chain, where a second face for a script can still win by its style). The
/// key of the chains `SystemFonts` keeps.
struct FontQuery: Hashable, Sendable {
    var families: [String]
    var weight: Int
    var italic: Bool
    var language: String? = nil
    var trim = true
}

/// One fontconfig configuration: its XML files parsed and its font caches loaded
/// (`FcInitLoadConfigAndFonts`, the costly step of a short conversion). Owns the
/// `FcConfig*`, destroyed in `deinit`. Not thread-safe.
final class FontConfiguration {
    private let config: OpaquePointer

    /// The configuration as the environment sets it (`FONTCONFIG_FILE` included). If
    /// fontconfig cannot load it, an empty one stands in: it has no fonts.
    init() {
        config = FcInitLoadConfigAndFonts() ?? FcConfigCreate()
    }

    deinit { FcConfigDestroy(config) }

    /// Whether this configuration holds any font (the system's, or files added).
    var hasFonts: Bool {
        for set in [FcSetSystem, FcSetApplication] {
            if let fonts = FcConfigGetFonts(config, set), fonts.pointee.nfont > 0 { return true }
        }
        return false
    }

    /// Adds a font file to this configuration only (not to the system's) and returns the
    /// family names it declares; empty when fontconfig cannot read it as a font.
    func addFontFile(_ path: String) -> [String] {
        var count: Int32 = 0
        guard let pattern = FcFreeTypeQuery(path, 0, nil, &count) else { return [] }
        defer { FcPatternDestroy(pattern) }
        let families = Self.strings(pattern, "family")
        guard !families.isEmpty, FcConfigAppFontAddFile(config, path) == FcBool(FcTrue) else { return [] }
        return families
    }

    /// Builds the pattern (`FcPatternAdd*`: Swift cannot call the variadic
    /// `FcPatternBuild`), applies the configuration's and the default substitutions,
    /// and asks `FcFontSort` for the ranked set, trimmed or whole as the query says.
    /// Each file and face index once.
    func sortedEntries(for query: FontQuery) -> [FontChain.Entry] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        for name in query.families {
            name.withCString { cString in
                cString.withMemoryRebound(to: FcChar8.self, capacity: name.utf8.count + 1) {
                    _ = FcPatternAddString(pattern, "family", $0)
                }
            }
        }
        FcPatternAddDouble(pattern, "weight", FcWeightFromOpenTypeDouble(Double(query.weight)))
        FcPatternAddInteger(pattern, "slant", query.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        if let language = query.language, let langs = FcLangSetCreate() {
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
        guard let set = FcFontSort(config, pattern, FcBool(query.trim ? FcTrue : FcFalse), nil, &result) else { return [] }
        defer { FcFontSetDestroy(set) }
        var entries: [FontChain.Entry] = []
        var seen: Set<FontFile> = []
        for i in 0..<Int(set.pointee.nfont) {
            guard let font = set.pointee.fonts[i], let entry = Self.entry(from: font) else { continue }
            if seen.insert(entry.file).inserted { entries.append(entry) }
        }
        return entries
    }

    /// The files and folders whose state decides what this configuration finds: every
    /// configuration file and folder read, every font folder (those configured, present
    /// or not, and every folder below them), and the per-user files fontconfig's own
    /// configuration includes when they exist. Fontconfig itself takes a font folder's
    /// modification time as the sign that its fonts changed (its caches are keyed on it).
    var watchedPaths: [String] {
        var paths = Self.list(FcConfigGetConfigFiles(config)) + Self.list(FcConfigGetFontDirs(config))
        if let first = paths.first, first.hasSuffix("/fonts.conf") {
            paths.append(String(first.dropLast("fonts.conf".count)) + "local.conf")
        }
        let home = FontEnvironment.value("HOME")
        let configHome = FontEnvironment.value("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        if let configHome { paths += [configHome + "/fontconfig/fonts.conf", configHome + "/fontconfig/conf.d"] }
        if let home { paths += [home + "/.fonts.conf", home + "/.fonts.conf.d", home + "/.fonts"] }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// Reads file, face index, family names and coverage from a matched pattern.
    private static func entry(from font: OpaquePointer) -> FontChain.Entry? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(font, "index", 0, &index) != FcResultMatch { index = 0 }
        var charset: OpaquePointer?
        guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset else { return nil }
        return FontChain.Entry(file: FontFile(path: String(cString: file), index: Int(index)),
                               families: strings(font, "family"), coverage: CharSet(copying: charset))
    }

    /// Every string value of `object` in `pattern`, in order.
    private static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value {
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    /// The strings of an `FcStrList` (consumed).
    private static func list(_ list: OpaquePointer?) -> [String] {
        guard let list else { return [] }
        defer { FcStrListDone(list) }
        var out: [String] = []
        while let s = FcStrListNext(list) { out.append(String(cString: s)) }
        return out
    }
}
