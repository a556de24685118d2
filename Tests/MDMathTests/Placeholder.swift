import Testing
import MDCore
import MDText
@testable import MDMath
@testable import MDMathLayout

@Test func scratch() {
    let sink = DiagnosticSink()
    let t = MathTypesetter(text: TextContext(diagnostics: sink))
    var m = MathMacros()
    for (s, d) in [("x^2", false), ("\\frac{a}{b}", true), ("\\sqrt{x}", false), ("\\left(\\frac{1}{2}\\right)", true), ("\\sum_{i=1}^n", true)] {
        let f = try! MathParser.parse(s, display: d, macros: &m).formula.get()
        let r = t.typeset(f, MathSettings(fontFamilies: ["Latin Modern Math"], size: Points(10), textFont: FontSpec(families: ["Noto Serif"]), display: d))
        print(s); print(r?.dump ?? "nil")
    }
    let f = t.font(["Latin Modern Math"])!
    print(f.constants)
}
