import Testing
import MDCore
import MDText
@testable import MDMath
@testable import MDMathLayout

@Test func scratch() {
    let sink = DiagnosticSink()
    let t = MathTypesetter(text: TextContext(diagnostics: sink))
    var m = MathMacros()
    let f = t.font(["Latin Modern Math"])!
    for (s, d) in [("\\sqrt[3]{x}", true), ("\\sqrt{x}", true)] {
        let fm = try! MathParser.parse(s, display: d, macros: &m).formula.get()
        let r = t.typeset(fm, MathSettings(fontFamilies: ["Latin Modern Math"], size: Points(10), textFont: FontSpec(families: ["Noto Serif"]), display: d))
        print(s); print(r?.dump ?? "nil")
    }
    let g = f.glyph(for: 0x221A)!
    for v in f.variants(g, vertical: true) { print("variant", v, f.advance(v.glyph), f.bounds(v.glyph)) }
}
