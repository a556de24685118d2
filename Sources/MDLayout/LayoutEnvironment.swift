import MDCore
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
    private var fontCache: [FontSpec: FontID] = [:]
    struct HyphenKey: Hashable { var font: FontSpec; var size: Points }
    /// Hyphen glyphs by font and size; `.some(nil)`: the font has none.
    var hyphens: [HyphenKey: ShapedGlyph?] = [:]
    private var metricsCache: [FontID: FontMetrics] = [:]

    init(text: TextContext, diagnostics: DiagnosticSink, language: String?) {
        self.text = text; self.diagnostics = diagnostics; self.language = language
    }

    /// The primary face of a font spec (its metrics size line boxes and decorations).
    func primaryFont(_ f: FontSpec) -> FontID {
        if let id = fontCache[f] { return id }
        let id = text.primaryFont(for: f)
        fontCache[f] = id
        return id
    }

    func metrics(_ f: FontSpec) -> FontMetrics { metrics(primaryFont(f)) }

    func metrics(_ id: FontID) -> FontMetrics {
        if let m = metricsCache[id] { return m }
        let m = text.metrics(of: id)
        metricsCache[id] = m
        return m
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
        if hyphens[key] == nil {
            let text = AttributedText(string: "-", runs: [StyledRun(range: 0..<1, layout: styled.layout, paint: styled.paint)])
            hyphens[key] = .some(self.text.shape("-", runs: shapingRuns(text)).glyphs.first)
        }
        guard var g = hyphens[key]! else { return nil }
        g.run = run
        return g
    }
}
