import MDCore
import Testing
@testable import MDMath

/// The parser's output as dumps of the math list, and its errors with their offsets.
@Suite struct MathParserTests {
    func dump(_ tex: String, display: Bool = false) -> String {
        var macros = MathMacros()
        switch MathParser.parse(tex, display: display, macros: &macros).formula {
        case .success(let f): return f.list.dump
        case .failure(let e): return "error at \(e.offset): \(e.message)"
        }
    }

    func error(_ tex: String, display: Bool = false) -> MathError? {
        var macros = MathMacros()
        if case .failure(let e) = MathParser.parse(tex, display: display, macros: &macros).formula { return e }
        return nil
    }

    @Test func atomsLettersAndOperators() {
        #expect(dump("x+2y-z") == "ord:𝑥 bin:+ ord:2 ord:𝑦 bin:− ord:𝑧")
        #expect(dump("a \\le b, c") == "ord:𝑎 rel:≤ ord:𝑏 punct:, ord:𝑐")
        #expect(dump("\\alpha\\Gamma h") == "ord:𝛼 ord:Γ ord:ℎ")
        #expect(dump("f(x)") == "ord:𝑓 open:( ord:𝑥 close:)")
    }

    @Test func scriptsPrimesAndGroups() {
        #expect(dump("x_i^2") == "ord:𝑥_{ord:𝑖}^{ord:2}")
        #expect(dump("e^{i\\pi}") == "ord:𝑒^{ord:𝑖 ord:𝜋}")
        #expect(dump("f''(x)") == "ord:𝑓^{ord:″} open:( ord:𝑥 close:)")
        #expect(dump("f'^2") == "ord:𝑓^{ord:′ ord:2}")
        #expect(dump("{}_n") == "ord:{}_{ord:𝑛}")
    }

    @Test func fractionsRadicalsAndOperators() {
        #expect(dump("\\frac12") == "inner:frac{ord:1|ord:2}")
        #expect(dump("\\dfrac{a}{b}") == "inner:frac[display]{ord:𝑎|ord:𝑏}")
        #expect(dump("\\binom{n}{k}") == "inner:atop(){ord:𝑛|ord:𝑘}")
        #expect(dump("a \\over b") == "inner:frac{ord:𝑎|ord:𝑏}")
        #expect(dump("\\sqrt[3]{x}") == "ord:sqrt[ord:3]{ord:𝑥}")
        #expect(dump("\\sum_{i=1}^n") == "op:∑_{ord:𝑖 rel:= ord:1}^{ord:𝑛}")
        #expect(dump("\\int\\limits_0^1") == "op:∫\\limits_{ord:0}^{ord:1}")
        #expect(dump("\\lim_{x\\to 0}") == "op:text[mathUpright](lim)_{ord:𝑥 rel:→ ord:0}")
        #expect(dump("\\sin x") == "op:text[mathUpright](sin)\\nolimits ord:𝑥")
    }

    @Test func delimitersAccentsFontsAndText() {
        #expect(dump("\\left( x \\middle| y \\right.") == "inner:left({ord:𝑥|middle||ord:𝑦}right.")
        #expect(dump("\\Big[") == "ord:big2[")
        #expect(dump("\\hat x \\widehat{ab}") == "ord:accent(̂){ord:𝑥} ord:accent(̂,wide){ord:𝑎 ord:𝑏}")
        #expect(dump("\\mathbb{R}\\mathbf{x1}\\mathcal{L}\\mathfrak{g}") == "ord:{ord:ℝ} ord:{ord:𝐱 ord:𝟏} ord:{ord:ℒ} ord:{ord:𝔤}")
        #expect(dump("\\boldsymbol{\\alpha}") == "ord:{ord:𝜶}")
        #expect(dump("\\text{if } x") == "ord:text[text](if ) ord:𝑥")
        #expect(dump("\\operatorname{Tr} A") == "op:text[mathUpright](Tr)\\nolimits ord:𝐴")
        #expect(dump("a\\,b\\quad c") == "ord:𝑎 spacing:space(3) ord:𝑏 spacing:space(18) ord:𝑐")
    }

    @Test func environments() {
        #expect(dump("\\begin{pmatrix} a & b \\\\ c & d \\end{pmatrix}")
                == "inner:left({ord:array[2](ord:𝑎 & ord:𝑏 \\\\ ord:𝑐 & ord:𝑑)}right)")
        #expect(dump("\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{else} \\end{cases}")
                == "inner:left{{ord:array[2](ord:1 & ord:𝑥 rel:> ord:0 \\\\ ord:0 & ord:text[text](else))}right.")
        // aligned: an empty atom starts the cell after `&`, so `=` is spaced as a relation.
        #expect(dump("\\begin{aligned} a &= b \\end{aligned}") == "ord:array[2](ord:𝑎 & ord:{} rel:= ord:𝑏)")
        #expect(error("\\begin{matrix} a \\end{pmatrix}")?.message == "\\begin{matrix} is ended by \\end{pmatrix}")
        #expect(error("\\begin{foo} a \\end{foo}")?.message == "unknown environment 'foo'")
    }

    @Test func displayLinesAndTags() throws {
        var macros = MathMacros()
        let f = try MathParser.parse("a &= b \\tag{A} \\\\ c &= d \\label{x}", display: true, macros: &macros).formula.get()
        #expect(f.isMultiline)
        #expect(f.tags == [EquationTag(row: 0, text: "A", label: nil), EquationTag(row: 1, text: nil, label: "x")])
        let g = try MathParser.parse("E = mc^2 \\label{e}", display: true, macros: &macros).formula.get()
        #expect(!g.isMultiline)
        #expect(g.tags == [EquationTag(row: nil, text: nil, label: "e")])
        let refs = MathParser.parse("\\eqref{e} \\ref{zz}", display: false, macros: &macros,
                                    numbers: EquationNumbers(["e": "4"]))
        #expect(try refs.formula.get().list.dump == "ord:text[text]((4)) ord:text[text](??)")
        #expect(refs.warnings.map(\.message) == ["no equation is labelled 'zz'"])
    }

    @Test func colorsAndStyles() {
        #expect(dump("{\\color{red} x} y") == "ord:{ord:color(255,0,0){ord:𝑥}} ord:𝑦")
        #expect(dump("\\textcolor{#0a58ca}{x}") == "ord:color(10,88,202){ord:𝑥}")
        #expect(dump("\\displaystyle x") == "ord:display{ord:𝑥}")
    }

    /// Macros hold from one formula to the next, with arguments and defaults.
    @Test func macros() throws {
        var macros = MathMacros()
        _ = MathParser.parse("\\newcommand{\\R}{\\mathbb{R}} \\newcommand\\pair[2][a]{(#1, #2)}", display: false, macros: &macros)
        _ = MathParser.parse("\\DeclareMathOperator{\\rank}{rank} \\def\\half#1{\\frac{#1}{2}}", display: false, macros: &macros)
        #expect(macros.names == ["R", "half", "pair", "rank"])
        func parse(_ s: String) throws -> String { try MathParser.parse(s, display: false, macros: &macros).formula.get().list.dump }
        #expect(try parse("\\R^n") == "ord:{ord:ℝ}^{ord:𝑛}")
        #expect(try parse("\\pair{b}") == "open:( ord:𝑎 punct:, ord:𝑏 close:)")
        #expect(try parse("\\pair[c]{d}") == "open:( ord:𝑐 punct:, ord:𝑑 close:)")
        #expect(try parse("\\rank A") == "op:text[mathUpright](rank)\\nolimits ord:𝐴")
        #expect(try parse("\\half x") == "inner:frac{ord:𝑥|ord:2}")
        // A macro that uses itself stops with an error, at its use.
        _ = MathParser.parse("\\newcommand{\\loop}{x\\loop}", display: false, macros: &macros)
        var m2 = macros
        if case .failure(let e) = MathParser.parse("a \\loop", display: false, macros: &m2).formula {
            #expect(e.message == "macro expansion does not end")
            #expect(e.offset == 2)
        } else {
            Issue.record("a self-referencing macro did not fail")
        }
    }

    /// Errors name the offending token's offset, with a hint.
    @Test func errorsAndHints() throws {
        let missing = try #require(error("\\frac{1}{2"))
        #expect(missing.message == "missing } to close this {")
        #expect(missing.offset == 8)
        let unknown = try #require(error("x + \\alpah"))
        #expect(unknown.offset == 4)
        #expect(unknown.hint == "did you mean \\alpha?")
        #expect(error("\\R")?.hint?.contains("\\mathbb{R}") == true)
        #expect(error("x^a^b")?.message == "double superscript")
        #expect(error("\\left( x")?.message == "\\left without \\right")
        #expect(error("x \\right)")?.message == "\\right without \\left")
        #expect(error("a } b")?.message == "unexpected }")
        #expect(error("a & b")?.message == "& is only allowed inside an environment")
        #expect(error("\\frac{a}")?.message == "\\frac is missing an argument")
        #expect(error("\\left\\foo x \\right)")?.message == "\\foo is not a delimiter")
    }

    /// Nesting deeper than the cap is an error, not a crash.
    @Test func deepNestingIsAnError() {
        let deep = String(repeating: "{", count: 5_000) + "x" + String(repeating: "}", count: 5_000)
        #expect(error(deep)?.message == "the formula nests too deeply")
        let scripts = String(repeating: "x^{", count: 3_000) + String(repeating: "}", count: 3_000)
        #expect(error(scripts) != nil)
    }

    /// TeX's rules 5 and 6 turn operators with nothing to operate on into ordinary
    /// atoms; inline breaks come after relations and operators.
    @Test func binaryOperatorsAndBreaks() throws {
        var macros = MathMacros()
        let f = try MathParser.parse("-a + b = c, d := e", display: false, macros: &macros).formula.get()
        #expect(f.list.effectiveKinds() == [.ord, .ord, .bin, .ord, .rel, .ord, .punct, .ord, .rel, .rel, .ord])
        #expect(f.list.breakPoints() == [2, 4, 9])
        #expect(f.plainText == "−a + b = c, d : = e")
    }
}
