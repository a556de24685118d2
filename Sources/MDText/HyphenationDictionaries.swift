import CHyphen
import FoundationEssentials
import MDCore

/// One libhyphen dictionary as loaded (TeX patterns, as Debian's `hyphen-*` packages
/// ship them). libhyphen only reads a dictionary once it is loaded, so one may serve
/// several threads at once (each with its own `Hyphenator`).
final class HyphenPatterns: @unchecked Sendable {
    let dict: UnsafeMutablePointer<HyphenDict>

    private init(_ dict: UnsafeMutablePointer<HyphenDict>) { self.dict = dict }
    deinit { hnj_hyphen_free(dict) }

    /// The dictionary for a BCP 47 tag (`en-US`, `de`, `fr-CA`): the exact region first,
    /// then the bare language, then any region of it; nil when none is installed.
    static func load(language: String, folder: String) -> HyphenPatterns? {
        let parts = language.replacingScalar("_", with: "-").split(separator: "-")
        guard let lang = parts.first?.lowercased(), !lang.isEmpty else { return nil }
        var candidates: [String] = []
        if parts.count > 1 { candidates.append("hyph_\(lang)_\(parts.last!.uppercased()).dic") }
        candidates.append("hyph_\(lang).dic")
        let installed = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        candidates += installed.filter { $0.hasPrefix("hyph_\(lang)_") && $0.hasSuffix(".dic") }
        for name in candidates where installed.contains(name) {
            if let d = hnj_hyphen_load("\(folder)/\(name)") { return HyphenPatterns(d) }
        }
        return nil
    }
}

/// The hyphenation dictionaries of a run: each language's loaded once when the store
/// `keepsDictionaries` (a batch, `--watch`), for every conversion and thread that asks,
/// else loaded for each conversion that asks and freed with it.
///
/// Why: libhyphen parses a dictionary's text patterns as it loads them, 7 ms for
/// American English; loaded by every conversion of a batch, that was 5 % of the CPU
/// time of the corpus folder with `-j 1`. A single conversion frees its dictionary
/// when layout is over (`TextContext.finishLayout`), before the conversion's last peak
/// (cairo's font subsets and the pass): 0.7 MB for American English.
public final class HyphenationDictionaries: @unchecked Sendable {
    public let keepsDictionaries: Bool
    let folder: String
    /// Serialises loads: a second conversion asking for a language being loaded waits
    /// for it rather than load it again.
    private let lock = Lock()
    /// By lowercased tag; `.some(nil)`: none installed.
    private var kept: [String: HyphenPatterns?] = [:]

    public init(keepsDictionaries: Bool = false, folder: String = "/usr/share/hyphen") {
        self.keepsDictionaries = keepsDictionaries
        self.folder = folder
    }

    /// `language`'s dictionary; nil when none is installed.
    func patterns(for language: String) -> HyphenPatterns? {
        guard keepsDictionaries else { return HyphenPatterns.load(language: language, folder: folder) }
        let key = language.lowercased()
        lock.lock()
        defer { lock.unlock() }
        if let known = kept[key] { return known }
        let loaded = HyphenPatterns.load(language: language, folder: folder)
        kept[key] = .some(loaded)
        return loaded
    }
}
