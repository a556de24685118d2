import MDCore
import MDMathLayout
import MDPage
import MDStyle
import MDText

/// Everything the layout of one document shares: the font system, the line breaker,
/// caches and the diagnostic sink. Passed explicitly; there are no globals.
final class LayoutEnvironment {
    let text: TextContext
    let diagnostics: DiagnosticSink
    let language: String?
    /// Height of the page body: nothing taller than this can be placed (images are scaled to fit).
    var pageBodyHeight = Points(700)
    /// Draw the layout's geometry over the output (`--debug-layout`).
    var debug = false
    /// Digits the contents' page-number column is sized for (3: up to page 999; more
    /// only when a document turns out longer: the contents alone are set again).
    var pageNumberDigits = 3
    /// Width of the page body; nested blocks keep at least a quarter of it.
    var bodyWidth = Points(480)
    /// The document's logical structure, grown as blocks are laid out; items point at its nodes.
    var structure = StructureTree()
    /// Sets formulas (made on first use: documents without math load no math font).
    lazy var math = MathTypesetter(text: text)
    /// The Formula element of each inline formula drawn so far (by `MathObject.id`): its
    /// pieces, on one line or several, are one element.
    var formulaNodes: [Int: StructureID] = [:]
    private var fontCache: [FontSpec: FontID] = [:]
    struct HyphenKey: Hashable { var font: FontSpec; var size: Points }
    /// Hyphen glyphs by font and size; `.some(nil)`: the font has none.
    var hyphens: [HyphenKey: ShapedGlyph?] = [:]
    /// The last hyphen asked for (see `recentFonts`).
    private var recentHyphen = RecentAnswers<HyphenKey, ShapedGlyph?>(capacity: 1)
    /// Metrics by `FontID.raw` (ids are dense indices), nil where not read yet.
    private var metricsCache: [FontMetrics?] = []

    init(text: TextContext, diagnostics: DiagnosticSink, language: String?) {
        self.text = text; self.diagnostics = diagnostics; self.language = language
    }

    /// The fonts looked up last. Lines ask for the font of each run (its metrics, its
    /// hyphen) and most runs have one of a few: specs copied from one theme value share
    /// their arrays, so comparing them is an identity check, where the dictionary hashed
    /// every family name of the spec (1.3 % of the layout thread).
    private var recentFonts = RecentAnswers<FontSpec, FontID>(capacity: 4)

    /// The primary face of a font spec (its metrics size line boxes and decorations).
    func primaryFont(_ f: FontSpec) -> FontID {
        if let id = recentFonts.answer(for: f) { return id }
        let id: FontID
        if let cached = fontCache[f] {
            id = cached
        } else {
            id = text.primaryFont(for: f)
            fontCache[f] = id
        }
        recentFonts.note(id, for: f)
        return id
    }

    func metrics(_ f: FontSpec) -> FontMetrics { metrics(primaryFont(f)) }

    func metrics(_ id: FontID) -> FontMetrics {
        if id.raw < metricsCache.count, let m = metricsCache[id.raw] { return m }
        let m = text.metrics(of: id)
        if id.raw >= metricsCache.count { metricsCache += Array(repeating: nil, count: id.raw + 1 - metricsCache.count) }
        metricsCache[id.raw] = m
        return m
    }

    /// The current top-level block's paragraphs, shaped ahead on another thread
    /// (`ShapingAhead`); empty when none were.
    var shapesAhead = ParagraphShapes()
    /// Paragraphs found shaped ahead so far.
    private(set) var paragraphsShapedAhead = 0

    /// `t` shaped: as shaped ahead when it was, else here.
    func shape(_ t: AttributedText) -> ShapedParagraph {
        let runs = shapingRuns(t)
        if let ahead = shapesAhead.take(t.string, runs: runs) {
            paragraphsShapedAhead += 1
            return text.adopt(ahead, runs: runs)
        }
        return text.shape(t.string, runs: runs)
    }

    /// Shaping runs for attributed text: one per styled run, in the same order.
    func shapingRuns(_ t: AttributedText) -> [ShapingRun] {
        t.runs.map { r in
            ShapingRun(range: r.range, font: r.layout.font, size: r.layout.size,
                       features: r.layout.font.features, language: language)
        }
    }
}

extension LayoutEnvironment {
    /// The hyphen glyph of a styled run's font and size (shaped once per font and size),
    /// carrying `run` as its run index.
    func hyphen(for styled: StyledRun, run: Int) -> ShapedGlyph? {
        let key = HyphenKey(font: styled.layout.font, size: styled.layout.size)
        let found: ShapedGlyph?
        if let recent = recentHyphen.answer(for: key) {
            found = recent
        } else {
            if hyphens[key] == nil {
                let text = AttributedText(string: "-", runs: [StyledRun(range: 0..<1, layout: styled.layout, paint: styled.paint)])
                hyphens[key] = .some(self.text.shape("-", runs: shapingRuns(text)).glyphs.first)
            }
            found = hyphens[key]!
            recentHyphen.note(found, for: key)
        }
        guard var g = found else { return nil }
        g.run = run
        return g
    }
}
