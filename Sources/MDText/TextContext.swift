import CHarfBuzz
import MDCore
import MDPage

/// Owns the font database, loaded faces, shaping caches and break iterators for one
/// conversion (or one thread of it). Not thread-safe: a second thread of a conversion
/// gets a context of its own over the same fonts (`init(sharingFontsOf:diagnostics:)`),
/// as parley separates a shared font store from per-thread shaping scratch.
///
/// Every C handle lives in a small `final class` that destroys it in `deinit`; none is
/// visible outside the module. `FontID`s index `faces` and are only meaningful here.
public final class TextContext {
    let diagnostics: DiagnosticSink
    let database: FontDatabase
    /// Loaded faces; `FontID.raw` is the index.
    var faces: [Face] = []
    var faceIDs: [FontFile: FontID] = [:]
    let lineBreaker = BreakIterator(.line)
    let graphemeBreaker = BreakIterator(.character)
    let bidi = BidiAnalyzer()
    let shaper = Shaper()
    let scripts = ScriptLookup()
    /// `hb_language_t` values are interned by HarfBuzz; looking them up by string is a
    /// lock and a list walk, so remember them per tag.
    var languages: [String: hb_language_t] = [:]
    /// Where the hyphenation dictionaries come from (shared by a batch's conversions).
    let hyphenation: HyphenationDictionaries
    /// The dictionaries in use, by lowercased language tag; `.some(nil)`: none installed.
    var hyphenators: [String: Hyphenator?] = [:]
    /// Hyphenation points of the words met so far.
    var hyphenationCache: [HyphenationKey: [Int]] = [:]
    /// Faces with a MATH table, read once each (see `mathFont(families:)`).
    var mathFonts: [FontID: MathFont] = [:]
    /// Answers of `substitutesEveryGlyph`, by text, font and feature.
    var featureCoverage: [FeatureCoverageKey: Bool] = [:]

    /// The font files of the faces loaded so far, each once, in the order loaded: the
    /// fonts this conversion read.
    public var loadedFontFiles: [String] {
        if let filesRead { return filesRead }
        var seen = Set<String>()
        return faces.map(\.file.path).filter { seen.insert($0).inserted }
    }

    /// `loadedFontFiles` as it was at `finishLayout`; nil before.
    private var filesRead: [String]?

    /// Lets go of the faces (each a HarfBuzz face over a mapping of its font file), the
    /// fallback chains (each face's character set), the hyphenation dictionaries (freed
    /// unless a batch's `HyphenationDictionaries` keeps them) and the caches, once
    /// layout is over: the end of drawing and the post-processing pass need none of
    /// them, and they were still resident at the conversion's peak (about 6 MB for the
    /// Rust book, 2 MB of it Noto Sans CJK's `cmap` and layout tables). Only
    /// `loadedFontFiles` is kept. No text may be set with this context afterwards.
    public func finishLayout() {
        filesRead = loadedFontFiles
        faces = []
        faceIDs = [:]
        mathFonts = [:]
        hyphenators = [:]
        hyphenationCache = [:]
        featureCoverage = [:]
        shaper.words.removeAll()
        database.forgetChains()
    }

    /// Whether this context has any font to set text with (installed, or registered
    /// from a theme's files).
    public var hasFonts: Bool { database.hasFonts }

    /// `systemFonts`: the installed fonts, shared between conversions so that
    /// fontconfig is loaded (when its answers are not cached) once per run;
    /// `hyphenation`: the hyphenation dictionaries, likewise for a batch.
    public init(diagnostics: DiagnosticSink, systemFonts: SystemFonts = SystemFonts(),
                hyphenation: HyphenationDictionaries = HyphenationDictionaries()) {
        self.diagnostics = diagnostics
        self.hyphenation = hyphenation
        self.database = FontDatabase(system: systemFonts, diagnostics: diagnostics)
    }

    /// A context for another thread of the same conversion: the same installed fonts,
    /// theme font files, aliases and hyphenation dictionaries as `other` (whose fonts must
    /// all be registered by now), with faces, caches, break iterators and warnings of its
    /// own (into `diagnostics`). Its `FontID`s are its own: glyphs it shapes for `other`
    /// cross over as `ShapedElsewhere`.
    public init(sharingFontsOf other: TextContext, diagnostics: DiagnosticSink) {
        precondition(other.filesRead == nil, "a context shared after finishLayout")
        self.diagnostics = diagnostics
        self.hyphenation = other.hyphenation
        self.database = FontDatabase(sharing: other.database, diagnostics: diagnostics)
    }

    /// Shapes `text` with the given runs (which cover the text without gaps, ascending),
    /// choosing fallback fonts per grapheme cluster where the requested font lacks a
    /// character, and finds its line-break opportunities.
    ///
    /// Bytes not covered by any run take the nearest run before them (or the first run).
    /// With no runs at all there is nothing to shape with: glyphs are empty, breaks are
    /// still found.
    ///
    /// `baseLevel` is the paragraph's bidi direction (0 left-to-right, 1 right-to-left);
    /// nil lets the first strong character of the text decide (UBA rules P2/P3). The
    /// whole text is one bidi paragraph, newlines included.
    public func shape(_ text: String, runs: [ShapingRun], baseLevel: UInt8? = nil) -> ShapedParagraph {
        // `withUTF8` needs a mutable copy (it may make a bridged string native); the
        // paragraph keeps the caller's string, so no bytes are copied for it.
        var native = text
        return native.withUTF8 { utf8 in
            let breaks = breakOpportunities(in: utf8)
            guard !runs.isEmpty, !utf8.isEmpty else {
                return ShapedParagraph(text: text, glyphs: [], breaks: breaks, baseLevel: (baseLevel ?? 0) & 1)
            }
            let decoded = DecodedText(utf8)
            // Text with no right-to-left character in a left-to-right paragraph is all at
            // level 0: the common case skips ICU.
            var bidi: (levels: [UInt8]?, base: UInt8) = (nil, 0)
            if (baseLevel ?? 0) & 1 == 1 || decoded.needsBidi {
                bidi = self.bidi.levels(of: utf8, base: baseLevel)
            }
            let items = itemize(decoded, utf8: utf8, runs: runs, levels: bidi.levels)
            let compression = decoded.maxScalar >= 0x3000 ? PunctuationCompression.features(decoded) : []
            let features = runs.map { hbFeatures($0.features) + compression }
            var glyphs: [ShapedGlyph] = []
            glyphs.reserveCapacity(decoded.count)
            for item in items {
                let run = runs[item.run]
                shaper.shape(item, of: utf8, face: faces[item.font.raw], size: run.size,
                             language: language(run.language), features: features[item.run],
                             into: &glyphs)
            }
            return ShapedParagraph(text: text, glyphs: glyphs, breaks: breaks, baseLevel: bidi.base)
        }
    }

    /// Makes the font file at `path` available to this context (only), for theme fonts
    /// given by file. Returns the family names the file declares — use one of them in a
    /// `FontSpec`, or `addFamilyAlias` — and an empty list when the file is not a font
    /// fontconfig can read. Register before shaping: chains already built are dropped.
    public func registerFontFile(_ path: String) -> [String] {
        database.registerFontFile(path)
    }

    /// Makes requests for the family `name` use `family` (e.g. a theme's name for its
    /// font files → the family the files declare). Names compare case-insensitively.
    public func addFamilyAlias(_ name: String, for family: String) {
        database.addAlias(name, for: family)
    }

    /// The face fontconfig picks for a request (before any per-character fallback);
    /// used for the metrics of a style (line height, underline position).
    public func primaryFont(for request: FontSpec) -> FontID {
        fontID(in: database.chain(for: request), at: 0)
    }

    /// Vertical metrics in em; see `Face.readMetrics` for the fallbacks used when a
    /// font's tables lack a value.
    public func metrics(of font: FontID) -> FontMetrics { faces[font.raw].metrics }

    /// The file the renderer should open to draw glyphs of this face.
    public func file(of font: FontID) -> FontFile { faces[font.raw].file }

    /// UTF-8 offsets of extended grapheme cluster boundaries in `text`, ascending,
    /// excluding 0, including `text.utf8.count`. Used to break words longer than a line.
    public func graphemeBoundaries(in text: String) -> [Int] {
        var text = text
        return text.withUTF8 { utf8 in
            var boundaries: [Int] = []
            graphemeBreaker.forEachBoundary(in: utf8) { offset, _ in boundaries.append(offset) }
            return boundaries
        }
    }

    /// The `FontID` of entry `index` of `chain`, loading the face on first use. A chain
    /// with no entries (no fonts installed at all) yields a face of no file, whose glyphs
    /// are all .notdef; the conversion still completes and says why.
    func fontID(in chain: FontChain, at index: Int) -> FontID {
        guard index >= 0, index < chain.count else {
            warnNoFonts()
            return faceID(for: FontFile(path: "", index: 0))
        }
        if let id = chain.ids[index] { return id }
        let id = faceID(for: chain.entry(index).file)
        chain.ids[index] = id
        return id
    }

    func warnNoFonts() {
        diagnostics.warnOnce(key: "text.no-fonts", "no fonts were found; text will not be readable",
                             hint: "install fonts (e.g. fonts-dejavu-core) and check `fc-list`")
    }

    /// Loads each file and face index once, whichever chains refer to it.
    func faceID(for file: FontFile) -> FontID {
        if let id = faceIDs[file] { return id }
        precondition(filesRead == nil, "text set after finishLayout")
        let id = FontID(raw: faces.count)
        faces.append(Face(file: file, traits: database.systemFonts))
        faceIDs[file] = id
        return id
    }

    private func language(_ tag: String?) -> hb_language_t? {
        guard let tag, !tag.isEmpty else { return nil }
        if let cached = languages[tag] { return cached }
        let language = hb_language_from_string(tag, Int32(tag.utf8.count))
        languages[tag] = language
        return language
    }

    /// The kind of a break at `offset`, from the characters around it.
    static func breakKind(_ utf8: UnsafeBufferPointer<UInt8>, before offset: Int) -> BreakOpportunity.Kind {
        guard offset > 0 else { return .other }
        // Every Hangul character is three bytes long, led by E1…EF.
        if offset >= 3, offset < utf8.count, (0xE1...0xEF).contains(utf8[offset - 3]), (0xE1...0xEF).contains(utf8[offset]),
           EastAsianText.isHangul(EastAsianText.scalar(at: offset - 3, in: utf8)),
           EastAsianText.isHangul(EastAsianText.scalar(at: offset, in: utf8)) {
            return .withinWord
        }
        let last = utf8[offset - 1]
        if last == 0x20 || last == 0x09 { return .space }
        if last == 0x2D { return .hyphen }                                            // -
        if offset >= 2, utf8[offset - 2] == 0xC2, last == 0xAD { return .soft }        // U+00AD
        if offset >= 3, utf8[offset - 3] == 0xE2, utf8[offset - 2] == 0x80,
           (0x90...0x94).contains(last) { return .hyphen }                               // U+2010…U+2014
        return .other
    }

    /// Line-break opportunities by UAX #14 (ICU), ascending, after offset 0. The end of
    /// the text is always last and marked mandatory (a paragraph's last line must end
    /// there). An empty text has the single entry (0, mandatory).
    func breakOpportunities(in utf8: UnsafeBufferPointer<UInt8>) -> [BreakOpportunity] {
        guard !utf8.isEmpty else { return [BreakOpportunity(offset: 0, mandatory: true)] }
        var breaks: [BreakOpportunity] = []
        lineBreaker.forEachBoundary(in: utf8) { offset, hard in
            breaks.append(BreakOpportunity(offset: offset, mandatory: hard, kind: Self.breakKind(utf8, before: offset)))
        }
        if breaks.last?.offset == utf8.count {
            breaks[breaks.count - 1].mandatory = true
        } else {
            breaks.append(BreakOpportunity(offset: utf8.count, mandatory: true))
        }
        return breaks
    }
}
