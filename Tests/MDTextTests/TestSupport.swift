import MDCore
import MDPage
@testable import MDText

/// Fonts these tests pin: installed by the project's setup (fonts-noto-core,
/// fonts-noto-cjk, fonts-dejavu-core, fonts-liberation2, fonts-noto-color-emoji).
let serif = FontSpec(families: ["Noto Serif"])
let dejaVuSerif = FontSpec(families: ["DejaVu Serif"])

/// A fresh context per test: no state leaks between tests.
func makeContext() -> (TextContext, DiagnosticSink) {
    let sink = DiagnosticSink()
    return (TextContext(diagnostics: sink), sink)
}

/// Shapes `text` as one run of `font` at 10 pt.
func shapeOne(_ context: TextContext, _ text: String, _ font: FontSpec = serif,
              features: [FontFeature] = [], language: String? = nil) -> ShapedParagraph {
    context.shape(text, runs: [ShapingRun(range: 0..<text.utf8.count, font: font, size: Points(10),
                                          features: features, language: language)])
}

/// The shaping dump (`ShapedParagraph.dump`), one line per glyph.
func glyphDump(_ paragraph: ShapedParagraph, _ context: TextContext) -> String { paragraph.dump(fonts: context) }

/// The break dump (`ShapedParagraph.breakDump`): `|` soft, `¶` mandatory.
func breakDump(_ paragraph: ShapedParagraph) -> String { paragraph.breakDump() }

/// The file names of the faces used, in order of first use.
func fontsUsed(_ paragraph: ShapedParagraph, _ context: TextContext) -> [String] {
    var seen: [String] = []
    for g in paragraph.glyphs {
        let name = context.file(of: g.font).description
        if !seen.contains(name) { seen.append(name) }
    }
    return seen
}

/// Cluster starts in glyph order, for checking how glyphs map back to the text.
func clusters(_ paragraph: ShapedParagraph) -> [Int] { paragraph.glyphs.map(\.cluster) }
