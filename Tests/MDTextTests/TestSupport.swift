import MDCore
import MDPage
@testable import MDText

/// Fonts these tests pin: installed by the project's setup (fonts-noto-core,
/// fonts-noto-cjk, fonts-dejavu-core, fonts-liberation2, fonts-noto-color-emoji).
let serif = FontRequest(families: ["Noto Serif"])
let dejaVuSerif = FontRequest(families: ["DejaVu Serif"])

/// A fresh context per test: no state leaks between tests.
func makeContext() -> (TextContext, DiagnosticSink) {
    let sink = DiagnosticSink()
    return (TextContext(diagnostics: sink), sink)
}

/// Shapes `text` as one run of `font` at 10 pt.
func shapeOne(_ context: TextContext, _ text: String, _ font: FontRequest = serif,
              features: [FontFeature] = [], language: String? = nil) -> ShapedParagraph {
    context.shape(text, runs: [ShapingRun(range: 0..<text.utf8.count, font: font, size: Points(10),
                                          features: features, language: language)])
}

/// One line per glyph: `cluster glyph-id font-file advance [dx,dy] [flags]`, rounded.
func glyphDump(_ paragraph: ShapedParagraph, _ context: TextContext) -> String {
    paragraph.glyphs.map { g in
        var line = "\(g.cluster) g\(g.id) \(context.file(of: g.font)) \(g.advance)"
        if g.dx != .zero || g.dy != .zero { line += " [\(g.dx),\(g.dy)]" }
        if g.rtl { line += " rtl" }
        if g.unsafeToBreak { line += " unsafe" }
        return line
    }.joined(separator: "\n")
}

/// The text with `|` at each soft break opportunity and `¶` at each mandatory one
/// (the text end, always mandatory, included). Newlines show as `⏎`.
func breakDump(_ paragraph: ShapedParagraph) -> String {
    let bytes = Array(paragraph.text.utf8)
    var out = ""
    var start = 0
    for b in paragraph.breaks {
        out += String(decoding: bytes[start..<b.offset], as: UTF8.self).replacingNewlines()
        out += b.mandatory ? "¶" : "|"
        start = b.offset
    }
    return out
}

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

extension String {
    func replacingNewlines() -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "⏎")
    }
}
