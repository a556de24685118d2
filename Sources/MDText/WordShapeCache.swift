import CHarfBuzz

/// One glyph as HarfBuzz gave it, in font units (the face is shaped at units-per-em),
/// its cluster counted from the start of the bytes it was shaped from.
struct UnitGlyph {
    var id: UInt32
    /// A byte offset: paragraphs are far below 2 GB (`--max-input-size`).
    var cluster: Int32
    var xAdvance: Int32
    var xOffset: Int32
    var yOffset: Int32
    var unsafeToBreak: Bool
}

/// The glyphs of words already shaped, by word, face, script, language and features.
///
/// Why: a document repeats its words (the Rust book's chapters 1–14 set about 110,000
/// words and spaces, 9,000 of them distinct), and HarfBuzz was a fifth of the layout
/// thread. A word is shaped on its own only where that gives what shaping it with its
/// line would: left to right, in a script HarfBuzz sets without regard to its
/// neighbours (Latin, Greek, Cyrillic, common characters), with features over the
/// whole text, in a face whose lookups never involve the space glyph
/// (`Face.shapesWordsAlone`). A word is a stretch of bytes between ASCII spaces; a
/// stretch of spaces is a word too. The glyphs, positions and clusters are the same
/// either way (the tests compare whole PDFs).
///
/// A lookup allocates nothing: words and glyphs live in two pools, found through an
/// open-addressing table by an FNV-1a hash of the bytes; the glyphs are read from the
/// pool in place. Bounded: past `capacity` words the cache starts over, so memory stays
/// flat (under 1 MB) however many distinct words a document has. Not thread-safe (one
/// per `Shaper`).
final class WordShapeCache {
    /// The most words kept.
    static let capacity = 4096
    /// Longer stretches (URLs, long identifiers) are shaped each time, not kept.
    static let longestWord = 48

    private struct Slot {
        /// 0: empty.
        var hash: UInt64 = 0
        var context: Int32 = 0
        var byteCount: Int32 = 0
        var byteStart: Int32 = 0
        var glyphStart: Int32 = 0
        var glyphCount: Int32 = 0
    }

    /// What a word is shaped with besides its bytes.
    private struct Context: Hashable {
        var font: Int
        var script: UInt32
        /// The bit pattern of the run's interned `hb_language_t` (0 for none).
        var language: UInt
        /// The features as (tag << 32 | value).
        var features: [UInt64]
    }

    /// At least twice `count`, a power of two: probes stay short. It starts small and
    /// doubles up to twice `capacity` (8,192 slots, 256 KB): a short document's few
    /// words touched 64 fresh pages of memory at the start of every run (0.1 ms).
    private var slots = [Slot](repeating: Slot(), count: WordShapeCache.initialSlots)
    static let initialSlots = 256
    private var count = 0
    private var bytes: [UInt8] = []
    /// The glyphs of the words, clusters counted from each word's first byte.
    private(set) var glyphs: [UnitGlyph] = []
    private var contexts: [Context: Int32] = [:]

    /// Scripts HarfBuzz shapes with its default shaper, where text around a word does
    /// not change it (unlike Arabic joining or Indic reordering).
    private static let scripts: Set<UInt32> = [HB_SCRIPT_LATIN.rawValue, HB_SCRIPT_GREEK.rawValue,
                                               HB_SCRIPT_CYRILLIC.rawValue, HB_SCRIPT_COMMON.rawValue]

    /// The number of what `item`'s words are shaped with, or nil when the item must be
    /// shaped whole.
    func context(for item: TextItem, face: Face, language: hb_language_t?, features: [hb_feature_t]) -> Int32? {
        guard !item.rtl, Self.scripts.contains(item.script.rawValue),
              features.allSatisfy({ $0.start == 0 && $0.end == UInt32.max }), face.shapesWordsAlone else { return nil }
        let context = Context(font: item.font.raw, script: item.script.rawValue, language: UInt(bitPattern: language),
                              features: features.map { UInt64($0.tag) << 32 | UInt64($0.value) })
        if let known = contexts[context] { return known }
        let number = Int32(contexts.count)
        contexts[context] = number
        return number
    }

    /// Where in `glyphs` the glyphs of `word` shaped in `context` are, if it was stored.
    func lookUp(_ word: UnsafeBufferPointer<UInt8>, context: Int32) -> Range<Int>? {
        let hash = Self.hash(word, context)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while slots[i].hash != 0 {
            let slot = slots[i]
            if slot.hash == hash, slot.context == context, Int(slot.byteCount) == word.count,
               bytes.withUnsafeBufferPointer({ pool in
                   memcmp(pool.baseAddress! + Int(slot.byteStart), word.baseAddress!, word.count) == 0
               }) {
                return Int(slot.glyphStart)..<Int(slot.glyphStart + slot.glyphCount)
            }
            i = (i + 1) & mask
        }
        return nil
    }

    /// Keeps `shaped` (clusters counted from `word`'s first byte) as `word`'s glyphs in
    /// `context`.
    func store(_ word: UnsafeBufferPointer<UInt8>, context: Int32, glyphs shaped: ArraySlice<UnitGlyph>) {
        if count >= Self.capacity { removeAll() }
        if 2 * (count + 1) > slots.count { grow() }
        place(Slot(hash: Self.hash(word, context), context: context, byteCount: Int32(word.count), byteStart: Int32(bytes.count),
                   glyphStart: Int32(glyphs.count), glyphCount: Int32(shaped.count)))
        bytes.append(contentsOf: word)
        glyphs.append(contentsOf: shaped)
        count += 1
    }

    /// Twice the slots, each stored word placed again by its hash.
    private func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: 2 * old.count)
        for slot in old where slot.hash != 0 { place(slot) }
    }

    /// Puts `slot` in the first empty slot from where its hash points.
    private func place(_ slot: Slot) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: slot.hash) & mask
        while slots[i].hash != 0 { i = (i + 1) & mask }
        slots[i] = slot
    }

    /// Forgets every word.
    func removeAll() {
        for i in slots.indices { slots[i].hash = 0 }
        count = 0
        bytes.removeAll(keepingCapacity: true)
        glyphs.removeAll(keepingCapacity: true)
    }

    /// FNV-1a over the context and the bytes; never 0 (that marks an empty slot).
    private static func hash(_ word: UnsafeBufferPointer<UInt8>, _ context: Int32) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(UInt32(bitPattern: context))
        for b in word { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h == 0 ? 1 : h
    }
}
