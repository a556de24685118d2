import MDCore

/// A chain the font lookup cache answered, its faces decoded from the cache file as a
/// conversion first needs each (`FontChain.entry`): a one-line document's two chains
/// rank about 170 faces, and decoding them all (names and coverage maps read from
/// 0.3 MB of the file) was 0.9 million instructions, for the one or two it sets text in.
///
/// Thread-safe: the faces are decoded under `SystemFonts`' lock.
final class StoredChain: @unchecked Sendable {
    /// The question the chain answers (asked of fontconfig should a face not decode).
    let query: FontQuery
    /// The faces' numbers in the cache file, in rank order.
    let faces: [Int]
    let lookups: StoredFontLookups
    let system: SystemFonts

    init(query: FontQuery, faces: [Int], lookups: StoredFontLookups, system: SystemFonts) {
        self.query = query; self.faces = faces; self.lookups = lookups; self.system = system
    }

    var count: Int { faces.count }

    /// Faces `ranks`, decoded (each once, whichever conversion asks first).
    func entries(_ ranks: Range<Int>) -> [FontChain.Entry] { system.storedFaces(of: self, ranks) }

    /// Every face, decoded.
    func allEntries() -> [FontChain.Entry] { entries(0..<count) }
}
