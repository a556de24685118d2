import FoundationEssentials
import Glibc
import MDCore
import MDPage

/// The fonts installed on this machine, as fontconfig ranks them for each request.
///
/// Fontconfig is loaded only when a question needs it: the answers of earlier runs come
/// from the font lookup cache (`FontLookupCache`) while its stamp says that nothing
/// fontconfig reads has changed, so a document whose fonts were all looked up before
/// never loads fontconfig's configuration. Answers computed in this run go into the
/// cache when a conversion ends (`saveLookups`).
///
/// One instance serves any number of conversions, on any threads: every use is
/// serialised by a lock. The chains it hands out never change (those from the cache
/// decode their faces as asked for, under the lock: `StoredChain`).
public final class SystemFonts: @unchecked Sendable {
    private let lock = Lock()
    /// Where the lookup cache lives; nil: no cache, every answer from fontconfig.
    private let cacheDirectory: String?
    private var cacheRead = false
    /// A cache whose stamp was current when read.
    private var cached: StoredFontLookups?
    /// Fontconfig, once loaded, with the stamp taken right after it loaded.
    private var live: (configuration: FontConfiguration, stamp: FontSetupStamp)?
    /// Chains fontconfig computed in this run, and whether some (or some face traits)
    /// are not in the cache yet.
    private var computed: [FontQuery: [FontChain.Entry]] = [:]
    private var unsaved = false
    /// What faces read in this run taught (`shapesWordsAlone`).
    private var learned: [FontFile: FaceTraits] = [:]

    /// `cacheDirectory`: where to keep the lookup cache (see `defaultCacheDirectory`);
    /// nil asks fontconfig every time.
    public init(cacheDirectory: String? = SystemFonts.defaultCacheDirectory) {
        self.cacheDirectory = cacheDirectory
    }

    /// `$XDG_CACHE_HOME/mdpdf`, else `~/.cache/mdpdf`.
    public static var defaultCacheDirectory: String? { FontLookupCache.defaultDirectory }

    /// Whether fontconfig finds any font (its configuration as the environment sets it,
    /// `FONTCONFIG_FILE` included): without one no text can be set.
    public var hasFonts: Bool {
        lock.lock(); defer { lock.unlock() }
        readCacheOnce()
        if let cached { return cached.hasFonts }
        return configuration().hasFonts
    }

    /// The ranked faces for `query`: from this run's answers, else the cache (decoded as
    /// they are asked for; the primary face at once, so that a cache that cannot give it
    /// is not used), else fontconfig.
    func faces(for query: FontQuery) -> FontChain.Faces {
        lock.lock(); defer { lock.unlock() }
        if let entries = computed[query] { return .entries(entries) }
        readCacheOnce()
        if let cached, let numbers = cached.chainFaces(for: query), numbers.first.map({ cached.face($0) != nil }) ?? true {
            return .stored(StoredChain(query: query, faces: numbers, lookups: cached, system: self))
        }
        return .entries(computedEntries(for: query))
    }

    /// Faces `ranks` of a chain from the cache, decoded together (records that lie
    /// close in the file read at once). Should one not decode (a cache damaged since its
    /// structure was checked), the faces of the same ranks in fontconfig's answer to the
    /// chain's question stand in: the cache was made from that answer, so they are the
    /// same faces unless the fonts changed meanwhile, when a face of no character does
    /// (the answer is then of another length). The cache is written again, repaired.
    func storedFaces(of chain: StoredChain, _ ranks: Range<Int>) -> [FontChain.Entry] {
        lock.lock(); defer { lock.unlock() }
        if let entries = chain.lookups.entries(Array(chain.faces[ranks])) { return entries }
        let fresh = computedEntries(for: chain.query)
        return ranks.map { fresh.count == chain.count ? fresh[$0] : FontChain.Entry.none }
    }

    /// Fontconfig's answer to `query`, kept for the cache. Called with the lock held.
    private func computedEntries(for query: FontQuery) -> [FontChain.Entry] {
        if let entries = computed[query] { return entries }
        let entries = configuration().sortedEntries(for: query)
        computed[query] = entries
        unsaved = true
        return entries
    }

    /// Whether `file`'s face shapes words the same alone as in a line
    /// (`Face.shapesWordsAlone`): as learned before, in this run or an earlier one, of the
    /// file as `stamp` says it was when the face opened it, else `read`'s answer, kept
    /// for later runs. `read` runs without the lock held.
    func shapesWordsAlone(_ file: FontFile, stamp: PathSignature, read: () -> Bool) -> Bool {
        lock.lock()
        readCacheOnce()
        let known = learned[file] ?? cached?.traits[file]
        lock.unlock()
        if let known, known.file == stamp { return known.shapesWordsAlone }
        let value = read()
        lock.lock()
        learned[file] = FaceTraits(file: stamp, shapesWordsAlone: value)
        unsaved = true
        lock.unlock()
        return value
    }

    /// Writes the chains fontconfig computed in this run, and the face traits learned,
    /// into the cache beside those already there. Nothing is written when every answer
    /// came from the cache, or when what fontconfig reads changed while it was in use
    /// (the answers may then be stale).
    public func saveLookups() {
        lock.lock(); defer { lock.unlock() }
        guard unsaved, let cacheDirectory, computed.count <= FontLookupCache.maxQueries else { return }
        let stamp: FontSetupStamp, hasFonts: Bool
        if let live {
            guard live.stamp.isCurrent else { return }
            (stamp, hasFonts) = (live.stamp, live.configuration.hasFonts)
        } else if let cached {
            // Only traits are new: the cache read at the start, still what fontconfig
            // would answer (a change since shows in the stamp at the next run's check).
            (stamp, hasFonts) = (cached.stamp, cached.hasFonts)
        } else {
            return
        }
        var chains = computed
        var traits = learned
        if let cached, cached.stamp == stamp, cached.queryCount + computed.count <= FontLookupCache.maxQueries {
            chains.merge(cached.allChains()) { mine, _ in mine }
            if cached.traits.count + learned.count <= FontLookupCache.maxTraits {
                traits.merge(cached.traits) { mine, _ in mine }
            }
        }
        FontLookupCache(stamp: stamp, hasFonts: hasFonts, chains: chains, traits: traits).write(to: cacheDirectory)
        unsaved = false
    }

    /// Forgets every answer if what fontconfig reads has changed since they were given,
    /// so that the next question loads fontconfig (or a newer cache) again: `--watch`
    /// rebuilds share one instance for as long as it runs, and a font installed
    /// meanwhile must be seen as a new run would see it.
    public func forgetIfChanged() {
        lock.lock(); defer { lock.unlock() }
        guard cacheRead else { return }
        if let stamp = live?.stamp ?? cached?.stamp, stamp.isCurrent { return }
        cacheRead = false
        cached = nil
        live = nil
        computed = [:]
        // Traits learned in this run are checked against their files, not the stamp:
        // they stay (the cache's go with it).
        unsaved = !learned.isEmpty
    }

    private func readCacheOnce() {
        guard !cacheRead else { return }
        cacheRead = true
        guard let cacheDirectory, let cache = FontLookupCache.read(from: cacheDirectory), cache.stamp.isCurrent else { return }
        cached = cache
    }

    /// Fontconfig, loaded on first use. If the stamp taken now differs from the cache's,
    /// something changed since the cache was checked: its answers are dropped.
    private func configuration() -> FontConfiguration {
        if let live { return live.configuration }
        let configuration = FontConfiguration()
        let stamp = FontSetupStamp.current(watching: configuration.watchedPaths)
        if let cached, cached.stamp != stamp { self.cached = nil }
        live = (configuration, stamp)
        return configuration
    }
}
