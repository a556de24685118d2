import MDCore
import MDPage
import MDStyle
import MDText

/// A short piece of text set on one line without breaking (a list marker, a page
/// number, a header part): shaped once, measured, then placed wherever it goes.
struct ShortText {
    let text: AttributedText
    let shaped: ShapedParagraph
    /// Sum of the glyph advances.
    let width: Points

    init(_ text: AttributedText, env: LayoutEnvironment) {
        self.text = text
        shaped = env.text.shape(text.string, runs: env.shapingRuns(text))
        width = Points(shaped.glyphs.reduce(0) { $0 + $1.advance.value })
    }

    /// The glyph runs with the text starting at `originX` on `baseline`, in visual order,
    /// belonging to `structure` (nil: an artifact, such as a header or footer).
    func items(_ lines: LineBuilder, originX: Points, baseline: Points, structure: StructureID? = nil) -> [PageItem] {
        lines.glyphItems(Array(text.string.utf8), text, glyphs: LineBuilder.visualOrder(shaped.glyphs)[...],
                         textEnd: text.string.utf8.count, originX: originX, baseline: baseline,
                         structure: LineStructure(node: structure))
    }
}
